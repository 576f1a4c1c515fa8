/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { EmailChangeRequested } from '@contracts/my-account';
import { emailChangeMachine, type EmailChangeMachineInput } from '@machines/email-change/email-change.machine';
import { EmailChangeSection } from '@src/profile/EmailChangeSection';
import { answerCall } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  createControlledCall,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { fakePorts } from '../support/fake-ports';
import { renderAdminView } from '../support/render-admin';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

/*
 * Generated walks of "Change e-mail address" on My account (machines/email-change; issue 34 item 5) through the real
 * section: the new address, the code mailed to it, the confirmation; the refusals the person can act on in place.
 * Only the network is fake: each call waits for the walk's answer.
 */

const en = (id: string) => catalogueText('en-us', id);
const problem = (status: number, code: string) => new ApiError({ status, code, message: code, requestId: 'r' });
const asked: EmailChangeRequested = { requestId: 'req-1', expiresAt: '2026-11-30T03:00:00.000Z' };

const requested = actorDone('requestChange', asked);
const tooMany = actorError('requestChange', problem(429, 'rate_limited'));
const ssoRefused = actorError('requestChange', problem(409, 'conflict'));
const requestDown = actorError('requestChange', problem(503, 'unavailable'));
const confirmed = actorDone('confirmChange', undefined);
const wrongCode = actorError('confirmChange', problem(400, 'otp_invalid'));
const taken = actorError('confirmChange', problem(409, 'conflict'));
const confirmDown = actorError('confirmChange', problem(503, 'unavailable'));
const events = [
  requested,
  tooMany,
  ssoRefused,
  requestDown,
  confirmed,
  wrongCode,
  taken,
  confirmDown,
  { type: 'change.start' },
  { type: 'edit', input: 'newEmail', value: 'maria.new@example.test' },
  { type: 'edit', input: 'newEmail', value: 'maria@acme.test' },
  { type: 'edit', input: 'code', value: '123456' },
  { type: 'submit' },
  { type: 'code.request' },
  { type: 'cancel' },
] satisfies WalkEvent<typeof emailChangeMachine>[];

const person = (ssoUser: boolean): EmailChangeMachineInput => ({
  email: 'maria@acme.test',
  ssoUser,
  ports: { notifications: fakePorts().ports.notifications },
});

function renderSection(input: EmailChangeMachineInput | undefined) {
  const calls = {
    request: createControlledCall<EmailChangeRequested, { newEmail: string }>(),
    confirm: createControlledCall<undefined, { requestId: string; code: string }>(),
  };
  renderAdminView(
    <EmailChangeSection
      input={input ?? person(false)}
      api={{
        request: (body) => calls.request.call(body),
        confirm: async (body) => {
          await calls.confirm.call(body);
        },
      }}
    />,
  );
  return { calls };
}
type Harness = ReturnType<typeof renderSection>;

const field = (id: string) => screen.getByLabelText(new RegExp(en(id)));
const button = (id: string) => screen.getByRole('button', { name: en(id) });
const refusalTexts = {
  sameAddress: 'MyAccount_Text_EmailSame',
  taken: 'MyAccount_Text_EmailTaken',
  wrongCode: 'MyAccount_Text_EmailWrongCode',
  rateLimited: 'MyAccount_Text_EmailRateLimited',
  sso: 'MyAccount_Text_EmailSso',
} as const;

/** The refusal the context holds shows as the section's alert, and no other does. */
function expectRefusal(refusal: keyof typeof refusalTexts | undefined) {
  const alert = screen.queryByRole('alert');
  if (refusal === undefined) expect(alert).toBeNull();
  else expect(alert).toHaveTextContent(en(refusalTexts[refusal]));
}

type Snapshot = SnapshotFrom<typeof emailChangeMachine>;

/** What the person can do where they are: an edit only of the input on screen. */
const offered = (s: Snapshot, event: (typeof events)[number]) =>
  s.can(event as never) &&
  (event.type !== 'edit' || (event.input === 'newEmail' ? s.matches('entering') : s.matches('code')));

/** A state as the section shows it: the step, what is typed and what was refused (not which inputs were touched). */
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.email, s.context.newEmail, s.context.code, s.context.refusal]);

describeWalks(emailChangeMachine, {
  title: 'E-mail change model walk (issue 34 item 5, through the real section)',
  events,
  scenarios: [
    {
      name: 'password person',
      input: person(false),
      filterEvents: offered,
      serializeState,
      // "Send a new code" leads back to an address step the shortest paths already reached another way.
      journeys: [
        [
          { type: 'change.start' },
          { type: 'edit', input: 'newEmail', value: 'maria.new@example.test' },
          { type: 'submit' },
          requested,
          { type: 'code.request' },
          { type: 'cancel' },
        ],
        // A submit the rules refuse (nothing typed), a failure that is reported, and Cancel on the code step.
        [
          { type: 'change.start' },
          { type: 'submit' },
          { type: 'edit', input: 'newEmail', value: 'maria.new@example.test' },
          { type: 'submit' },
          requestDown,
          { type: 'submit' },
          requested,
          { type: 'submit' },
          { type: 'edit', input: 'code', value: '123456' },
          { type: 'submit' },
          confirmDown,
          { type: 'cancel' },
        ],
      ],
    },
    { name: 'single-sign-on person', input: person(true), filterEvents: offered, serializeState },
  ],
  start: (scenario) => renderSection(scenario.input),
  timeout: 30_000,
  describeEvent: (event) => ('value' in event ? event.value : 'error' in event ? event.error.code : undefined),
  states: {
    idle: async (s) => {
      expect(await screen.findByText(new RegExp(s.context.email.replace('.', '\\.')))).toBeInTheDocument();
      if (s.context.ssoUser) {
        expect(screen.getByText(en('MyAccount_Text_EmailSso'))).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: en('MyAccount_Button_ChangeEmail') })).toBeNull();
      } else expect(button('MyAccount_Button_ChangeEmail')).toBeEnabled();
      expect(screen.queryByRole('textbox')).toBeNull();
    },
    entering: async (s, h: Harness) => {
      await waitFor(() => {
        expect(field('MyAccount_Field_NewEmail')).toHaveValue(s.context.newEmail);
      });
      expect(h.calls.request.waiting()).toBe(0);
      expectRefusal(s.context.refusal);
    },
    requesting: async (s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.request.waiting()).toBe(1);
      });
      expect(h.calls.request.calls.at(-1)).toEqual({ newEmail: s.context.newEmail.trim() });
      expect(button('MyAccount_Button_SendEmailCode')).toHaveAttribute('aria-busy', 'true');
    },
    code: async (s) => {
      await waitFor(() => {
        expect(field('MyAccount_Field_EmailCode')).toHaveValue(s.context.code);
      });
      expect(screen.getByText(new RegExp(s.context.newEmail.replace('.', '\\.')))).toBeInTheDocument();
      expectRefusal(s.context.refusal);
    },
    confirming: async (s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.confirm.waiting()).toBe(1);
      });
      expect(h.calls.confirm.calls.at(-1)).toEqual({ requestId: 'req-1', code: s.context.code });
      expect(button('MyAccount_Button_ConfirmEmail')).toHaveAttribute('aria-busy', 'true');
    },
    done: async (s) => {
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(s.context.email);
      expect(button('MyAccount_Button_ChangeEmail')).toBeEnabled();
    },
  },
  executors: {
    [doneEventType('requestChange')]: ({ event }, h) => answerCall(h.calls.request, { output: event.output }),
    [errorEventType('requestChange')]: ({ event }, h) => answerCall(h.calls.request, { error: event.error }),
    [doneEventType('confirmChange')]: (_step, h) => answerCall(h.calls.confirm, { output: undefined }),
    [errorEventType('confirmChange')]: ({ event }, h) => answerCall(h.calls.confirm, { error: event.error }),
    'change.start': async () => {
      await userEvent.click(button('MyAccount_Button_ChangeEmail'));
    },
    edit: async ({ event }) => {
      const input = field(event.input === 'newEmail' ? 'MyAccount_Field_NewEmail' : 'MyAccount_Field_EmailCode');
      await userEvent.clear(input);
      await userEvent.type(input, event.value);
    },
    touch: notWalked('a blur only shows the rule’s message: tests/unit/machines/email-change.test.ts'),
    // The step's state is where the submit led: the code's (sent or refused) or the address's.
    submit: async ({ state }) => {
      const onCode = state.matches('confirming') || state.matches('code');
      const id = onCode ? 'MyAccount_Button_ConfirmEmail' : 'MyAccount_Button_SendEmailCode';
      await userEvent.click(button(id));
    },
    'code.request': async () => {
      await userEvent.click(button('MyAccount_Button_NewEmailCode'));
    },
    cancel: async () => {
      await userEvent.click(button('MyAccount_Button_Cancel'));
    },
  },
});
