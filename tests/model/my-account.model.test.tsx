/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ApiError } from '@contracts/failures';
import type { MyAccount } from '@contracts/my-account';
import { goodbyeAddressOf, myAccountMachine } from '@machines/my-account/my-account.machine';
import { MyAccountScreen } from '@src/profile/MyAccountPage';
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
import { describeWalks, type WalkEvent } from '../support/walk';

/*
 * Generated walks of My account (machines/my-account; issue 34 item 3) through the real page: the account is read,
 * the data downloaded as a file, the account closed after the password is asked again (a wrong one refused in place).
 * Only the network and the browser's file saving are fake: each call waits for the walk's answer.
 */

const en = (id: string) => catalogueText('en-us', id);
const down = new ApiError({ status: 503, code: 'unavailable', message: 'down', requestId: 'req-account' });
const wrong = new ApiError({
  status: 400,
  code: 'validation_failed',
  message: 'The password is not right.',
  requestId: 'r',
});
const EXPORT = '{"profile":{"email":"maria@acme.test"}}';

const loaded = actorDone('loadAccount', {
  email: 'maria@acme.test',
  closingAllowed: true,
  ssoUser: false,
} satisfies MyAccount);
const loadFailed = actorError('loadAccount', down);
const downloaded = actorDone('downloadData', undefined);
const notDownloaded = actorError('downloadData', down);
const closed = actorDone('closeAccount', undefined);
const wrongPassword = actorError('closeAccount', wrong);
const events = [
  loaded,
  loadFailed,
  downloaded,
  notDownloaded,
  closed,
  wrongPassword,
  { type: 'retry' },
  { type: 'download' },
  { type: 'close.start' },
  { type: 'password.change', value: 'Gatehouse-demo-2026!' },
  { type: 'close.confirm' },
  { type: 'close.cancel' },
] satisfies WalkEvent<typeof myAccountMachine>[];

function renderPage() {
  const calls = {
    load: createControlledCall<MyAccount>(),
    data: createControlledCall<string>(),
    close: createControlledCall<undefined, { password: string }>(),
  };
  const saved: { fileName: string; text: string }[] = [];
  const fakes = fakePorts();
  renderAdminView(
    <MyAccountScreen
      culture="en-us"
      ports={fakes.ports}
      api={{
        load: () => calls.load.call(undefined),
        data: () => calls.data.call(undefined),
        close: async (body) => {
          await calls.close.call(body);
        },
        save: (fileName, text) => {
          saved.push({ fileName, text });
        },
        // The e-mail section's own walk is tests/model/email-change.model.test.tsx: no call of it here.
        email: { request: () => new Promise(() => undefined), confirm: () => new Promise(() => undefined) },
      }}
    />,
  );
  return { calls, saved, fakes };
}
type Harness = ReturnType<typeof renderPage>;

const dialog = () => screen.getByRole('dialog');
const passwordInput = () => within(dialog()).getByLabelText(new RegExp(en('MyAccount_Field_Password')));
const confirmButton = () => within(dialog()).getByRole('button', { name: en('MyAccount_Button_ConfirmClose') });

describeWalks(myAccountMachine, {
  title: 'My account model walk (issue 34 item 3, through the real page)',
  events,
  scenarios: [
    {
      input: { culture: 'en-us', ports: fakePorts().ports },
      filterEvents: (s, event) => s.can(event as never),
      journeys: [
        [loadFailed, { type: 'retry' }, loaded],
        [loaded, { type: 'download' }, notDownloaded],
        [loaded, { type: 'download' }, downloaded],
        [loaded, { type: 'close.start' }, { type: 'close.cancel' }],
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
      expect(screen.queryByRole('button', { name: en('MyAccount_Button_Download') })).toBeNull();
    },
    loadFailed: async () => {
      expect(await screen.findByText(en('MyAccount_Text_LoadFailed'))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: en('MyAccount_Button_Retry') })).toBeInTheDocument();
    },
    'ready.idle': async (_s, h: Harness) => {
      const download = await screen.findByRole('button', { name: en('MyAccount_Button_Download') });
      expect(download).toBeEnabled();
      expect(screen.getByRole('button', { name: en('MyAccount_Button_Close') })).toBeEnabled();
      expect(screen.queryByRole('dialog')).toBeNull();
      // A finished download handed the file to the browser, once per download that succeeded.
      expect(h.saved.every((file) => file.fileName === 'my-gatehouse-data.json' && file.text === EXPORT)).toBe(true);
    },
    'ready.downloading': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.data.waiting()).toBe(1);
      });
      expect(screen.getByRole('button', { name: en('MyAccount_Button_Download') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
    'ready.confirming': async (s) => {
      await waitFor(() => {
        expect(dialog()).toBeInTheDocument();
      });
      expect(passwordInput()).toHaveValue(s.context.password);
      if (s.context.password === '') expect(confirmButton()).toBeDisabled();
      else expect(confirmButton()).toBeEnabled();
      if (s.context.refusal === 'wrongPassword')
        expect(within(dialog()).getByText(en('MyAccount_Text_WrongPassword'))).toBeInTheDocument();
      else expect(within(dialog()).queryByText(en('MyAccount_Text_WrongPassword'))).toBeNull();
    },
    'ready.closing': async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.calls.close.waiting()).toBe(1);
      });
      expect(h.calls.close.calls.at(-1)).toEqual({ password: 'Gatehouse-demo-2026!' });
      expect(confirmButton()).toHaveAttribute('aria-busy', 'true');
    },
    closed: async (_s, h: Harness) => {
      await waitFor(() => {
        expect(h.fakes.session).toEqual([{ type: 'session.logOut', redirectUrl: goodbyeAddressOf('en-us') }]);
      });
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  },
  executors: {
    [doneEventType('loadAccount')]: ({ event }, h) => answerCall(h.calls.load, { output: event.output }),
    [errorEventType('loadAccount')]: ({ event }, h) => answerCall(h.calls.load, { error: event.error }),
    [doneEventType('downloadData')]: (_step, h) => answerCall(h.calls.data, { output: EXPORT }),
    [errorEventType('downloadData')]: ({ event }, h) => answerCall(h.calls.data, { error: event.error }),
    [doneEventType('closeAccount')]: (_step, h) => answerCall(h.calls.close, { output: undefined }),
    [errorEventType('closeAccount')]: ({ event }, h) => answerCall(h.calls.close, { error: event.error }),
    retry: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('MyAccount_Button_Retry') }));
    },
    download: async () => {
      await userEvent.click(screen.getByRole('button', { name: en('MyAccount_Button_Download') }));
    },
    'close.start': async () => {
      await userEvent.click(screen.getByRole('button', { name: en('MyAccount_Button_Close') }));
    },
    'password.change': async ({ event }) => {
      await userEvent.clear(passwordInput());
      await userEvent.type(passwordInput(), event.value);
    },
    'close.confirm': async () => {
      await userEvent.click(confirmButton());
    },
    'close.cancel': async () => {
      await userEvent.click(within(dialog()).getByRole('button', { name: en('MyAccount_Button_Cancel') }));
    },
  },
});
