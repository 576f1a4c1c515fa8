import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { SecurityInput } from '@contracts/forms/profile-rules';
import type { MessageKind } from '@contracts/forms/rules';
import type { FormField } from '@contracts/profile-form';
import type { InstanceRecord } from '@contracts/instance';
import { isNetworkFailure, NetworkError } from '@contracts/failures';
import type { InputFailure } from '@machines/profile-form/profile-draft';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import {
  selectEmailView,
  selectFieldNames,
  selectFieldView,
  selectFooterView,
  selectRoleView,
  selectSecurityLink,
  selectSecurityView,
  selectSteps,
  type StepView,
} from '@machines/profile-form/profile-form.selectors';
import type {
  InputKey,
  ProfileChange,
  ProfileFormInput,
  ProfileLoaded,
  ProfileResult,
  ProfileSaveInput,
} from '@machines/profile-form/profile-form.types';
import { ProfileForm } from '@src/profile/form/ProfileForm';
import type { ProfileFormRef } from '@src/profile/form/profile-form-ref';
import { answerCall, renderDialogHost } from '../support/admin-dialog-host';
import { catalogueText } from '../support/catalogue-text';
import {
  actorDone,
  actorError,
  afterEventType,
  createControlledActor,
  delayEnd,
  doneEventType,
  errorEventType,
} from '../support/controlled-actor';
import { endsUnauthorised, testIdGone } from '../support/editor-walk';
import {
  adminInput,
  agentInput,
  claimsApplication,
  editInput,
  emptyFormDefinition,
  firstNameField,
  formApplication,
  formDefinition,
  formField,
  phoneField,
  profileIds,
  profileLoaded,
  registerInput,
  selectField,
  sessionLost,
  signQuestions,
  staleProfile,
  strongPassword,
  validationRefusal,
} from '../support/profile-fixtures';
import { recordingNotifications } from '../support/recording-ref';
import { describeWalks } from '../support/walk';

/*
 * Generated walks of the profile form engine (machines/profile-form) through the real ProfileForm view: spec
 * public-and-profile §2 "Instance (user profile) form" and "Security form", §4, §5, §6, §8. Four scenarios, one per
 * mode: Register (a small form, the Security step, the captcha), Edit (own profile, the link to Security, a stale save),
 * Agent (a role step per application) and Admin (no Security step).
 *
 * The host is the test's: the form runs as its own actor with controlled `load` and `save`, and the view shows it while
 * it runs (as the sign-up page and Edit Profile do). Two slots the hosts fill are stand-ins here, each a button that
 * sends what the real one sends: the Register footer's captcha (the real widget is not for jsdom: src/ui/captcha,
 * tests/dom/captcha.test.tsx; it hands its token to the form as an `edit` captcha change) and the host's load-failure
 * card with its Retry (the real cards are walked in sign-up.model and edit-profile.model).
 *
 * How the walks stay equal to what the person does: leaving an input sends `touch`, so an input's value is edited only
 * once it has been touched (by leaving it, or by a refused Continue or Save), and a `touch` executor clicks into the
 * input and then on the page. Every later blur is then a touch the draft already has.
 */

type Snapshot = SnapshotFrom<typeof profileFormMachine>;
const en = (id: string) => catalogueText('en-us', id);
const graphNotifications = recordingNotifications().ref;

// ---------------------------------------------------------------------------------------------------------------
// Forms, answers and the person's changes.

const memberIdField = formField({
  fieldName: 'MemberId',
  mandatory: true,
  validationRegex: '[A-Z]{2}\\d{4}',
  validationMessage: 'Two capital letters and four digits, as on your card.',
  dataLength: 6,
});
const planField = selectField('Plan', ['Gold', 'Silver'], { mandatory: true, displayOrder: 1 });
const newsletterField = formField({ fieldName: 'Newsletter', dataType: 'CHECKBOX', dataLength: 1, displayOrder: 2 });
/** Sign-up's form: a required text with a format, a required select of two options, an optional checkbox. */
const registerLoaded = profileLoaded({
  form: emptyFormDefinition({ fields: [memberIdField, planField, newsletterField], applications: [] }),
});
/** Maria's own form (version 3), her recovery question set. */
const mariaLoaded = profileLoaded({ currentQuestion: signQuestions[0]?.question ?? null });
/** Maria's form as someone else saved it meanwhile (version 4): what "reload theirs" and "keep mine" read. */
const theirsLoaded = profileLoaded({
  form: formDefinition({ version: 4, fields: [firstNameField({ value: 'Mariana' }), phoneField()] }),
  currentQuestion: signQuestions[0]?.question ?? null,
});
/**
 * The agent's view of Maria: two applications, Benefits Center's roles from its role URL (its Admin excluded by the
 * site rules), Claims Portal's fallback.
 */
const agentLoaded = profileLoaded({
  form: formDefinition({ applications: [formApplication({ excludedRoles: ['Admin'] }), claimsApplication()] }),
  roleOptions: {
    [profileIds.benefits]: [
      { key: 'Member', caption: 'Member' },
      { key: 'Manager', caption: 'Manager' },
      { key: 'Admin', caption: 'Administrator' },
    ],
    [profileIds.claims]: [{ key: 'Viewer', caption: 'Viewer' }],
  },
});
/** The administrator's view: one application, no Security step, so no questions are read. */
const adminLoaded = profileLoaded({
  questions: [],
  roleOptions: {
    [profileIds.benefits]: [
      { key: 'Member', caption: 'Member' },
      { key: 'Manager', caption: 'Manager' },
    ],
  },
});

const MEMBER_ID_WRONG = 'ab12';
const MEMBER_ID = 'AB1234';
const MEMBER_ID_OTHER = 'CD5678';
const MISMATCH = 'Sunrise2025';
const QUESTION = signQuestions[0]?.question ?? '';
const ANSWER = 'Guadalajara';
const PHONE_WRONG = '555-0199';
const PHONE = '(305) 555-0199';
const CAPTCHA_TOKEN = 'captcha-solved';

const edit = (changes: ProfileChange) => ({ type: 'edit' as const, changes });
const fieldEdit = (name: string, value: string) => edit({ kind: 'field', name, value });
const touch = (input: InputKey) => edit({ kind: 'touch', input });
const securityEdit = (input: SecurityInput, value: string) => edit({ kind: 'security', input, value });
const next = edit({ kind: 'next' });
const stepTo = (to: number) => edit({ kind: 'step', to });
const captchaSolved = edit({ kind: 'captcha', token: CAPTCHA_TOKEN });
const chooseRole = (applicationId: string, value: string) => edit({ kind: 'role', applicationId, value });
const save = { type: 'save' as const };
const cancel = { type: 'cancel' as const };
const reload = { type: 'reload' as const };
const keepMine = { type: 'keepMine' as const };

const read = (loaded: ProfileLoaded) => actorDone('load', loaded);
const offline = new Error('The server is not answering');
const loadFailed = actorError('load', offline);
/** Issue 29 §3: a read that gets no answer at all (the HTTP port's NetworkError), then the read again by itself. */
const noAnswer = actorError('load', new NetworkError('Failed to fetch'));
const OFFLINE = 'profileForm.offline';
const readAgain = delayEnd('networkRetry', OFFLINE);
const saveAnswer = (result: ProfileResult) => actorDone('save', result);
const registered = saveAnswer({ kind: 'registered' });
/** An update accepted; the record is the server's (the form reads only that it was saved). */
const updated = (version: number) =>
  saveAnswer({ kind: 'updated', record: { id: profileIds.instance, version } as InstanceRecord });
const saveFailed = actorError('save', offline);
/** The server refuses the member id (someone registered with it): a 400 naming the input. */
const memberIdTaken = actorError(
  'save',
  validationRefusal([{ field: 'body.fields.MemberId', message: 'is already used' }]),
);
const stale = actorError('save', staleProfile());
const lost = actorError('save', sessionLost());

/** Every event a walk steps on: the person's, and the answers of the two calls. */
type Walked =
  | ReturnType<typeof edit>
  | typeof save
  | typeof cancel
  | typeof reload
  | typeof keepMine
  | ReturnType<typeof read>
  | ReturnType<typeof updated>
  | typeof loadFailed
  | typeof noAnswer
  | typeof readAgain
  | typeof saveFailed
  | typeof memberIdTaken;

// ---------------------------------------------------------------------------------------------------------------
// What each scenario offers: only what the person can do on screen, in a few orders, and answers to the call in flight.

const touchedIn = (s: Snapshot, key: InputKey) => s.context.draft.touched[key] === true;
const noneTouched = (s: Snapshot) => Object.keys(s.context.draft.touched).length === 0;
const canGoNextStep = (s: Snapshot) => selectSteps(s)[s.context.draft.step + 1]?.reachable === true;

function registerOffers(s: Snapshot): Walked[] {
  if (s.matches('loading')) return [read(registerLoaded), loadFailed];
  const { values, security, step, captchaToken, refused } = s.context.draft;
  // The server refuses the first member id only.
  if (s.matches('saving'))
    return values.MemberId === MEMBER_ID ? [registered, saveFailed, memberIdTaken] : [registered];
  if (!s.matches('editing')) return [];
  if (step === 0) {
    const memberId = values.MemberId ?? '';
    return [
      ...(noneTouched(s) ? [touch('fields.MemberId')] : []),
      ...(touchedIn(s, 'fields.MemberId') && memberId === '' ? [fieldEdit('MemberId', MEMBER_ID_WRONG)] : []),
      ...(touchedIn(s, 'fields.Plan') && memberId === MEMBER_ID_WRONG ? [fieldEdit('MemberId', MEMBER_ID)] : []),
      ...(memberId === MEMBER_ID && values.Newsletter !== 'true' ? [fieldEdit('Newsletter', 'true')] : []),
      ...(values.Newsletter === 'true' && values.Plan === '' ? [fieldEdit('Plan', 'Gold')] : []),
      // After the server refused the member id, another one clears its refusal.
      ...(refused['fields.MemberId'] ? [fieldEdit('MemberId', MEMBER_ID_OTHER)] : []),
      // Continue on an untouched step, on a wrong member id, and once the step is valid.
      ...(noneTouched(s) || (memberId === MEMBER_ID_WRONG && !touchedIn(s, 'fields.Plan')) || canGoNextStep(s)
        ? [next]
        : []),
    ];
  }
  const allShown = touchedIn(s, 'security.password');
  const complete = security.securityAnswer !== '';
  return [
    ...(captchaToken === undefined ? [captchaSolved] : []),
    // Register once with nothing typed (every message shows), and once everything is filled in.
    ...(captchaToken !== undefined && (!allShown || complete) ? [save] : []),
    ...(allShown && security.password === '' ? [securityEdit('password', strongPassword)] : []),
    ...(security.password !== '' && security.confirmPassword === '' ? [securityEdit('confirmPassword', MISMATCH)] : []),
    ...(security.confirmPassword === MISMATCH ? [securityEdit('confirmPassword', strongPassword)] : []),
    ...(security.confirmPassword === strongPassword && security.securityQuestion === ''
      ? [securityEdit('securityQuestion', QUESTION)]
      : []),
    ...(security.securityQuestion !== '' && !complete ? [securityEdit('securityAnswer', ANSWER)] : []),
  ];
}

function editOffers(s: Snapshot): Walked[] {
  if (s.matches('loading')) return [read(mariaLoaded)];
  if (s.matches('saving')) return [updated(4), stale, lost];
  if (!s.matches('editing')) return [];
  const { values, security, step } = s.context.draft;
  const phone = values.PhoneNumber ?? '';
  if (step === 0) {
    const fresh = noneTouched(s);
    return [
      ...(fresh ? [touch('fields.PhoneNumber'), stepTo(1), cancel] : []),
      ...(touchedIn(s, 'fields.PhoneNumber') && phone === phoneField().value
        ? [fieldEdit('PhoneNumber', PHONE_WRONG)]
        : []),
      // A Save with a wrong number shows every message instead of sending; a right one is sent.
      ...(phone === PHONE_WRONG && !touchedIn(s, 'email') ? [fieldEdit('PhoneNumber', PHONE), save] : []),
      ...(phone === PHONE ? [save] : []),
    ];
  }
  // The Security step, reached by its link: a new password alone, then Save (Edit needs the current one, §4).
  return [
    ...(noneTouched(s) ? [touch('security.password')] : []),
    ...(touchedIn(s, 'security.password') && security.password === ''
      ? [securityEdit('password', strongPassword)]
      : []),
    ...(security.password !== '' && !touchedIn(s, 'security.currentPassword') ? [save] : []),
  ];
}

function agentOffers(s: Snapshot): Walked[] {
  if (s.matches('loading')) return [read(agentLoaded)];
  if (s.matches('saving')) return [updated(4)];
  if (!s.matches('editing')) return [];
  const { step, roles } = s.context.draft;
  const manager = roles[profileIds.benefits] === 'Manager';
  return [
    ...(step === 0 ? [cancel] : []),
    ...(step === 1 && !manager ? [chooseRole(profileIds.benefits, 'Manager')] : []),
    // Through the stepper, one step at a time, Benefits Center's role chosen on the way; Save on the last step.
    ...(step < 3 && (step !== 1 || manager) ? [stepTo(step + 1)] : []),
    ...(step === 3 ? [save] : []),
  ];
}

function adminOffers(s: Snapshot): Walked[] {
  if (s.matches('loading')) return [read(adminLoaded)];
  if (s.matches('saving')) return [updated(4)];
  if (!s.matches('editing')) return [];
  const { step, roles } = s.context.draft;
  const manager = roles[profileIds.benefits] === 'Manager';
  return [
    ...(step === 0 && !manager ? [next] : []),
    ...(step === 1 && !manager ? [chooseRole(profileIds.benefits, 'Manager')] : []),
    ...(step === 1 && manager ? [stepTo(0)] : []),
    ...(step === 0 && manager ? [save] : []),
  ];
}

/** Keys in order: two drafts that touched the same inputs in another order look alike. */
const sortedKeys = (record: object) => Object.keys(record).sort();

/** Everything the person can see differ (the captcha's round is not on screen). */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    version: s.context.loaded?.form.version ?? null,
    draft: {
      ...s.context.draft,
      captchaRound: undefined,
      touched: sortedKeys(s.context.draft.touched),
      refused: sortedKeys(s.context.draft.refused),
    },
  });

// ---------------------------------------------------------------------------------------------------------------
// The host: the form while it runs, with the stand-ins of its host's captcha and load-failure card.

/** Stands in for the real captcha widget (not for jsdom): it hands a token to the form as the widget does. */
function CaptchaStandIn({ formRef }: { formRef: ProfileFormRef }) {
  return (
    <button
      type="button"
      onClick={() => {
        formRef.send({ type: 'edit', changes: { kind: 'captcha', token: CAPTCHA_TOKEN } });
      }}
    >
      Solve the captcha (stand-in)
    </button>
  );
}

/** Stands in for the host's error card: the form could not be read, and Retry reads it again. */
function LoadFailureCard({ formRef }: { formRef: ProfileFormRef }) {
  return (
    <div role="alert" data-testid="load-failure">
      <p>The form could not be read (the host&apos;s card).</p>
      <button
        type="button"
        onClick={() => {
          formRef.send({ type: 'reload' });
        }}
      >
        Retry
      </button>
    </div>
  );
}

/** The form as its hosts show it: only while its actor runs. */
function FormHost({ formRef }: { formRef: ProfileFormRef }) {
  const open = useSelector(formRef, (s) => s.status === 'active');
  return open ? (
    <ProfileForm
      formRef={formRef}
      loadFailure={<LoadFailureCard formRef={formRef} />}
      captcha={<CaptchaStandIn formRef={formRef} />}
    />
  ) : null;
}

function startForm(input: ProfileFormInput) {
  const calls = {
    load: createControlledActor<ProfileLoaded, unknown>(),
    save: createControlledActor<ProfileResult, ProfileSaveInput>(),
  };
  const unauthorisedPolicy = vi.fn();
  const { dialogRef } = renderDialogHost({
    logic: profileFormMachine.provide({
      actors: { load: calls.load.logic as never, save: calls.save.logic },
      actions: { unauthorised: unauthorisedPolicy },
    }),
    input: (notifications) => ({ ...input, notifications }),
    view: (formRef) => <FormHost formRef={formRef} />,
  });
  return {
    formRef: dialogRef,
    calls,
    unauthorisedPolicy,
    user: userEvent.setup({ delay: null }),
    /** A failure that should be reported in a snackbar, until a state has seen it. */
    failure: undefined as unknown,
    /** What the form last showed per input: what a save must send. */
    seen: {} as Partial<Record<InputKey, string>>,
  };
}
type Harness = ReturnType<typeof startForm>;

// ---------------------------------------------------------------------------------------------------------------
// Reading the form as a person does: by labels, roles and texts.

const stepTitle = (step: StepView) =>
  step.kind === 'profile'
    ? en('Instance_Text_StepProfile')
    : step.kind === 'security'
      ? en('Instance_Text_StepSecurity')
      : (step.applicationName ?? '');
const named = (label: string) => new RegExp(`^${label}`);
const securityLabels: Record<SecurityInput, string> = {
  currentPassword: en('Security_Field_CurrentPassword'),
  password: en('Security_Field_Password'),
  confirmPassword: en('Security_Field_ConfirmPassword'),
  securityQuestion: en('Security_Field_Question'),
  securityAnswer: en('Security_Field_Answer'),
};

/** A field's control by its caption (the field name: no FormField_Name label in the test catalogue). */
function fieldControl(field: FormField): HTMLElement {
  const name = named(field.fieldName);
  if (field.dataType === 'SELECT') return screen.getByRole('combobox', { name });
  if (field.dataType === 'CHECKBOX') return screen.getByRole('checkbox', { name });
  return screen.getByRole('textbox', { name });
}
/** A security input by its label (password inputs have no role). */
const securityControl = (input: SecurityInput): HTMLElement =>
  input === 'securityQuestion'
    ? screen.getByRole('combobox', { name: named(securityLabels.securityQuestion) })
    : screen.getByLabelText(named(securityLabels[input]));
const roleControl = (applicationName: string) => screen.getByRole('combobox', { name: `Role in ${applicationName}` });
const emailControl = () => screen.getByRole('textbox', { name: named(en('Instance_Field_Email')) });

/** The message under a control: the error text of the field it belongs to, or undefined. */
const messageOf = (control: HTMLElement) =>
  control.closest('[role="group"]')?.querySelector('[data-part="error-text"]')?.textContent ?? undefined;

const sharedMessage: Record<MessageKind, string> = {
  required: 'Global_Text_VMRequired',
  minLength: 'Global_Text_VMMinLength',
  maxLength: 'Global_Text_VMMaxLength',
  dataLength: 'Global_Text_VMMaxLength',
  pattern: 'Global_Text_VMPattern',
  email: 'Global_Text_VMEmail',
  invalid: 'Global_Text_VMDefault',
  futureDob: 'Global_Text_VMFutureDob',
  futureDate: 'Global_Text_VMFutureDate',
  minAge: 'Global_Text_VMMinAge',
  minHeight: 'Global_Text_VMMinHeight',
  maxHeight: 'Global_Text_VMMaxHeight',
  personalPassword: 'Global_Text_VMPasswordPersonal',
  commonPassword: 'Global_Text_VMPasswordCommon',
  breachedPassword: 'Global_Text_VMPasswordBreached',
};
/** The text a shown failure must read (spec §5): required is the shared label; other kinds prefer the field's own. */
function expectedText(failure: InputFailure | undefined, input?: SecurityInput): string | undefined {
  if (failure === undefined) return undefined;
  if (failure.kind === 'invalidResource') return en('Global_Error_InvalidResource');
  if (input === 'confirmPassword' && failure.kind === 'invalid') return en('Global_Text_VMPasswordMismatch');
  if (failure.kind === 'required') return en(sharedMessage.required);
  return failure.message ?? en(sharedMessage[failure.kind]);
}
const valueOf = (control: HTMLElement) =>
  control instanceof HTMLInputElement && control.type === 'checkbox'
    ? String(control.checked)
    : (control as HTMLInputElement | HTMLSelectElement).value;

/** The stepper: every step in order, the current one marked, the ones the person may not choose disabled. */
function expectStepper(s: Snapshot) {
  const steps = selectSteps(s);
  const nav = screen.queryByRole('navigation', { name: 'Steps' });
  if (steps.length < 2) {
    expect(nav).toBeNull();
    return;
  }
  const buttons = within(nav as HTMLElement).getAllByRole<HTMLButtonElement>('button');
  expect(buttons.map((button) => button.textContent)).toEqual(
    steps.map((step, index) => `${String(index + 1)}. ${stepTitle(step)}`),
  );
  steps.forEach((step, index) => {
    expect(buttons[index]?.getAttribute('aria-current')).toBe(step.current ? 'step' : null);
    expect(buttons[index]?.disabled).toBe(!step.current && !step.reachable);
  });
  const current = steps.find((step) => step.current);
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(current ? stepTitle(current) : '');
}

/** The Profile step: the e-mail and every field the viewer sees, with its value, lock and shown message. */
function expectProfileStep(s: Snapshot, harness: Harness) {
  const email = selectEmailView(s);
  expect(emailControl()).toHaveValue(email.value);
  expect(emailControl().hasAttribute('readonly')).toBe(!email.editable);
  expect(messageOf(emailControl())).toBe(expectedText(email.failure));
  harness.seen.email = email.value;
  for (const name of selectFieldNames(s)) {
    const view = selectFieldView(s, name);
    if (view === undefined) throw new Error(`no view of ${name}`);
    const control = fieldControl(view.field);
    expect(valueOf(control)).toBe(view.field.dataType === 'CHECKBOX' ? String(view.value === 'true') : view.value);
    if (view.field.dataType === 'NVARCHAR') expect(control.hasAttribute('readonly')).toBe(view.readOnly);
    if (view.field.dataType === 'SELECT') expect((control as HTMLSelectElement).disabled).toBe(view.readOnly);
    expect(messageOf(control)).toBe(expectedText(view.failure));
    harness.seen[`fields.${name}`] = view.value;
  }
  // Edit mode's link to the Security step (§2), only there.
  const link = screen.queryByRole('button', { name: 'Change your password or security question' });
  expect(link !== null).toBe(selectSecurityLink(s) !== undefined);
}

/** The Security step: the inputs of the mode, their values, their shown messages, the questions offered. */
function expectSecurityStep(s: Snapshot, harness: Harness) {
  const view = selectSecurityView(s);
  for (const input of Object.keys(securityLabels) as SecurityInput[]) {
    const shown = view.inputs.includes(input);
    expect(screen.queryByLabelText(named(securityLabels[input])) !== null).toBe(shown);
    if (!shown) continue;
    const control = securityControl(input);
    expect(valueOf(control)).toBe(view.values[input]);
    expect(messageOf(control)).toBe(expectedText(view.failures[input], input));
    expect((control as HTMLInputElement).disabled).toBe(view.disabled);
    harness.seen[`security.${input}`] = view.values[input];
  }
  const questions = within(securityControl('securityQuestion')).getAllByRole('option');
  expect(questions.map((option) => option.textContent)).toEqual([
    'Choose a question',
    ...view.questions.map((question) => question.question),
  ]);
}

/** A role step: the roles offered (the site rules' exclusions left out) and the one chosen. */
function expectRoleStep(s: Snapshot, harness: Harness, applicationId: string) {
  const view = selectRoleView(s, applicationId);
  if (view === undefined) throw new Error(`no role step of ${applicationId}`);
  const control = roleControl(view.applicationName);
  expect(control).toHaveValue(view.value);
  expect(
    within(control)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['No role', ...view.options.map((option) => option.caption)]);
  expect((control as HTMLSelectElement).disabled).toBe(view.disabled);
  harness.seen[`roles.${applicationId}`] = view.value;
}

/**
 * A footer button by its text. Why not by its accessible name: a button that shows it is busy (Chakra's `loading`)
 * keeps its text on screen under the spinner but out of the accessibility tree.
 */
const footerButton = (name: string) =>
  screen
    .queryAllByRole<HTMLButtonElement>('button', { hidden: true })
    .find((button) => button.closest('nav') === null && button.textContent === name) ?? null;
const saveName = (s: Snapshot) =>
  selectFooterView(s).save.kind === 'register' ? en('SignUp_Button_Register') : 'Save';

/** The footer (§2): which of Back, Cancel, Continue and Save or Register show and work, and the captcha's place. */
function expectFooter(s: Snapshot) {
  const footer = selectFooterView(s);
  const buttons = [
    ['Back', footer.back],
    ['Cancel', footer.cancel],
    ['Continue', footer.next],
    [saveName(s), footer.save],
  ] as const;
  for (const [name, button] of buttons) {
    const found = footerButton(name);
    expect({ name, shown: found !== null }).toEqual({ name, shown: button.show });
    if (found) expect({ name, disabled: found.disabled }).toEqual({ name, disabled: button.disabled });
  }
  expect(screen.queryByRole('button', { name: 'Solve the captcha (stand-in)' }) !== null).toBe(footer.captcha);
}

/** The whole form as the machine says it is: stepper, the step on screen, the footer. */
/** The form busy on Save (its button says so, the draft still on screen) while one call waits for the walk. */
async function expectBusyAwaiting(s: Snapshot, harness: Harness, call: { waiting(): number }) {
  expect(saveButton(s)).toHaveAttribute('aria-busy', 'true');
  await expectForm(s, harness);
  await waitFor(() => {
    expect(call.waiting()).toBe(1);
  });
}

async function expectForm(s: Snapshot, harness: Harness) {
  await screen.findByTestId('profile-form');
  await waitFor(() => {
    expectStepper(s);
    const step = selectSteps(s)[s.context.draft.step];
    if (step?.kind === 'profile') expectProfileStep(s, harness);
    if (step?.kind === 'security') expectSecurityStep(s, harness);
    if (step?.kind === 'roles') {
      const application = s.context.loaded?.form.applications.find(
        (app) => app.applicationName === step.applicationName,
      );
      expectRoleStep(s, harness, application?.applicationId ?? '');
    }
    expectFooter(s);
  });
  // The person's actions caused exactly the walk's events: the running form holds the same draft.
  expect({ ...harness.formRef.getSnapshot().context.draft, captchaRound: 0 }).toEqual({
    ...s.context.draft,
    captchaRound: 0,
  });
}

const staleText = 'Someone saved this profile after you opened it. Reload their version, or keep yours.';
/** The Save or Register button, which must be on screen. */
const saveButton = (s: Snapshot) => {
  const button = footerButton(saveName(s));
  if (button === null) throw new Error(`no ${saveName(s)} button`);
  return button;
};

/** A reported failure: the snackbar under its title with the server's message, once, right after it came. */
async function expectReported(harness: Harness, title: string) {
  const snackbar = await screen.findByTestId('snackbar');
  expect(snackbar).toHaveTextContent(title);
  expect(snackbar).toHaveTextContent((harness.failure as Error).message);
  harness.failure = undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Acting as a person would.

async function change(changes: ProfileChange, s: Snapshot, harness: Harness) {
  const { user } = harness;
  switch (changes.kind) {
    case 'field': {
      const field = s.context.loaded?.form.fields.find((candidate) => candidate.fieldName === changes.name);
      if (field === undefined) throw new Error(`no field ${changes.name}`);
      const control = fieldControl(field);
      if (field.dataType === 'SELECT') await user.selectOptions(control, changes.value);
      else if (field.dataType === 'CHECKBOX') await user.click(control);
      else {
        await user.clear(control);
        await user.type(control, changes.value);
      }
      return;
    }
    case 'security': {
      const control = securityControl(changes.input);
      if (changes.input === 'securityQuestion') await user.selectOptions(control, changes.value);
      else {
        await user.clear(control);
        await user.type(control, changes.value);
      }
      return;
    }
    case 'touch': {
      // Into the input, then out of it onto the page.
      const [kind, name = ''] = changes.input.split('.') as [string, string | undefined];
      const field = s.context.loaded?.form.fields.find((candidate) => candidate.fieldName === name);
      const control =
        kind === 'security' ? securityControl(name as SecurityInput) : field ? fieldControl(field) : emailControl();
      if (document.activeElement !== control) await user.click(control);
      await user.click(document.body);
      return;
    }
    case 'role': {
      const application = s.context.loaded?.form.applications.find(
        (app) => app.applicationId === changes.applicationId,
      );
      await user.selectOptions(roleControl(application?.applicationName ?? ''), changes.value);
      return;
    }
    case 'captcha':
      return user.click(screen.getByRole('button', { name: 'Solve the captcha (stand-in)' }));
    case 'next':
      return user.click(screen.getByRole('button', { name: 'Continue' }));
    case 'step': {
      // Back when it goes one step back; Edit's link when it leads there; else the stepper's button.
      const from = s.context.draft.step;
      const back = screen.queryByRole('button', { name: 'Back' });
      if (changes.to === from - 1 && back) return user.click(back);
      if (selectSecurityLink(s) === changes.to)
        return user.click(screen.getByRole('button', { name: 'Change your password or security question' }));
      const nav = within(screen.getByRole('navigation', { name: 'Steps' }));
      return user.click(nav.getByRole('button', { name: new RegExp(`^${String(changes.to + 1)}\\. `) }));
    }
  }
}

const answer = (name: keyof Harness['calls'], event: { output?: unknown; error?: unknown }, harness: Harness) =>
  answerCall(harness.calls[name], 'error' in event ? { error: event.error } : { output: event.output });

// ---------------------------------------------------------------------------------------------------------------
// What a save must send: what the form showed.

function expectSentAsShown(harness: Harness) {
  const sent = harness.calls.save.calls.at(-1);
  if (sent === undefined) throw new Error('nothing was saved');
  const seen = harness.seen;
  const fields = Object.fromEntries(
    Object.entries(seen).flatMap(([key, value]) => (key.startsWith('fields.') ? [[key.slice(7), value]] : [])),
  );
  if (sent.kind === 'register') {
    expect(sent.body).toEqual({
      clientId: 'acme',
      email: seen.email,
      culture: 'en-us',
      fields,
      security: {
        currentPassword: '',
        password: seen['security.password'],
        confirmPassword: seen['security.confirmPassword'],
        securityQuestion: seen['security.securityQuestion'],
        securityAnswer: seen['security.securityAnswer'],
      },
      captcha: CAPTCHA_TOKEN,
    });
    return;
  }
  expect(sent.body.fields).toEqual(fields);
  const roles = Object.entries(seen).flatMap(([key, value]) =>
    key.startsWith('roles.') ? [{ applicationId: key.slice(6), roleValue: value }] : [],
  );
  if (roles.length > 0) expect(sent.body.applicationRoles).toEqual(expect.arrayContaining(roles));
}

// ---------------------------------------------------------------------------------------------------------------

const scenario = (
  name: string,
  input: ProfileFormInput,
  events: (s: Snapshot) => Walked[],
  journeys: readonly (readonly Walked[])[] = [],
) => ({ name, input, events, serializeState, journeys });

// Each walk drives Chakra views in jsdom on shared cores; the limit is generous and never asserted on.
describeWalks(profileFormMachine, {
  title: 'profile form model walk (public-and-profile §2, §4, §5, §6, §8), through the real ProfileForm',
  // Every scenario offers its own events per snapshot (below).
  events: [] as readonly Walked[],
  scenarios: [
    scenario('Register', registerInput({ notifications: graphNotifications }), registerOffers, [
      // A failed read, then Retry on the host's card.
      [loadFailed, reload, read(registerLoaded)],
      // The stepper goes to Security once Profile is valid, and Back returns.
      [
        read(registerLoaded),
        next,
        fieldEdit('MemberId', MEMBER_ID_WRONG),
        fieldEdit('MemberId', MEMBER_ID),
        fieldEdit('Newsletter', 'true'),
        fieldEdit('Plan', 'Gold'),
        stepTo(1),
        stepTo(0),
      ],
    ]),
    scenario('Edit', editInput({ notifications: graphNotifications }), editOffers, [
      // The Security link, then Back.
      [read(mariaLoaded), stepTo(1), stepTo(0)],
      // A stale save: reload their version, or keep mine (read theirs, then save the draft over it).
      [
        read(mariaLoaded),
        touch('fields.PhoneNumber'),
        fieldEdit('PhoneNumber', PHONE_WRONG),
        fieldEdit('PhoneNumber', PHONE),
        save,
        stale,
        reload,
        read(theirsLoaded),
      ],
      [
        read(mariaLoaded),
        touch('fields.PhoneNumber'),
        fieldEdit('PhoneNumber', PHONE_WRONG),
        fieldEdit('PhoneNumber', PHONE),
        save,
        stale,
        keepMine,
        read(theirsLoaded),
        updated(5),
      ],
    ]),
    scenario('Agent', agentInput({ notifications: graphNotifications }), agentOffers),
    scenario('Admin', adminInput({ notifications: graphNotifications, footer: 'navigation' }), adminOffers),
    // Edit Profile's read with no answer: the loader and the connection-lost notice, then the form by itself.
    scenario(
      'Edit offline',
      editInput({ notifications: graphNotifications }),
      (s) => (s.matches('loading') ? [noAnswer, read(mariaLoaded)] : s.matches('offline') ? [readAgain] : []),
      [[noAnswer, readAgain, read(mariaLoaded)]],
    ),
  ],
  // The network scenario's clock is the test's (advancing on its own too, so waits still run): the retry is a delay.
  start: ({ name, input }): Harness => {
    if (name === 'Edit offline') vi.useFakeTimers({ shouldAdvanceTime: true });
    return startForm(input);
  },
  stop: () => {
    vi.useRealTimers();
  },
  describeEvent: (event) => {
    if (event.type === 'edit') {
      const c = event.changes;
      switch (c.kind) {
        case 'field':
          return `${c.name}=${c.value}`;
        case 'security':
          return `${c.input}${c.input === 'securityQuestion' ? '' : `=${c.value}`}`;
        case 'touch':
          return `leave ${c.input}`;
        case 'step':
          return `step ${String(c.to + 1)}`;
        case 'role':
          return `role ${c.value}`;
        default:
          return c.kind;
      }
    }
    if ('error' in event && event.error instanceof Error) return `fails (${event.error.message})`;
    if (event.type === doneEventType('load')) return `version ${String(event.output.form.version ?? 'new')}`;
    return undefined;
  },
  timeout: 60_000,
  states: {
    loading: async () => {
      expect(await screen.findByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
      expect(screen.queryByTestId('profile-form')).toBeNull();
    },
    editing: async (s, harness) => {
      await expectForm(s, harness);
      expect(screen.queryByText(staleText)).toBeNull();
      if (selectFooterView(s).save.show) expect(saveButton(s)).toHaveAttribute('aria-busy', 'false');
      // A save that failed otherwise than stale or 401 is reported (§8), captcha reset (footer above).
      if (harness.failure !== undefined) await expectReported(harness, en('Global_Text_FailTitle'));
    },
    saving: (s, harness) => expectBusyAwaiting(s, harness, harness.calls.save),
    conflict: async (s, harness) => {
      // The stale notice and its two ways out; the draft still on screen, not editable, and no plain Save.
      expect(await screen.findByText(staleText)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') })).toBeEnabled();
      expect(screen.getByRole('button', { name: en('Global_Button_KeepMine') })).toBeEnabled();
      await expectForm(s, harness);
      expect(screen.queryByTestId('snackbar')).toBeNull();
    },
    // "Keep mine" reads the current version first, then saves the draft over it.
    overwriting: (s, harness) => expectBusyAwaiting(s, harness, harness.calls.load),
    // Never "User not found" nor the failure card: the loader stays, the notice says the connection is lost (§3).
    offline: async (_s, harness) => {
      expect(await screen.findByTestId('connection-lost')).toHaveTextContent('The connection is lost.');
      expect(screen.getByRole('status')).toHaveTextContent(en('Global_Text_Loading'));
      expect(screen.queryByTestId('load-failure')).toBeNull();
      expect(screen.queryByTestId('snackbar')).toBeNull();
      expect(screen.queryByText(en('Instance_Text_UserNotFound'))).toBeNull();
      expect(harness.calls.load.waiting()).toBe(0);
    },
    failed: async (_s, harness) => {
      // The host's card instead of the form; the failed read reported under the user-not-found title (§8).
      expect(await screen.findByTestId('load-failure')).toBeInTheDocument();
      expect(screen.queryByTestId('profile-form')).toBeNull();
      await expectReported(harness, en('Instance_Text_UserNotFound'));
    },
    saved: async (s, harness) => {
      await testIdGone('profile-form');
      expectSentAsShown(harness);
      // After "keep mine" the save carried the version read just before it.
      const sent = harness.calls.save.calls.at(-1);
      if (sent?.kind === 'update') expect(sent.body.version).toBe(s.context.loaded?.form.version);
    },
    cancelled: async (_s, harness) => {
      await testIdGone('profile-form');
      expect(harness.calls.save.calls).toEqual([]);
    },
    unauthorised: (s, harness: Harness) => endsUnauthorised('profile-form')(s, harness),
  },
  executors: {
    [doneEventType('load')]: ({ event }, harness) => answer('load', event, harness),
    [errorEventType('load')]: async ({ event }, harness) => {
      // A failure with an answer is reported in a snackbar; no answer is the connection-lost notice (issue 29 §3).
      harness.failure = isNetworkFailure(event.error) ? undefined : event.error;
      await answer('load', event, harness);
    },
    [afterEventType('networkRetry', OFFLINE)]: async (_step, harness) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      await waitFor(() => {
        if (harness.calls.load.waiting() !== 1) throw new Error('the form has not read again yet');
      });
    },
    [doneEventType('save')]: ({ event }, harness) => answer('save', event, harness),
    [errorEventType('save')]: async ({ event }, harness) => {
      // Stale and 401 are not reported: the conflict choice, and the host's 401 policy.
      const status = (event.error as { status?: number }).status;
      if (status !== 409 && status !== 401) harness.failure = event.error;
      await answer('save', event, harness);
    },
    edit: ({ event, state }, harness) => change(event.changes, state, harness),
    save: ({ state }, { user }) => user.click(saveButton(state)),
    cancel: (_step, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    reload: async (_step, { user }) => {
      const retry = screen.queryByRole('button', { name: 'Retry' });
      await user.click(retry ?? screen.getByRole('button', { name: en('Global_Button_ReloadTheirs') }));
    },
    keepMine: (_step, { user }) => user.click(screen.getByRole('button', { name: en('Global_Button_KeepMine') })),
  },
});
