/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ApiTokenCreate, ApiTokenCreated } from '@contracts/admin/api-tokens';
import { ApiError } from '@contracts/failures';
import { apiTokensMachine, type ApiTokensData } from '@machines/api-tokens/api-tokens.machine';
import { ApiTokensScreen } from '@src/admin/api-tokens/ApiTokensPage';
import { answerCall } from '../support/admin-dialog-host';
import { apiToken, createdToken, tokensData } from '../support/api-token-fixtures';
import { catalogueText } from '../support/catalogue-text';
import { actorDone, actorError, doneEventType, errorEventType } from '../support/controlled-actor';
import { createControlledCall } from '../support/controlled-actor';
import { recordingNotifications } from '../support/recording-ref';
import { renderAdminView } from '../support/render-admin';
import { describeWalks, type WalkEvent } from '../support/walk';

/*
 * Generated walks of the API tokens page (machines/api-tokens; issue 33 item 1) through the real page: the list is
 * read, a new token is made and its value shown once, an active token is revoked after a question. Only the network
 * is fake: each call waits for the walk's answer.
 */

const en = (id: string) => catalogueText('en-us', id);
const down = new ApiError({ status: 503, code: 'unavailable', message: 'down', requestId: 'req-tokens' });
const refused = new ApiError({ status: 400, code: 'validation_failed', message: 'owner refused', requestId: 'r' });
const created = createdToken('Payroll');

const loaded = actorDone('loadTokens', tokensData());
const loadFailed = actorError('loadTokens', down);
const made = actorDone('createToken', created);
const notMade = actorError('createToken', refused);
const revokedDone = actorDone('revokeToken', undefined);
const notRevoked = actorError('revokeToken', down);
const events = [
  loaded,
  loadFailed,
  made,
  notMade,
  revokedDone,
  notRevoked,
  { type: 'tokens.retry' },
  { type: 'create.open' },
  { type: 'create.change', changes: { name: 'Payroll' } },
  { type: 'create.submit' },
  { type: 'create.cancel' },
  { type: 'value.dismiss' },
  { type: 'revoke.ask', id: apiToken().id },
  { type: 'revoke.confirm' },
  { type: 'revoke.cancel' },
] satisfies WalkEvent<typeof apiTokensMachine>[];

function renderPage() {
  const calls = {
    load: createControlledCall<ApiTokensData>(),
    create: createControlledCall<ApiTokenCreated, ApiTokenCreate>(),
    revoke: createControlledCall<undefined, string>(),
  };
  const notifications = recordingNotifications();
  renderAdminView(
    <ApiTokensScreen
      notifications={notifications.ref}
      api={{
        load: () => calls.load.call(undefined),
        create: (body) => calls.create.call(body),
        revoke: async (id) => {
          await calls.revoke.call(id);
        },
      }}
    />,
  );
  return { calls, notifications };
}
type Harness = ReturnType<typeof renderPage>;

const table = () => screen.getByRole('table', { name: en('ApiToken_Text_Title') });
const form = () => screen.getByRole('form', { name: en('ApiToken_Button_New') });
const nameInput = () => within(form()).getByRole('textbox', { name: new RegExp(en('ApiToken_Field_Name')) });

async function expectList() {
  await waitFor(() => {
    expect(within(table()).getByRole('row', { name: /HR feed/ })).toBeInTheDocument();
  });
  expect(within(table()).getByRole('row', { name: /HR feed/ })).toHaveTextContent('AUL__admin@gatehouse.test');
}

describeWalks(apiTokensMachine, {
  title: 'API tokens model walk (issue 33 item 1, through the real page)',
  events,
  scenarios: [
    {
      input: { notifications: recordingNotifications().ref },
      // Only what the machine takes where it is: an answer comes only while its call runs.
      filterEvents: (s, event) => s.can(event as never),
      // A failed save, a cancelled revoke: longer than shortest paths go.
      journeys: [
        [loadFailed, { type: 'tokens.retry' }, loaded],
        [
          loaded,
          { type: 'create.open' },
          { type: 'create.change', changes: { name: 'Payroll' } },
          { type: 'create.submit' },
          notMade,
        ],
        [loaded, { type: 'revoke.ask', id: apiToken().id }, { type: 'revoke.cancel' }],
        [loaded, { type: 'revoke.ask', id: apiToken().id }, { type: 'revoke.confirm' }, notRevoked],
      ],
    },
  ],
  start: renderPage,
  timeout: 30_000,
  states: {
    loading: async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.load.waiting()).toBe(1);
      });
      expect(screen.getByText(en('ApiToken_Text_Loading'))).toBeInTheDocument();
      expect(screen.queryByTestId('api-token-value')).toBeNull();
    },
    ready: async () => {
      await expectList();
      expect(screen.getByRole('button', { name: en('ApiToken_Button_New') })).toBeEnabled();
      expect(screen.queryByRole('form', { name: en('ApiToken_Button_New') })).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    failed: async () => {
      expect(await screen.findByText(en('ApiToken_Text_LoadFailed'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: en('ApiToken_Button_Retry') })).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    },
    'creating.editing': async (s) => {
      await waitFor(() => {
        expect(form()).toBeInTheDocument();
      });
      expect(nameInput()).toHaveValue(s.context.draft.name);
      const create = within(form()).getByRole('button', { name: en('ApiToken_Button_Create') });
      if (s.context.draft.name === '') expect(create).toBeDisabled();
      else expect(create).toBeEnabled();
      expect(screen.queryByRole('button', { name: en('ApiToken_Button_New') })).toBeNull();
    },
    'creating.saving': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.create.waiting()).toBe(1);
      });
      expect(within(form()).getByRole('button', { name: en('ApiToken_Button_Create') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    showingValue: async () => {
      expect(await screen.findByTestId('api-token-value')).toHaveTextContent(created.value);
      expect(screen.getByText(en('ApiToken_Text_ValueOnce'))).toBeInTheDocument();
    },
    confirmingRevoke: async () => {
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent('HR feed');
      expect(within(question).getByRole('button', { name: en('ApiToken_Button_ConfirmRevoke') })).toBeEnabled();
    },
    revoking: async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.revoke.waiting()).toBe(1);
      });
      expect(h.calls.revoke.calls.at(-1)).toBe(apiToken().id);
      expect(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: en('ApiToken_Button_ConfirmRevoke') }),
      ).toBeDisabled();
    },
  },
  executors: {
    [doneEventType('loadTokens')]: ({ event }, h) => answerCall(h.calls.load, { output: event.output }),
    [errorEventType('loadTokens')]: ({ event }, h) => answerCall(h.calls.load, { error: event.error }),
    [doneEventType('createToken')]: ({ event }, h) => answerCall(h.calls.create, { output: event.output }),
    [errorEventType('createToken')]: ({ event }, h) => answerCall(h.calls.create, { error: event.error }),
    [doneEventType('revokeToken')]: (_step, h) => answerCall(h.calls.revoke, { output: undefined }),
    [errorEventType('revokeToken')]: ({ event }, h) => answerCall(h.calls.revoke, { error: event.error }),
    'tokens.retry': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('ApiToken_Button_Retry') }));
    },
    'create.open': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('ApiToken_Button_New') }));
    },
    'create.change': async ({ event }) => {
      await userEvent.clear(nameInput());
      await userEvent.type(nameInput(), event.changes.name ?? '');
    },
    'create.submit': async () => {
      await userEvent.click(within(form()).getByRole('button', { name: en('ApiToken_Button_Create') }));
    },
    'create.cancel': async () => {
      await userEvent.click(within(form()).getByRole('button', { name: en('ApiToken_Button_Cancel') }));
    },
    'value.dismiss': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('ApiToken_Button_Done') }));
    },
    'revoke.ask': async () => {
      await userEvent.click(screen.getByRole('button', { name: `${en('ApiToken_Button_Revoke')} HR feed` }));
    },
    'revoke.confirm': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('ApiToken_Button_ConfirmRevoke') }));
    },
    'revoke.cancel': async () => {
      await userEvent.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: en('ApiToken_Button_Cancel') }),
      );
    },
  },
});
