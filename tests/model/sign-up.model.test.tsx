/* eslint-disable vitest/no-standalone-expect -- the states and executors run inside each walk's test (describeWalks) */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect } from 'vitest';
import { linkControlsOf, noLinkControls } from '@machines/profile-form/link-controls';
import { ApiError } from '@contracts/failures';
import type { ProfileResult } from '@machines/profile-form/profile-form.types';
import { signUpMachine, type SignUpInput } from '@machines/sign-up/sign-up.machine';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { answerCall } from '../support/admin-dialog-host';
import { actorDone, actorError, doneEventType, errorEventType } from '../support/controlled-actor';
import { fakePorts } from '../support/fake-ports';
import { googleScriptLoads, RECAPTCHA_TOKEN } from '../support/fake-recaptcha';
import {
  anaRegistration,
  answerResource,
  emailResource,
  emptyFormDefinition,
  firstNameField,
  sessionLost,
} from '../support/profile-fixtures';
import {
  dismissModal,
  en,
  expectPreparing,
  fillSecurityStep,
  offline,
  publicConfig,
  recaptcha,
} from '../support/public-page';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, profileCalls } from '../support/shell-api';
import { describeWalks, notWalked } from '../support/walk';

/*
 * Generated walks of the sign-up page's flow (machines/sign-up; spec public-and-profile §2 "Sign-up page", §4
 * "Sign-up", §8) through the real shell at /SignUp/acme: the route starts the flow, which reads config/public, hosts
 * the profile form in Register mode and shows the confirmation. Only the network is fake (profileCalls: config/public,
 * the form's read and the registration wait for the walk), and Google's reCAPTCHA script, which the real captcha
 * widget loads and which here answers every request with a token at once.
 *
 * The profile form's own states are walked in profile-form.model; here one `done.profileForm` is the person's whole
 * registration: the form read, an e-mail and a name typed, Continue, the Security step filled in, Register. The form
 * never fails as an actor (its failures are its own states), so `error.profileForm` is not offered: a crash of it is
 * pinned in tests/unit/machines/sign-up.test.ts.
 */

/** Acme's sign-up form: a required first name. */
const signUpForm = emptyFormDefinition({ fields: [firstNameField({ value: '' })], applications: [] });

const configRead = actorDone('prepare', { captcha: recaptcha, offered: true });
const configFailed = actorError('prepare', offline);
/** The client's resources say it does not offer sign-up (Globex: no AutoSignUp). */
const notOffered = actorDone('prepare', { captcha: recaptcha, offered: false });
/** The form's output: the registration accepted, or nothing (it ended without one). */
const formDone = (output: ProfileResult | undefined) => actorDone('profileForm', output);
const registered = formDone({ kind: 'registered' });
/** The form ended without a registration: the server answered 401 to its read (its one 401 policy ends it). */
const formEnded = formDone(undefined);
const retry = { type: 'retry' as const };

/** The invitation link's token (`st`), and whom GET Encrypt/decrypt says it invites. */
const TOKEN = 'sealed.invitation.token';
const invitationRead = actorDone('readInvitation', { email: 'ana@acme.test' });
const invitationOffline = actorError('readInvitation', offline);
/**
 * The server's refusal of a token that does not open sign-up. It answers a tampered, expired, used, revoked or another
 * client's token alike (tests/server/invitations proves it); each answer differs only in its request id, and the page
 * must show the same for every one.
 */
const refused = (why: string) =>
  actorError(
    'readInvitation',
    new ApiError({
      status: 400,
      code: 'invitation_invalid',
      message: 'This invitation is invalid or has expired.',
      requestId: why,
    }),
  );
const [tampered, expired, used, wrongClient] = ['tampered', 'expired', 'used', 'wrong client'].map(refused) as [
  ReturnType<typeof refused>,
  ReturnType<typeof refused>,
  ReturnType<typeof refused>,
  ReturnType<typeof refused>,
];

/** Every event a walk steps on (`formEnded` is a `registered` without an answer). */
type Walked =
  | typeof configRead
  | typeof notOffered
  | typeof configFailed
  | typeof registered
  | typeof retry
  | typeof invitationRead
  | typeof invitationOffline;

type Scenario = {
  name: string;
  serializeState: (s: { value: unknown }) => string;
  path: string;
  input: SignUpInput;
  events: (s: { value: unknown }) => Walked[];
  journeys?: readonly (readonly Walked[])[];
  /** The form's first read fails: the page's card, then Retry. */
  readFailsOnce?: boolean;
  /** The client does not offer sign-up (its resources' `allowsSignUp` false); Acme does. */
  closed?: boolean;
  /** The site keeps the sign-up's e-mail (SignUp_EmailEditable false, as Umbrella's); Acme lets it be typed. */
  emailKept?: boolean;
};

const inputFor = (overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  clientId: 'acme',
  email: '',
  redirectUrl: undefined,
  link: noLinkControls,
  culture: 'en-us',
  startStep: 0,
  invitation: undefined,
  ports: { notifications: fakePorts().ports.notifications },
  ...overrides,
});
/** What the page can meet in each state: config/public's answer, the person's registration, Retry. */
const allEvents = (s: { value: unknown }): Walked[] =>
  s.value === 'preparing'
    ? [configRead, configFailed]
    : s.value === 'filling'
      ? [registered, formEnded]
      : s.value === 'failed'
        ? [retry]
        : [];
const happyEvents = (s: { value: unknown }): Walked[] =>
  s.value === 'preparing' ? [configRead] : s.value === 'filling' ? [registered] : [];
/** An invitation's link: the token's check first (read, refused, or the server not answering), then the form. */
const invitedEvents = (s: { value: unknown }): Walked[] =>
  s.value === 'checkingInvitation'
    ? [invitationRead, tampered, invitationOffline]
    : s.value === 'filling'
      ? [registered]
      : s.value === 'failed'
        ? [retry]
        : [];

/** A client without sign-up: the page's preparation says so; nothing else can happen there. */
const closedEvents = (s: { value: unknown }): Walked[] => (s.value === 'preparing' ? [notOffered] : []);
/** The page shows its state only: what config/public or the form answered before is not on screen. */
const byState = (s: { value: unknown }) => JSON.stringify(s.value);

function startPage(scenario: Scenario) {
  // What an earlier sign-in left: sign-up clears it on entry (§2).
  storage.write(storageKeys.tokens, '{"accessToken":"old"}');
  storage.write(storageKeys.menu, '[]');
  const calls = profileCalls();
  const resources = answeringApi(() => ({
    inputs: { Instance_Field_Email: emailResource(), Security_Field_Answer: answerResource() },
    // Acme lets a newcomer type the e-mail (spec §5 SignUp_EmailEditable).
    settings: { SignUp_EmailEditable: scenario.emailKept === true ? 'false' : 'true' },
    allowsSignUp: scenario.closed !== true,
  }));
  const shell = renderShell({ path: scenario.path, api: { ...resources.api, ...calls.api } });
  return {
    shell,
    calls,
    user: userEvent.setup({ delay: null }),
    readFailsOnce: scenario.readFailsOnce === true,
    invited: scenario.input.invitation !== undefined,
    /** How the last failure was reported (§8): a snackbar, or the modal of a 401. */
    reported: undefined as 'snackbar' | 'modal' | undefined,
    scenario,
  };
}
type Harness = ReturnType<typeof startPage>;

const pageViews = () => (window.dataLayer ?? []).map((entry) => entry.page);
const loadFailedText = 'The sign-up form could not be loaded.';

/**
 * The page's card when the form cannot be had: its text, Retry, and the client's login page. `behindModal`: the 401's
 * modal is open over the page, which is then out of the accessibility tree until the person closes it.
 */
function expectCannotLoadCard({ behindModal = false } = {}) {
  const card = within(screen.getByText(loadFailedText).closest('[role="alert"]') as HTMLElement);
  expect(card.getByRole('button', { name: 'Retry', hidden: behindModal })).toBeEnabled();
  expect(card.getByRole('link', { name: en('SignUp_Link_Login'), hidden: behindModal })).toHaveAttribute(
    'href',
    '/Login/acme',
  );
}

/** The person registers: the form read, e-mail and name, Continue, the Security step, the captcha, Register. */
async function registerAsAna(harness: Harness) {
  const { calls, user } = harness;
  const link = harness.scenario.input.link;
  if (harness.readFailsOnce) {
    // The form's read fails first: the page's own card, with Retry reading the form again.
    await answerCall(calls.registerForm, { error: offline });
    expect(await screen.findByText(loadFailedText)).toBeInTheDocument();
    expectCannotLoadCard();
    await dismissModal(harness);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
  }
  await answerCall(calls.registerForm, { output: signUpForm });
  const email = await screen.findByRole('textbox', { name: /^Email address/ });
  if (harness.invited) {
    // The invitation fixed the e-mail: prefilled and not editable, although Acme lets newcomers type one.
    expect(email).toHaveValue('ana@acme.test');
    expect(email).toHaveAttribute('readonly');
    // The page says why (issue 29 §7).
    expect(email).toHaveAccessibleDescription('Your invitation is for this address.');
  } else {
    // No e-mail came with the link: it is typed, even where the site keeps a link's e-mail (issue 29 §7).
    if (harness.scenario.emailKept === true) expect(email).not.toHaveAttribute('readonly');
    if ((email as HTMLInputElement).value === '') await user.type(email, 'ana@acme.test');
  }
  const firstName = screen.getByRole('textbox', { name: /^FirstName/ });
  if (link.prefill.FirstName === undefined) await user.type(firstName, 'Ana');
  else {
    // A client application's link (docs/links.md): the name prefilled, kept as it is (DF), the unknown tag named.
    expect(firstName).toHaveValue(link.prefill.FirstName);
    expect(firstName).toHaveAttribute('readonly');
    expect(screen.getByTestId('link-problems')).toHaveTextContent('EF names no field: Nickname');
  }
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await fillSecurityStep(user);
  // The real reCAPTCHA widget asks Google for a token; Register waits for it (§5). An invitation asks for none.
  // (The captcha's configuration, config/public, is never asked for then.)
  if (harness.invited) expect(calls.publicConfig.calls).toHaveLength(0);
  else await googleScriptLoads();
  const register = screen.getByRole('button', { name: en('SignUp_Button_Register') });
  await waitFor(() => {
    expect(register).toBeEnabled();
  });
  await user.click(register);
  await answerCall(calls.register, { output: { accepted: true, applicationHosts: [] } });
}

// The sign-up page is a lazy chunk whose first load in jsdom outlasts Testing Library's wait: loaded beforehand.
beforeAll(preloadLazyChunks, 60_000);

describeWalks(signUpMachine, {
  title: 'sign-up model walk (public-and-profile §2 "Sign-up page", §4, §8), through the real shell at /SignUp',
  events: [] as readonly Walked[],
  scenarios: [
    {
      name: 'at /SignUp/acme',
      path: '/SignUp/acme',
      serializeState: byState,
      input: inputFor(),
      events: allEvents,
      journeys: [
        // Retry after a failed start reads config/public again, a state already reached: shortest paths skip it.
        [configFailed, retry, configRead, registered],
        // The form ends without a registration (a 401 on its read): the page's card, and Retry starts over.
        [configRead, formEnded, retry, configRead],
      ],
    },
    {
      name: 'with an e-mail and a redirect',
      serializeState: byState,
      path: `/SignUp/acme/${encodeURIComponent('ana@acme.test')}/${encodeURIComponent('/board/index')}`,
      input: inputFor({ email: 'ana@acme.test', redirectUrl: '/board/index' }),
      events: happyEvents,
    },
    {
      name: 'from a client application’s link that prefills and disables the name',
      serializeState: byState,
      path: '/SignUp/acme?FirstName=Ana&DF=FirstName&EF=Nickname',
      input: inputFor({ link: linkControlsOf({ FirstName: 'Ana', DF: 'FirstName', EF: 'Nickname' }) }),
      events: happyEvents,
    },
    {
      name: 'with an invitation’s st token',
      serializeState: byState,
      path: `/SignUp/acme?st=${TOKEN}`,
      input: inputFor({ invitation: TOKEN }),
      events: invitedEvents,
      journeys: [
        // The server answers every token that does not open sign-up alike; the page shows the same for each.
        [expired],
        [used],
        [wrongClient],
        // The check could not be made (offline): reported, and Retry checks the token again.
        [invitationOffline, retry, invitationRead, registered],
      ],
    },
    {
      name: 'at /SignUp/globex, a client without sign-up',
      serializeState: byState,
      path: '/SignUp/globex',
      input: inputFor({ clientId: 'globex' }),
      events: closedEvents,
      closed: true,
    },
    {
      // Umbrella's case (issue 29 §7): the site keeps the e-mail, but the login page's "Sign up" brings none, so the
      // required e-mail is typed (registerAsAna types it; a read-only one would leave the registration without it).
      name: 'a site that keeps the e-mail, from a link without one',
      serializeState: byState,
      path: '/SignUp/acme',
      input: inputFor(),
      events: happyEvents,
      emailKept: true,
    },
    {
      name: 'the form’s first read fails',
      serializeState: byState,
      path: '/SignUp/acme',
      input: inputFor(),
      events: happyEvents,
      readFailsOnce: true,
    },
  ] satisfies Scenario[],
  start: (scenario): Harness => startPage(scenario),
  describeEvent: (event) => {
    if (event.type === doneEventType('profileForm')) return event.output === undefined ? 'ended' : 'registered';
    if (event.type === doneEventType('prepare') && !event.output.offered) return 'sign-up not offered';
    if ('error' in event && event.error instanceof ApiError) return `refused (${event.error.requestId})`;
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    starting: notWalked('transient: it moves on at once, to the invitation check or to the captcha configuration'),
    checkingInvitation: async (s, harness) => {
      await expectPreparing('SignUp_Text_Title', harness.calls.invitation);
      // The token is checked for the route's client, before anything about a captcha is read.
      expect(harness.calls.invitation.calls.at(-1)).toEqual({ token: TOKEN, clientId: s.context.clientId });
      expect(harness.calls.publicConfig.waiting()).toBe(0);
      expect(screen.queryByTestId('profile-form')).toBeNull();
    },
    invitationInvalid: async () => {
      // One message for every refused token (docs/links.md "Invitations"), the way to the login, no form, no Retry.
      const notice = within(
        (await screen.findByText(en('SignUp_Text_InvitationInvalid'))).closest('[role="alert"]') as HTMLElement,
      );
      expect(notice.getByRole('link', { name: en('SignUp_Link_Login') })).toHaveAttribute('href', '/Login/acme');
      expect(notice.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByTestId('profile-form')).toBeNull();
      expect(screen.queryByTestId('snackbar')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    notOffered: async () => {
      // The client's answer, not a failure: why there is no form, the client's login, no Retry, nothing reported.
      const notice = within(
        (await screen.findByText(en('SignUp_Text_NotOffered'))).closest('[role="alert"]') as HTMLElement,
      );
      expect(notice.getByRole('link', { name: en('SignUp_Link_Login') })).toHaveAttribute('href', '/Login/globex');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByText(loadFailedText)).toBeNull();
      expect(screen.queryByText('User not found')).toBeNull();
      expect(screen.queryByTestId('profile-form')).toBeNull();
      expect(screen.queryByTestId('snackbar')).toBeNull();
    },
    preparing: async (_s, harness) => {
      await expectPreparing('SignUp_Text_Title', harness.calls.publicConfig);
      // What a sign-in left is gone (§2 "On entry it clears stored login, token and menu data").
      expect(storage.read(storageKeys.tokens)).toBeUndefined();
      expect(storage.read(storageKeys.menu)).toBeUndefined();
      expect(screen.queryByTestId('profile-form')).toBeNull();
    },
    filling: async (s, harness) => {
      // The form in Register mode is reading Acme's form; the page's title stays above it.
      expect(await screen.findByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
      await waitFor(() => {
        expect(harness.calls.registerForm.waiting()).toBe(1);
      });
      expect(harness.calls.registerForm.calls.at(-1)).toBe(s.context.clientId);
      expect(screen.getByRole('heading', { name: en('SignUp_Text_Title') })).toBeInTheDocument();
    },
    confirmed: async (s, harness) => {
      // The confirmation (§2): logo, title, message, instructions and a link; the form is gone.
      const confirmation = await screen.findByRole('heading', { name: en('SignUp_Text_ConfirmationTitle') });
      const card = within(confirmation.closest('[role="status"]') as HTMLElement);
      expect(card.getByRole('img', { name: 'Client logo' })).toBeInTheDocument();
      expect(card.getByText(en('SignUp_Text_ConfirmationMessage'))).toBeInTheDocument();
      expect(card.getByText(en('SignUp_Text_ConfirmationInstructions'))).toBeInTheDocument();
      const link =
        s.context.redirectUrl === undefined
          ? card.getByRole('link', { name: en('SignUp_Link_Login') })
          : card.getByRole('link', { name: en('SignUp_Link_Continue') });
      expect(link).toHaveAttribute('href', s.context.redirectUrl ?? '/Login/acme');
      expect(screen.queryByTestId('profile-form')).toBeNull();
      // What was registered: the e-mail (prefilled or typed), the name, the security answers, Google's token.
      expect(harness.calls.register.calls.at(-1)).toEqual(
        harness.invited ? { ...anaRegistration(''), invitation: TOKEN } : anaRegistration(RECAPTCHA_TOKEN),
      );
      // The registration's page views (§2 "Analytics route names"), in order.
      expect(pageViews().filter((page) => String(page).startsWith('/registration/'))).toEqual([
        '/registration/profile',
        '/registration/security',
        '/registration/confirmation',
      ]);
    },
    failed: async (_s, harness) => {
      expect(await screen.findByText(loadFailedText)).toBeInTheDocument();
      // The failure was reported (§8): config/public's in a snackbar, the 401 in the error modal.
      if (harness.reported === 'snackbar')
        expect(await screen.findByTestId('snackbar')).toHaveTextContent(offline.message);
      else
        expect(await screen.findByRole('alertdialog')).toHaveTextContent(
          'You are not authorized to perform this action.',
        );
      expectCannotLoadCard({ behindModal: harness.reported === 'modal' });
      expect(screen.queryByTestId('profile-form')).toBeNull();
    },
  },
  executors: {
    [doneEventType('prepare')]: (_step, harness) => answerCall(harness.calls.publicConfig, { output: publicConfig }),
    [errorEventType('prepare')]: async ({ event }, harness) => {
      harness.reported = 'snackbar';
      await answerCall(harness.calls.publicConfig, { error: event.error });
    },
    [doneEventType('readInvitation')]: ({ event }, harness) =>
      answerCall(harness.calls.invitation, { output: event.output }),
    [errorEventType('readInvitation')]: async ({ event }, harness) => {
      harness.reported = 'snackbar';
      await answerCall(harness.calls.invitation, { error: event.error });
    },
    [doneEventType('profileForm')]: async ({ event }, harness) => {
      if (event.output !== undefined) return registerAsAna(harness);
      harness.reported = 'modal';
      await answerCall(harness.calls.registerForm, { error: sessionLost() });
    },
    retry: async (_step, harness) => {
      await dismissModal(harness);
      await harness.user.click(await screen.findByRole('button', { name: 'Retry' }));
    },
  },
});
