import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { failureNotice } from '@machines/admin-grid/failure-notice';
import {
  applyEdit,
  canSaveProfile,
  draftOf,
  emailLockOf,
  emptyDraft,
  failureOf,
  isEmailEditable,
  saveInputOf,
  securityInputsOf,
  visibleFields,
} from '@machines/profile-form/profile-draft';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import { selectFieldView, selectSecurityLink } from '@machines/profile-form/profile-form.selectors';
import type {
  ProfileChange,
  ProfileDraft,
  ProfileFormInput,
  ProfileLoaded,
  ProfileResult,
  ProfileSaveInput,
} from '@machines/profile-form/profile-form.types';
import { startStepOf, stepIndexOf, stepsOf } from '@machines/profile-form/profile-steps';
import { label } from '@machines/support/text';
import type { InstanceRecord } from '@contracts/instance';
import { fakePorts } from '../../support/fake-ports';
import {
  adminInput,
  agentInput,
  answerResource,
  claimsApplication,
  editInput,
  emailResource,
  emptyFormDefinition,
  firstNameField,
  formApplication,
  formDefinition,
  formField,
  profileIds,
  anaRegistration,
  profileLoaded,
  registerInput,
  selectField,
  sessionLost,
  signQuestions,
  staleProfile,
  strongPassword,
  validationRefusal,
} from '../../support/profile-fixtures';

/**
 * The profile form engine (machines/profile-form): spec public-and-profile §2 "Instance (user profile) form",
 * "Security form", §4, §5, §6, §8. The editor runs with fake `load` and `save` calls; the draft rules are also
 * pinned directly on the pure functions of profile-draft.ts.
 */

/** The server as queues of answers per call (an Error rejects; an empty queue hangs); every save's input kept. */
async function open(
  input: Omit<ProfileFormInput, 'notifications'>,
  { loads, saves = [] }: { loads: (ProfileLoaded | Error)[]; saves?: (ProfileResult | Error)[] },
) {
  const { ports, notifications } = fakePorts();
  const saved: ProfileSaveInput[] = [];
  const reads: (ProfileLoaded | undefined)[] = [];
  const answer = <T>(queue: (T | Error)[]) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<T>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = profileFormMachine.provide({
    actors: {
      load: fromPromise(({ input: read }) => {
        reads.push(read.loaded);
        return answer(loads);
      }),
      save: fromPromise(({ input: body }) => {
        saved.push(body);
        return answer(saves);
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input, notifications: ports.notifications } }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'));
  const edit = (...changes: ProfileChange[]) => {
    for (const change of changes) actor.send({ type: 'edit', changes: change });
  };
  return { actor, edit, saved, reads, received: notifications };
}

/** The draft a freshly read form starts from, for the pure rules. */
const draftFor = (loaded: ProfileLoaded, input: ProfileFormInput) => draftOf(loaded, input, emptyDraft(input));
/** Changes applied one after the other to a draft. */
const applied = (draft: ProfileDraft, loaded: ProfileLoaded, input: ProfileFormInput, ...changes: ProfileChange[]) =>
  changes.reduce((current, change) => applyEdit(current, change, loaded, input), draft);
const kinds = (steps: readonly { kind: string }[]) => steps.map((step) => step.kind);

const twoApplications = formDefinition({ applications: [formApplication(), claimsApplication()] });
/** The client's empty form as sign-up reads it. */
const registerLoaded = (overrides: Partial<ProfileLoaded> = {}) =>
  profileLoaded({ form: emptyFormDefinition(), ...overrides });
/** Every security input of Register filled in validly. */
const registerSecurity: ProfileChange[] = [
  { kind: 'security', input: 'password', value: strongPassword },
  { kind: 'security', input: 'confirmPassword', value: strongPassword },
  { kind: 'security', input: 'securityQuestion', value: signQuestions[0]?.question ?? '' },
  { kind: 'security', input: 'securityAnswer', value: 'Guadalajara' },
];
const updated = (version: number): ProfileResult => ({
  kind: 'updated',
  record: { id: profileIds.instance, version } as InstanceRecord,
});

describe('profile form: steps per mode (§2 "Instance (user profile) form", §6)', () => {
  it('Register and Edit have a Profile step, then a Security step', () => {
    expect(kinds(stepsOf('Register', twoApplications))).toEqual(['profile', 'security']);
    expect(kinds(stepsOf('Edit', twoApplications))).toEqual(['profile', 'security']);
  });

  it('Agent and Admin add one role step per application, and Admin has no Security step', () => {
    const agent = stepsOf('Agent', twoApplications);
    expect(kinds(agent)).toEqual(['profile', 'roles', 'roles', 'security']);
    expect(agent[2]).toEqual({
      kind: 'roles',
      application: { applicationId: profileIds.claims, applicationName: 'Claims Portal' },
    });
    expect(kinds(stepsOf('Admin', twoApplications))).toEqual(['profile', 'roles', 'roles']);
  });

  it('a single-sign-on person has no Security step, in any mode', () => {
    const sso = formDefinition({ ssoInstance: true });
    expect(kinds(stepsOf('Edit', sso))).toEqual(['profile']);
    expect(kinds(stepsOf('Agent', sso))).toEqual(['profile', 'roles']);
  });
});

describe('profile form: the step it opens on (§2 "An optional start step comes from the stepIndex query parameter")', () => {
  it('reads stepIndex as a whole number, 0 when absent or not a number', () => {
    expect(stepIndexOf({})).toBe(0);
    expect(stepIndexOf({ stepIndex: ' 2 ' })).toBe(2);
    expect(stepIndexOf({ stepIndex: '-1' })).toBe(0);
    expect(stepIndexOf({ stepIndex: 'two' })).toBe(0);
  });

  it('opens on stepIndex (default 0), clamped to the steps the form has', async () => {
    expect(startStepOf('Register', { ownProfile: false, startStep: 0 }, 2)).toBe(0);
    expect(startStepOf('Register', { ownProfile: false, startStep: 1 }, 2)).toBe(1);
    expect(startStepOf('Register', { ownProfile: false, startStep: -3 }, 2)).toBe(0);
    expect(startStepOf('Register', { ownProfile: false, startStep: 1.5 }, 2)).toBe(0);
    const { actor } = await open(registerInput({ startStep: 9 }), { loads: [registerLoaded()] });
    expect(actor.getSnapshot().context.draft.step).toBe(1);
  });

  it('one’s own profile in Agent or Admin mode opens at step index 2, clamped', async () => {
    const agent = await open(agentInput({ ownProfile: true, startStep: 0 }), {
      loads: [profileLoaded({ form: twoApplications })],
    });
    expect(agent.actor.getSnapshot().context.draft.step).toBe(2);
    // Admin with one application has two steps (Profile, its role): index 2 is clamped to the last.
    const admin = await open(adminInput({ ownProfile: true, startStep: 0 }), { loads: [profileLoaded()] });
    expect(admin.actor.getSnapshot().context.draft.step).toBe(1);
  });

  it('Edit Profile on one’s own profile opens on stepIndex, not at 2 (admin-and-board §2: default 0)', async () => {
    const plain = await open(editInput({ ownProfile: true, startStep: 0 }), { loads: [profileLoaded()] });
    expect(plain.actor.getSnapshot().context.draft.step).toBe(0);
    const security = await open(editInput({ ownProfile: true, startStep: 1 }), { loads: [profileLoaded()] });
    expect(security.actor.getSnapshot().context.draft.step).toBe(1);
  });
});

describe('profile form: the stepper is linear only in Register (§2, §4)', () => {
  it('Continue on a step with a failing input shows that step’s messages and stays', async () => {
    const { actor, edit } = await open(registerInput(), { loads: [registerLoaded()] });
    expect(selectFieldView(actor.getSnapshot(), 'FirstName')?.failure).toBeUndefined();
    edit({ kind: 'next' });
    const { draft } = actor.getSnapshot().context;
    expect(draft.step).toBe(0);
    expect(draft.touched).toEqual({ email: true, 'fields.FirstName': true, 'fields.PhoneNumber': true });
    expect(selectFieldView(actor.getSnapshot(), 'FirstName')?.failure).toEqual({
      kind: 'required',
      messageKey: 'FormField_Message_FirstName',
    });
  });

  it('Continue on a valid step moves to the next one', async () => {
    const { actor, edit } = await open(registerInput(), { loads: [registerLoaded()] });
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' }, { kind: 'next' });
    expect(actor.getSnapshot().context.draft.step).toBe(1);
    expect(actor.getSnapshot().context.draft.touched).toEqual({});
  });

  it('a step chosen ahead of a failing step is refused: the draft does not change', async () => {
    const { actor, edit } = await open(registerInput(), { loads: [registerLoaded()] });
    const before = actor.getSnapshot().context.draft;
    edit({ kind: 'step', to: 1 });
    expect(actor.getSnapshot().context.draft).toBe(before);
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' }, { kind: 'step', to: 1 });
    expect(actor.getSnapshot().context.draft.step).toBe(1);
  });

  it('going back is always allowed, even from a step with failing inputs', async () => {
    const { actor, edit } = await open(registerInput({ startStep: 1 }), { loads: [registerLoaded()] });
    edit({ kind: 'security', input: 'password', value: 'short' });
    edit({ kind: 'step', to: 0 });
    expect(actor.getSnapshot().context.draft.step).toBe(0);
  });

  it('in Edit mode the person may jump to the Security step though the Profile step fails', async () => {
    const { actor, edit } = await open(editInput(), { loads: [profileLoaded()] });
    expect(selectSecurityLink(actor.getSnapshot())).toBe(1);
    edit({ kind: 'field', name: 'FirstName', value: '' }, { kind: 'step', to: 1 });
    expect(actor.getSnapshot().context.draft.step).toBe(1);
    expect(selectSecurityLink(actor.getSnapshot())).toBeUndefined();
  });
});

describe('profile form: field rules (§4, §5 "Instance form", §6)', () => {
  it('a required SELECT with a single option is preselected; an optional one or one with more options is not', () => {
    const loaded = profileLoaded({
      form: emptyFormDefinition({
        fields: [
          selectField('Plan', ['Gold'], { mandatory: true }),
          selectField('Region', ['North']),
          selectField('Tier', ['A', 'B'], { mandatory: true }),
        ],
      }),
    });
    expect(draftFor(loaded, registerInput()).values).toEqual({ Plan: 'Gold', Region: '', Tier: '' });
  });

  const readOnlyFields = [
    // FieldTemplateLockFor, compared case-insensitively and trimmed. Vitest cuts a `$why` after 40 characters.
    { why: 'locked for the viewer’s role', field: { fieldTemplateLockFor: [' User '] } },
    { why: 'disabled by its definition', field: { fieldDisable: true } },
    { why: 'a LABEL', field: { dataType: 'LABEL' as const } },
    { why: 'hidden by the template', field: { templateHiddenField: true } },
  ];
  it.each(readOnlyFields)('a field $why refuses edits and is not validated', ({ field }) => {
    // Required and empty: it would fail if it were validated.
    const loaded = profileLoaded({ form: formDefinition({ fields: [firstNameField({ ...field, value: '' })] }) });
    const input = editInput();
    const draft = draftFor(loaded, input);
    expect(applyEdit(draft, { kind: 'field', name: 'FirstName', value: 'Ana' }, loaded, input)).toBe(draft);
    expect(failureOf('fields.FirstName', draft, loaded, input)).toBeUndefined();
    expect(canSaveProfile(draft, loaded, input)).toBe(true);
  });

  it('an administrator goes by the field’s own hidden flag, everyone else by the template’s (§6)', () => {
    const form = formDefinition({
      fields: [
        formField({ fieldName: 'TemplateHidden', templateHiddenField: true }),
        formField({ fieldName: 'OwnHidden', hidden: true }),
        formField({ fieldName: 'AdminOnly', adminField: true }),
      ],
    });
    const names = (input: ProfileFormInput) => visibleFields(form, input).map((field) => field.fieldName);
    expect(names(adminInput())).toEqual(['TemplateHidden', 'AdminOnly']);
    expect(names(agentInput())).toEqual(['OwnHidden']);
  });

  it('the e-mail is editable only in Register when SignUp_EmailEditable is "true" (§5)', () => {
    const change: ProfileChange = { kind: 'email', value: 'other@acme.test' };
    const editable = registerLoaded({ emailEditable: true });
    const register = registerInput();
    expect(applyEdit(draftFor(editable, register), change, editable, register).email).toBe('other@acme.test');
    const fixed = registerLoaded({ emailEditable: false });
    expect(applyEdit(draftFor(fixed, register), change, fixed, register).email).toBe('new@acme.test');
    const own = profileLoaded({ emailEditable: true });
    expect(applyEdit(draftFor(own, editInput()), change, own, editInput()).email).toBe('maria@acme.test');
  });

  it('a site that keeps the e-mail keeps the link’s; a link without one lets it be typed (issue 29 §7)', () => {
    const change: ProfileChange = { kind: 'email', value: 'lee.new@umbrella.test' };
    // Umbrella: SignUp_EmailEditable false.
    const kept = registerLoaded({ emailEditable: false });
    const fromLink = registerInput({ email: 'lee.new@umbrella.test' });
    expect(applyEdit(draftFor(kept, fromLink), { kind: 'email', value: 'x@y.test' }, kept, fromLink).email).toBe(
      'lee.new@umbrella.test',
    );
    expect(emailLockOf(kept, fromLink)).toBe('link');
    // From the login page's "Sign up": no e-mail came, so the required e-mail is typed.
    const bare = registerInput({ email: '' });
    expect(isEmailEditable(kept, bare)).toBe(true);
    expect(applyEdit(draftFor(kept, bare), change, kept, bare).email).toBe('lee.new@umbrella.test');
    expect(emailLockOf(kept, bare)).toBeUndefined();
    // An invitation fixes it whatever the site says, and says so.
    const invited = registerInput({ email: 'nina@umbrella.test', invitation: 'sealed' });
    expect(emailLockOf(registerLoaded({ emailEditable: true }), invited)).toBe('invitation');
    // Outside sign-up no lock is explained here.
    expect(emailLockOf(profileLoaded(), editInput())).toBeUndefined();
  });

  it('the e-mail without resource data is the critical "Invalid Resource" and blocks the save (§5)', () => {
    const loaded = profileLoaded({ inputs: { Security_Field_Answer: answerResource() } });
    const input = editInput();
    const draft = draftFor(loaded, input);
    expect(failureOf('email', draft, loaded, input)).toEqual({ kind: 'invalidResource' });
    expect(canSaveProfile(draft, loaded, input)).toBe(false);
  });

  it('the security answer without resource data is the critical "Invalid Resource" (§5)', () => {
    const loaded = profileLoaded({ inputs: { Instance_Field_Email: emailResource() } });
    const input = editInput();
    expect(failureOf('security.securityAnswer', draftFor(loaded, input), loaded, input)).toEqual({
      kind: 'invalidResource',
    });
  });
});

describe('profile form: the security form (§2 "Security form", §4 "Security edit in Edit mode", §5)', () => {
  const loaded = profileLoaded({ currentQuestion: signQuestions[0]?.question ?? null });
  const input = editInput();
  const failures = (...changes: ProfileChange[]) => {
    const draft = applied(draftFor(loaded, input), loaded, input, ...changes);
    return Object.fromEntries(
      (['currentPassword', 'password', 'confirmPassword', 'securityQuestion', 'securityAnswer'] as const).flatMap(
        (name) => {
          const failure = failureOf(`security.${name}`, draft, loaded, input);
          return failure === undefined ? [] : [[name, failure]];
        },
      ),
    );
  };

  it('Edit: a new password needs the current password and its confirmation', () => {
    expect(failures({ kind: 'security', input: 'password', value: strongPassword })).toEqual({
      currentPassword: { kind: 'required' },
      confirmPassword: { kind: 'required' },
    });
  });

  it('Edit: a security answer needs the current password', () => {
    expect(failures({ kind: 'security', input: 'securityAnswer', value: 'Monterrey' })).toEqual({
      currentPassword: { kind: 'required' },
    });
  });

  it('Edit: a question changed away from the current one needs an answer; the current one does not', () => {
    expect(failures({ kind: 'security', input: 'securityQuestion', value: signQuestions[1]?.question ?? '' })).toEqual({
      securityAnswer: { kind: 'required' },
    });
    expect(failures({ kind: 'security', input: 'securityQuestion', value: signQuestions[0]?.question ?? '' })).toEqual(
      {},
    );
  });

  it('a new password made of the name typed in the FirstName field, or of the client, is refused by the form as by the server (issue 34 §1)', () => {
    const withPassword = (password: string, ...before: ProfileChange[]) =>
      failures(
        ...before,
        { kind: 'security', input: 'currentPassword', value: 'Old-pass1' },
        { kind: 'security', input: 'password', value: password },
        { kind: 'security', input: 'confirmPassword', value: password },
      ).password;
    expect(withPassword('AcmeHealth-Sunrise-27')).toEqual({ kind: 'personalPassword' });
    // The name as typed now, not as loaded: "Ximena" is nobody's until María's first name is changed to it.
    expect(withPassword('Ximena-Sunrise-2027')).toBeUndefined();
    expect(withPassword('Ximena-Sunrise-2027', { kind: 'field', name: 'FirstName', value: 'Ximena' })).toEqual({
      kind: 'personalPassword',
    });
  });

  it('a confirmation that differs from the password is invalid on confirmPassword (passwordMismatch)', () => {
    expect(
      failures(
        { kind: 'security', input: 'currentPassword', value: 'Old-pass1' },
        { kind: 'security', input: 'password', value: strongPassword },
        { kind: 'security', input: 'confirmPassword', value: 'Sunrise2027' },
      ),
    ).toEqual({ confirmPassword: { kind: 'invalid' } });
  });

  it('Agent: no current password; a new password needs only its confirmation, a question and its answer go together', () => {
    const agent = agentInput();
    const agentLoaded = profileLoaded({ currentQuestion: null });
    const agentFailures = (...changes: ProfileChange[]) => {
      const draft = applied(draftFor(agentLoaded, agent), agentLoaded, agent, ...changes);
      return Object.fromEntries(
        (['currentPassword', 'password', 'confirmPassword', 'securityQuestion', 'securityAnswer'] as const).flatMap(
          (name) => {
            const failure = failureOf(`security.${name}`, draft, agentLoaded, agent);
            return failure === undefined ? [] : [[name, failure]];
          },
        ),
      );
    };
    expect(securityInputsOf('Agent')).not.toContain('currentPassword');
    expect(agentFailures({ kind: 'security', input: 'password', value: strongPassword })).toEqual({
      confirmPassword: { kind: 'invalid' },
    });
    expect(
      agentFailures(
        { kind: 'security', input: 'password', value: strongPassword },
        { kind: 'security', input: 'confirmPassword', value: strongPassword },
      ),
    ).toEqual({});
    expect(agentFailures({ kind: 'security', input: 'securityAnswer', value: 'Rex' })).toEqual({
      securityQuestion: { kind: 'required' },
    });
    expect(
      agentFailures({ kind: 'security', input: 'securityQuestion', value: signQuestions[0]?.question ?? '' }),
    ).toEqual({ securityAnswer: { kind: 'required' } });
  });

  it('outside Register an empty password pair is valid: Edit and Agent may save without touching security', () => {
    expect(failures()).toEqual({});
    expect(canSaveProfile(draftFor(loaded, input), loaded, input)).toBe(true);
    const agent = agentInput();
    expect(canSaveProfile(draftFor(loaded, agent), loaded, agent)).toBe(true);
  });

  it('Register needs every security input, and the captcha’s answer when a captcha protects the form', () => {
    const register = registerInput();
    const form = registerLoaded();
    const filled = applied(draftFor(form, register), form, register, {
      kind: 'field',
      name: 'FirstName',
      value: 'Ana',
    });
    for (const name of ['password', 'confirmPassword', 'securityQuestion', 'securityAnswer'] as const)
      expect(failureOf(`security.${name}`, filled, form, register)).toEqual({ kind: 'required' });
    const secured = applied(filled, form, register, ...registerSecurity);
    expect(canSaveProfile(secured, form, register)).toBe(false);
    expect(canSaveProfile(applied(secured, form, register, { kind: 'captcha', token: 'solved' }), form, register)).toBe(
      true,
    );
    // An invitation (`st`) needs no captcha: no answer is waited for.
    const invited = registerInput({ captcha: undefined });
    expect(canSaveProfile(secured, form, invited)).toBe(true);
  });
});

describe('profile form: saving (§5, §8)', () => {
  it('a Save the rules refuse shows every message and goes to the first step that fails, sending nothing', async () => {
    const { actor, edit, saved } = await open(editInput({ startStep: 1 }), { loads: [profileLoaded()] });
    edit({ kind: 'field', name: 'FirstName', value: '' });
    actor.send({ type: 'save' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.draft.step).toBe(0);
    expect(s.context.draft.touched).toEqual({
      email: true,
      'fields.FirstName': true,
      'fields.PhoneNumber': true,
      'security.currentPassword': true,
      'security.password': true,
      'security.confirmPassword': true,
      'security.securityQuestion': true,
      'security.securityAnswer': true,
    });
    expect(saved).toEqual([]);
  });

  it('a 400 naming an input puts its refusal beside it and goes to its step; the failure is reported', async () => {
    const refusal = validationRefusal([
      { field: 'body.fields.PhoneNumber', message: 'does not match the expected format' },
    ]);
    const { actor, edit, received } = await open(registerInput(), { loads: [registerLoaded()], saves: [refusal] });
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' }, { kind: 'next' }, ...registerSecurity);
    edit({ kind: 'captcha', token: 'solved' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    const { draft } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe('editing');
    expect(draft.refused).toEqual({ 'fields.PhoneNumber': { kind: 'pattern' } });
    expect(draft.step).toBe(0);
    expect(selectFieldView(actor.getSnapshot(), 'PhoneNumber')?.failure).toEqual({ kind: 'pattern' });
    expect(received).toEqual([failureNotice(refusal, label('Global_Text_FailTitle'))]);
  });

  it('the server’s refusal stays until that input changes', async () => {
    const refusal = validationRefusal([
      { field: 'body.fields.PhoneNumber', message: 'does not match the expected format' },
    ]);
    const { actor, edit } = await open(editInput(), { loads: [profileLoaded()], saves: [refusal] });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' });
    expect(failureOf('fields.PhoneNumber', actor.getSnapshot().context.draft, profileLoaded(), editInput())).toEqual({
      kind: 'pattern',
    });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
    expect(canSaveProfile(actor.getSnapshot().context.draft, profileLoaded(), editInput())).toBe(false);
    edit({ kind: 'field', name: 'PhoneNumber', value: '(305) 555-0120' });
    expect(actor.getSnapshot().context.draft.refused).toEqual({});
    expect(canSaveProfile(actor.getSnapshot().context.draft, profileLoaded(), editInput())).toBe(true);
  });

  it('a failed registration starts the captcha over: its answer is spent and its round moves on (§8)', async () => {
    const { actor, edit } = await open(registerInput(), {
      loads: [registerLoaded()],
      saves: [new Error('offline')],
    });
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' }, { kind: 'next' }, ...registerSecurity);
    edit({ kind: 'captcha', token: 'solved' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(actor.getSnapshot().context.draft.captchaToken).toBeUndefined();
    expect(actor.getSnapshot().context.draft.captchaRound).toBe(1);
    expect(actor.getSnapshot().context.draft.step).toBe(1);
  });

  it('a 409 stale_update is a conflict; keep mine reads again and saves the draft with the new version', async () => {
    const { actor, edit, saved, reads } = await open(editInput(), {
      loads: [profileLoaded(), profileLoaded({ form: formDefinition({ version: 4 }) })],
      saves: [staleProfile(), updated(5)],
    });
    edit({ kind: 'field', name: 'FirstName', value: 'Ana' });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.hasTag('conflict'));
    actor.send({ type: 'keepMine' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(reads).toHaveLength(2);
    expect(
      saved.map((call) => (call.kind === 'update' ? [call.body.version, call.body.fields.FirstName] : [])),
    ).toEqual([
      [3, 'Ana'],
      [4, 'Ana'],
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().output).toEqual(updated(5));
  });

  it('a 401 on save ends the form unauthorised, with nothing saved and the host’s 401 policy told', async () => {
    const lost = sessionLost();
    const { actor, received } = await open(editInput(), { loads: [profileLoaded()], saves: [lost] });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('unauthorised');
    expect(actor.getSnapshot().output).toBeUndefined();
    expect(received).toEqual([{ type: 'error.report', error: lost, action: 'editor' }]);
  });

  it('a failed read of the profile is reported under the user-not-found title (admin-and-board §8)', async () => {
    const offline = new Error('offline');
    const { actor, received } = await open(editInput(), { loads: [offline] });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(received).toEqual([failureNotice(offline, label('Instance_Text_UserNotFound'))]);
  });
});

describe('profile form: what a save sends (saveInputOf)', () => {
  it('Register: only the fields a guest may edit, the e-mail trimmed, the security inputs and the captcha', () => {
    const form = emptyFormDefinition({
      fields: [
        firstNameField({ value: '' }),
        formField({ fieldName: 'Badge', fieldTemplateLockFor: ['guest'], value: 'B-1' }),
        formField({ fieldName: 'Intro', dataType: 'LABEL' }),
        formField({ fieldName: 'Secret', templateHiddenField: true, value: 's' }),
      ],
    });
    const loaded = registerLoaded({ form, emailEditable: true });
    const input = registerInput();
    const draft = applied(
      draftFor(loaded, input),
      loaded,
      input,
      { kind: 'email', value: '  ana@acme.test ' },
      { kind: 'field', name: 'FirstName', value: 'Ana' },
      ...registerSecurity,
      { kind: 'captcha', token: 'solved' },
    );
    expect(saveInputOf(draft, loaded, input)).toEqual({
      kind: 'register',
      body: anaRegistration('solved'),
    });
  });

  it('Edit: the version read and the fields; no roles, and no security while nothing in it changed', () => {
    const loaded = profileLoaded({ currentQuestion: signQuestions[0]?.question ?? null });
    const input = editInput();
    expect(saveInputOf(draftFor(loaded, input), loaded, input)).toEqual({
      kind: 'update',
      id: profileIds.person,
      body: { version: 3, fields: { FirstName: 'María', PhoneNumber: '(305) 555-0119' } },
    });
  });

  it('Edit: the security inputs are sent once one of them changed', () => {
    const loaded = profileLoaded();
    const input = editInput();
    const draft = applied(
      draftFor(loaded, input),
      loaded,
      input,
      { kind: 'security', input: 'currentPassword', value: 'Old-pass1' },
      { kind: 'security', input: 'password', value: strongPassword },
      { kind: 'security', input: 'confirmPassword', value: strongPassword },
    );
    const sent = saveInputOf(draft, loaded, input);
    expect(sent.kind === 'update' && sent.body.security).toEqual({
      currentPassword: 'Old-pass1',
      password: strongPassword,
      confirmPassword: strongPassword,
      securityQuestion: '',
      securityAnswer: '',
    });
  });

  it('Agent and Admin: the role chosen per application; the security inputs in Agent mode only, set on the person’s behalf', () => {
    const loaded = profileLoaded({ form: twoApplications });
    for (const input of [agentInput(), adminInput()]) {
      const draft = applied(
        draftFor(loaded, input),
        loaded,
        input,
        { kind: 'role', applicationId: profileIds.claims, value: 'Adjuster' },
        { kind: 'security', input: 'password', value: strongPassword },
        { kind: 'security', input: 'confirmPassword', value: strongPassword },
      );
      const sent = saveInputOf(draft, loaded, input);
      expect(sent.kind === 'update' && sent.body.applicationRoles).toEqual([
        { applicationId: profileIds.benefits, roleValue: 'Member' },
        { applicationId: profileIds.claims, roleValue: 'Adjuster' },
      ]);
      // Agent mode sets the password on the person's behalf (no current password); Admin mode has no Security step.
      expect(sent.kind === 'update' && sent.body.security).toEqual(
        input.mode === 'Agent'
          ? {
              currentPassword: '',
              password: strongPassword,
              confirmPassword: strongPassword,
              securityQuestion: '',
              securityAnswer: '',
            }
          : undefined,
      );
    }
  });
});
