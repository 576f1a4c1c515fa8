/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import type { InstanceRecord } from '@contracts/instance';
import { editProfileMachine, type EditProfileInput } from '@machines/edit-profile/edit-profile.machine';
import type { ProfileResult } from '@machines/profile-form/profile-form.types';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { answerCall } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import { actorDone, actorError, doneEventType, errorEventType } from '../support/controlled-actor';
import { fakePorts, fakeSession } from '../support/fake-ports';
import {
  answerResource,
  emailResource,
  formDefinition,
  profileIds,
  sessionLost,
  signQuestions,
} from '../support/profile-fixtures';
import { profile } from '../support/profiles';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, profileCalls } from '../support/shell-api';
import { describeWalks, notWalked } from '../support/walk';
import { noLinkControls } from '@machines/profile-form/link-controls';

/*
 * Generated walks of Edit Profile (machines/edit-profile; admin-and-board §2 "Edit Profile (board)", §5, §8,
 * public-and-profile §7 "A refresh of the login is made after editing your own profile") through the real shell at
 * /board/editProfile/{redirectUrl}, María signed in. Only the network and the identity provider are fake: the form's
 * read and save wait for the walk (profileCalls), and so do the token renewal and profile/validate (fakeIdentity).
 *
 * One `done.profileForm` is the person's whole visit to the form: it is read, then the phone number changed and Save
 * pressed (updated), or Cancel pressed, or Save meeting a 401 (nothing: the session has signed out meanwhile). The form
 * never fails as an actor (its failures are its own states), so `error.profileForm` is not offered: a crash of it is
 * pinned in tests/unit/machines/edit-profile.test.ts.
 */

const en = (id: string) => catalogueText('en-us', id);
const maria = profile({ culture: 'en-us' });
/** María as profile/validate answers after her save: the session takes the new name. */
const renamed = profile({ culture: 'en-us', firstName: 'Mariana', fullName: 'Mariana García' });
const NEW_PHONE = '(305) 555-0199';
const offline = new Error('The server is not answering');
const savedRecord = { id: profileIds.instance, version: 4 } as InstanceRecord;

const formDone = (output: ProfileResult | undefined) => actorDone('profileForm', output);
const saved = formDone({ kind: 'updated', record: savedRecord });
/** The form ended with nothing saved: Cancel, or a 401 (which of the two is the session's state, per scenario). */
const endedUnsaved = formDone(undefined);
const refreshed = actorDone('refreshLogin', renamed);
const refreshFailed = actorError('refreshLogin', offline);
type Walked = typeof saved | typeof refreshed | typeof refreshFailed;

type Scenario = {
  name: string;
  /** Where the page was opened from: the route's redirect URL. */
  redirectUrl: string;
  input: EditProfileInput;
  events: Walked[] | ((s: { value: unknown }) => Walked[]);
  journeys?: readonly (readonly Walked[])[];
  /** A Save meets a 401 (the session signs out), instead of Cancel, when the form ends with nothing saved. */
  unauthorised?: boolean;
  /** The form's read fails: the page's error card. */
  readFails?: boolean;
};

const scenario = (
  name: string,
  redirectUrl: string,
  session: 'signedIn' | 'signedOut',
  rest: Omit<Scenario, 'name' | 'redirectUrl' | 'input'>,
): Scenario => ({
  name,
  redirectUrl,
  input: {
    profile: maria,
    redirectUrl,
    culture: 'en-us',
    startStep: 0,
    link: noLinkControls,
    fallback: '/board/index',
    // What the flow asks the session when the form ends unsaved: still signed in (Cancel), or not (a 401).
    ports: { notifications: fakePorts().ports.notifications, session: fakeSession(session).ref },
  },
  ...rest,
});

/** The answers each state can meet: the person's visit to the form, then the login refresh's answer. */
const visit =
  (outcomes: Walked[]) =>
  (s: { value: unknown }): Walked[] =>
    s.value === 'editing' ? outcomes : s.value === 'refreshing' ? [refreshed, refreshFailed] : [];

/** An application's page on Gatehouse's own host (the demo apps): a safe return address, left by a full load. */
const claimsPage = '/demo-apps/claims/42';

function startPage(scenario: Scenario) {
  const calls = profileCalls({ recoveryQuestion: signQuestions[0]?.question ?? null });
  const resources = answeringApi(() => ({
    inputs: { Instance_Field_Email: emailResource(), Security_Field_Answer: answerResource() },
  }));
  const shell = renderShell({
    path: `/board/editProfile/${encodeURIComponent(scenario.redirectUrl)}`,
    api: { ...resources.api, ...calls.api },
    input: { session: { signOutReason: undefined, profile: maria } },
  });
  return {
    shell,
    calls,
    resources,
    user: userEvent.setup({ delay: null }),
    unauthorised: scenario.unauthorised === true,
    readFails: scenario.readFails === true,
    /** A failure the page should have reported in a snackbar, until a state has seen it. */
    failure: undefined as Error | undefined,
  };
}
type Harness = ReturnType<typeof startPage>;

/** The form reads María's form (version 3: her first name and phone number). */
async function formIsRead({ calls }: Harness) {
  await answerCall(calls.instanceForm, { output: formDefinition() });
  await screen.findByTestId('profile-form');
}

/** María changes her phone number and saves. */
async function changePhoneAndSave({ user }: Harness) {
  const phone = screen.getByRole('textbox', { name: /^PhoneNumber/ });
  await user.clear(phone);
  await user.type(phone, NEW_PHONE);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

const returnAddressOf = (s: { context: { redirectUrl: string | undefined } }) =>
  s.context.redirectUrl === claimsPage ? claimsPage : '/board/index';

// The page is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(editProfileMachine, {
  title: 'Edit Profile model walk (admin-and-board §2, §5, §8; public-and-profile §7), through the real shell',
  events: [] as readonly Walked[],
  scenarios: [
    scenario('back to an application page', claimsPage, 'signedIn', {
      events: visit([saved, endedUnsaved]),
      // A refresh that fails leaves as a Cancel does, a state already reached: shortest paths skip it.
      journeys: [[saved, refreshFailed]],
    }),
    // A foreign host may not be followed: Cancel goes to the board instead (§5).
    scenario('from a foreign address', 'https://evil.test/phish', 'signedIn', { events: visit([endedUnsaved]) }),
    scenario('the session is lost', claimsPage, 'signedOut', { events: visit([endedUnsaved]), unauthorised: true }),
    scenario('the form cannot be read', claimsPage, 'signedIn', { events: [], readFails: true }),
  ],
  start: (scenario): Harness => startPage(scenario),
  describeEvent: (event) => {
    if (event.type === doneEventType('profileForm')) return event.output === undefined ? 'unsaved' : 'saved';
    if ('error' in event) return `fails (${event.error.message})`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    checking: notWalked('left at once by an eventless transition: the walks open the page signed in'),
    editing: async (s, harness) => {
      expect(await screen.findByRole('heading', { name: 'Edit your profile' })).toBeInTheDocument();
      await waitFor(() => {
        expect(harness.calls.instanceForm.waiting()).toBe(1);
      });
      // The form reads María's own profile, in Edit mode.
      expect(harness.calls.instanceForm.calls.at(-1)).toBe(maria.userId);
      expect(screen.getByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
      if (!harness.readFails) return;
      // A read that fails (admin-and-board §8): the snackbar under the user-not-found title, and the error card whose
      // link goes back where Save or Cancel would.
      await answerCall(harness.calls.instanceForm, { error: offline });
      const card = await screen.findByRole('alert');
      expect(card).toHaveTextContent(en('Instance_Text_UserNotFound'));
      expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', returnAddressOf(s));
      const snackbar = await screen.findByTestId('snackbar');
      expect(snackbar).toHaveTextContent(en('Instance_Text_UserNotFound'));
      expect(snackbar).toHaveTextContent(offline.message);
      expect(screen.queryByTestId('profile-form')).toBeNull();
    },
    refreshing: async (_s, harness) => {
      // The save is done: the form has left, the page waits while the login is renewed.
      await waitFor(() => {
        expect(harness.shell.identity.renew.waiting()).toBe(1);
      });
      expect(screen.getByLabelText(en('Global_Text_Loading'))).toBeInTheDocument();
      expect(screen.queryByTestId('profile-form')).toBeNull();
      // What was saved: the version read and the fields as María left them; no security change.
      expect(harness.calls.update.calls).toEqual([
        {
          id: maria.userId,
          body: { version: 3, fields: { FirstName: 'María', PhoneNumber: NEW_PHONE } },
        },
      ]);
    },
    leaving: async (s, harness) => {
      const to = returnAddressOf(s);
      // An application's page is a full load; an address of the SPA goes through the router.
      await waitFor(() => {
        if (to === claimsPage) expect(harness.shell.navigation.left).toEqual([claimsPage]);
        else expect(harness.shell.location.history.at(-1)).toBe(to);
      });
      if (s.context.profile?.firstName === renamed.firstName) {
        // Refreshed (public-and-profile §7): profile/validate asked for María's client, and the new profile stored.
        expect(harness.shell.identity.profile.calls).toEqual([
          { clientId: maria.clientId, applicationName: undefined, culture: 'en-us' },
        ]);
        expect(JSON.parse(storage.read(storageKeys.profile) ?? '{}')).toMatchObject({ firstName: 'Mariana' });
      }
      if (harness.failure) {
        // The refresh failed: reported; the save stands and the page still goes back.
        expect(await screen.findByTestId('snackbar')).toHaveTextContent(harness.failure.message);
        expect(harness.calls.update.calls).toHaveLength(1);
      }
    },
    ended: async (_s, harness) => {
      // The one 401 policy: the modal, the session signs out and the login page shows; this page goes nowhere itself.
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        'You are not authorized to perform this action.',
      );
      await answerCall(harness.shell.identity.signOut, { output: undefined });
      await waitFor(() => {
        expect(harness.shell.location.history.at(-1)).toBe('/Login');
      });
      expect(harness.shell.navigation.left).toEqual([]);
      expect(harness.shell.location.history).not.toContain('/board/index');
    },
  },
  executors: {
    [doneEventType('profileForm')]: async ({ event }, harness) => {
      await formIsRead(harness);
      if (event.output !== undefined) {
        await changePhoneAndSave(harness);
        await answerCall(harness.calls.update, { output: savedRecord });
        return;
      }
      if (!harness.unauthorised) {
        await harness.user.click(screen.getByRole('button', { name: 'Cancel' }));
        return;
      }
      // Save meets a 401: the API client tells the session first (src/api/http.ts), then the call fails.
      await changePhoneAndSave(harness);
      act(() => {
        harness.resources.answerUnauthorised();
      });
      await answerCall(harness.calls.update, { error: sessionLost() });
    },
    [doneEventType('refreshLogin')]: async ({ event }, harness) => {
      await answerCall(harness.shell.identity.renew, { output: undefined });
      await answerCall(harness.shell.identity.profile, {
        output: harness.shell.identity.validProfile(event.output),
      });
    },
    [errorEventType('refreshLogin')]: async ({ event }, harness) => {
      harness.failure = event.error;
      await answerCall(harness.shell.identity.renew, { error: event.error });
    },
  },
});
