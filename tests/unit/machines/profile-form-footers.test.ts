import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { saveInputOf, securityInputsOf } from '@machines/profile-form/profile-draft';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import {
  selectCanSubmit,
  selectFooterView,
  selectRoleView,
  selectSecurityView,
} from '@machines/profile-form/profile-form.selectors';
import type {
  ProfileChange,
  ProfileFormInput,
  ProfileResult,
  ProfileSaveInput,
} from '@machines/profile-form/profile-form.types';
import type { RoleOption } from '@contracts/profile-form';
import { fakePorts } from '../../support/fake-ports';
import {
  adminInput,
  agentInput,
  claimsApplication,
  editInput,
  emptyFormDefinition,
  formApplication,
  formDefinition,
  profileIds,
  profileLoaded,
  registerInput,
} from '../../support/profile-fixtures';

/**
 * The footers of the profile form, pinned against the spec's words rather than against the selector itself (spec
 * public-and-profile §2 "Instance (user profile) form": "A captcha and a Register button appear in Register mode. In
 * modal footer mode there are Cancel and Save buttons. In bottom-navigation mode there are Back, Cancel and
 * Continue/Save with show and disable flags"; "locks Cancel while saving"; §5 "In Register mode a captcha token is also
 * needed"), and the Security form's inputs per mode (§2 "Security form": "Current password (shown only in Edit
 * mode)"). The form runs with a read that answers at once and a save that never answers (so it stays saving).
 */

async function open(
  input: Omit<ProfileFormInput, 'notifications'>,
  form = formDefinition(),
  roleOptions: Record<string, RoleOption[]> = {},
) {
  const machine = profileFormMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(profileLoaded({ form, roleOptions }))),
      save: fromPromise<ProfileResult, ProfileSaveInput>(() => new Promise(() => undefined)),
    },
  });
  const actor = createActor(machine, { input: { ...input, notifications: fakePorts().ports.notifications } }).start();
  await waitFor(actor, (s) => s.hasTag('editing'));
  const edit = (...changes: ProfileChange[]) => {
    for (const change of changes) actor.send({ type: 'edit', changes: change });
  };
  const footer = () => selectFooterView(actor.getSnapshot());
  return { actor, edit, footer };
}

/** Which buttons show, and which of those are off, in the spec's names. */
const shown = (view: ReturnType<typeof selectFooterView>) => ({
  back: view.back.show,
  cancel: view.cancel.show,
  continue: view.next.show,
  save: view.save.show,
});
const off = (view: ReturnType<typeof selectFooterView>) => ({
  back: view.back.disabled,
  cancel: view.cancel.disabled,
  continue: view.next.disabled,
  save: view.save.disabled,
});

const valid = 'Sunrise2026';
/** Acme's sign-up form with nothing required on the Profile step but the e-mail. */
const signUpForm = emptyFormDefinition({ fields: [], applications: [] });

describe('profile form footers (§2 "Instance (user profile) form")', () => {
  it('Register: Continue on the Profile step, then the captcha and Register on the last step, no Cancel', async () => {
    const form = await open(registerInput({ email: 'ana@acme.test' }), signUpForm);
    expect(shown(form.footer())).toEqual({ back: false, cancel: false, continue: true, save: false });
    expect(form.footer().captcha).toBe(false);
    form.edit({ kind: 'next' });
    expect(shown(form.footer())).toEqual({ back: true, cancel: false, continue: false, save: true });
    expect(form.footer().save.kind).toBe('register');
    expect(form.footer().captcha).toBe(true);
    expect(form.footer().back.to).toBe(0);
  });

  it('Register stays off until the captcha is answered, and goes off again when its answer is spent', async () => {
    const form = await open(registerInput({ email: 'ana@acme.test' }), signUpForm);
    form.edit({ kind: 'next' });
    expect(form.footer().save.disabled).toBe(true);
    form.edit({ kind: 'captcha', token: 'answer-1' });
    expect(form.footer().save.disabled).toBe(false);
    form.edit({ kind: 'captcha', token: undefined });
    expect(form.footer().save.disabled).toBe(true);
  });

  it('Register without a captcha (an invitation, a client that turned it off) shows none and is on at once', async () => {
    const form = await open(registerInput({ email: 'ana@acme.test', captcha: undefined }), signUpForm);
    form.edit({ kind: 'next' });
    expect(form.footer().captcha).toBe(false);
    expect(form.footer().save).toMatchObject({ show: true, disabled: false, kind: 'register' });
  });

  it('Register with published terms (issue 34 item 2): shown on the last step, off until accepted, and sent', async () => {
    const terms = { number: 3, culture: 'es' as const };
    const form = await open(registerInput({ email: 'ana@acme.test', captcha: undefined, terms }), signUpForm);
    expect(form.footer().terms).toBe(false);
    form.edit({ kind: 'next' });
    expect(form.footer().terms).toBe(true);
    expect(form.footer().save.disabled).toBe(true);
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(false);
    form.edit({ kind: 'terms', accepted: true });
    expect(form.footer().save.disabled).toBe(false);
    const { draft, loaded, input } = form.actor.getSnapshot().context;
    const sent = saveInputOf(draft, loaded, input);
    expect(sent.kind === 'register' && sent.body.terms).toEqual(terms);
    form.edit({ kind: 'terms', accepted: false });
    expect(form.footer().save.disabled).toBe(true);
  });

  it('Register without terms shows no box, and a stray acceptance changes nothing it sends', async () => {
    const form = await open(registerInput({ email: 'ana@acme.test', captcha: undefined }), signUpForm);
    form.edit({ kind: 'next' }, { kind: 'terms', accepted: true });
    expect(form.footer().terms).toBe(false);
    const { draft, loaded, input } = form.actor.getSnapshot().context;
    const sent = saveInputOf(draft, loaded, input);
    expect(sent.kind === 'register' && 'terms' in sent.body).toBe(false);
  });

  it('modal footer: Cancel and Save only, on every step, with no captcha', async () => {
    const form = await open(adminInput());
    expect(shown(form.footer())).toEqual({ back: false, cancel: true, continue: false, save: true });
    expect(off(form.footer())).toEqual({ back: true, cancel: false, continue: true, save: false });
    form.edit({ kind: 'step', to: 1 });
    expect(shown(form.footer())).toEqual({ back: false, cancel: true, continue: false, save: true });
    expect(form.footer().save.kind).toBe('save');
    expect(form.footer().captcha).toBe(false);
  });

  it('bottom navigation: no Back on the first step, Back, Cancel and Continue between, no Continue on the last', async () => {
    // Agent mode on someone else's profile in the navigation footer: Profile, one role step, Security.
    const form = await open(agentInput({ footer: 'navigation' }));
    expect(shown(form.footer())).toEqual({ back: false, cancel: true, continue: true, save: true });
    form.edit({ kind: 'next' });
    expect(shown(form.footer())).toEqual({ back: true, cancel: true, continue: true, save: true });
    expect(form.footer().back.to).toBe(0);
    form.edit({ kind: 'next' });
    expect(shown(form.footer())).toEqual({ back: true, cancel: true, continue: false, save: true });
    expect(form.footer().back.to).toBe(1);
    expect(off(form.footer())).toMatchObject({ back: false, cancel: false, save: false });
    expect(form.footer().save.kind).toBe('save');
    expect(form.footer().captcha).toBe(false);
  });

  it('while a save runs every button of the bottom navigation is off, Cancel included', async () => {
    const form = await open(editInput());
    form.edit({ kind: 'next' });
    form.actor.send({ type: 'save' });
    expect(form.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(shown(form.footer())).toEqual({ back: true, cancel: true, continue: false, save: true });
    expect(off(form.footer())).toEqual({ back: true, cancel: true, continue: true, save: true });
  });
});

describe('profile form on one’s own profile (§2 "locks Cancel while saving")', () => {
  it('Edit Profile shows Cancel, on while editing and locked from Save until the save ends', async () => {
    const form = await open(editInput({ ownProfile: true }));
    expect(form.footer().cancel).toEqual({ show: true, disabled: false });
    form.actor.send({ type: 'save' });
    expect(form.footer().cancel).toEqual({ show: true, disabled: true });
    // A Cancel sent while locked is not taken: the save goes on.
    form.actor.send({ type: 'cancel' });
    expect(form.actor.getSnapshot().hasTag('saving')).toBe(true);
  });

  it('the user dialog on the signed-in person (Agent, at step index 2) locks Cancel while saving too', async () => {
    const form = await open(agentInput({ ownProfile: true }));
    expect(form.actor.getSnapshot().context.draft.step).toBe(2);
    expect(form.footer().cancel).toEqual({ show: true, disabled: false });
    form.actor.send({ type: 'save' });
    expect(form.footer().cancel).toEqual({ show: true, disabled: true });
  });
});

describe('security form inputs per mode (§2 "Security form")', () => {
  it('Edit has the current password, then password, confirmation, question and answer', () => {
    expect(securityInputsOf('Edit')).toEqual([
      'currentPassword',
      'password',
      'confirmPassword',
      'securityQuestion',
      'securityAnswer',
    ]);
  });

  it.each(['Register', 'Agent', 'Admin'] as const)('%s has no current password, the other four inputs', (mode) => {
    expect(securityInputsOf(mode)).toEqual(['password', 'confirmPassword', 'securityQuestion', 'securityAnswer']);
  });

  it('the Security step shows the mode’s inputs: the current password in Edit, not in Register or Agent', async () => {
    const edit = await open(editInput());
    expect(selectSecurityView(edit.actor.getSnapshot()).inputs).toContain('currentPassword');
    const register = await open(registerInput({ email: 'ana@acme.test' }), signUpForm);
    expect(selectSecurityView(register.actor.getSnapshot()).inputs).not.toContain('currentPassword');
    const agent = await open(agentInput());
    expect(selectSecurityView(agent.actor.getSnapshot()).inputs).not.toContain('currentPassword');
  });

  it('a current password typed outside Edit is not taken', async () => {
    const agent = await open(agentInput());
    agent.edit({ kind: 'security', input: 'currentPassword', value: valid });
    expect(agent.actor.getSnapshot().context.draft.security.currentPassword).toBe('');
  });
});

describe('instance validity: the application sections (§5 "every application section is valid")', () => {
  const role = (key: string): RoleOption => ({ key, caption: key });
  /** Benefits offers Member, Manager and Agent, and Acme's site rules exclude Manager there; Claims offers Viewer. */
  const twoApplications = formDefinition({
    applications: [formApplication({ excludedRoles: ['Manager'] }), claimsApplication()],
  });
  const roleLists = {
    [profileIds.benefits]: [role('Member'), role('Manager'), role('Agent')],
    [profileIds.claims]: [role('Viewer')],
  };
  const benefits = (value: string): ProfileChange => ({ kind: 'role', applicationId: profileIds.benefits, value });

  it('every section with an offered role, or with No role, leaves the instance valid', async () => {
    const form = await open(adminInput(), twoApplications, roleLists);
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(true);
    form.edit({ kind: 'role', applicationId: profileIds.claims, value: '' });
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(true);
  });

  it('a role the application does not offer makes the instance invalid, and Save goes to that section with its message', async () => {
    const form = await open(adminInput(), twoApplications, roleLists);
    form.edit({ kind: 'role', applicationId: profileIds.claims, value: 'Owner' });
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(false);
    form.actor.send({ type: 'save' });
    const s = form.actor.getSnapshot();
    expect(s.hasTag('saving')).toBe(false);
    // Steps: Profile, Benefits, Claims (Admin mode has no Security step).
    expect(s.context.draft.step).toBe(2);
    expect(selectRoleView(s, profileIds.claims)?.failure).toEqual({ kind: 'invalid' });
    expect(selectRoleView(s, profileIds.benefits)?.failure).toBeUndefined();
  });

  it('a role the site rules exclude is invalid on someone else’s profile, valid on one’s own', async () => {
    const someoneElse = await open(adminInput(), twoApplications, roleLists);
    someoneElse.edit(benefits('Manager'));
    expect(selectCanSubmit(someoneElse.actor.getSnapshot())).toBe(false);
    const own = await open(adminInput({ ownProfile: true }), twoApplications, roleLists);
    own.edit(benefits('Manager'));
    expect(selectCanSubmit(own.actor.getSnapshot())).toBe(true);
  });

  it('the role the person holds stays valid though the site rules now exclude it', async () => {
    const held = formDefinition({
      applications: [formApplication({ roleValue: 'Manager', excludedRoles: ['Manager'] }), claimsApplication()],
    });
    const form = await open(adminInput(), held, roleLists);
    expect(form.actor.getSnapshot().context.draft.roles[profileIds.benefits]).toBe('Manager');
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(true);
  });

  it('an agent may not give the Agent role; an administrator may', async () => {
    const agent = await open(agentInput(), twoApplications, roleLists);
    agent.edit(benefits('Agent'));
    expect(selectCanSubmit(agent.actor.getSnapshot())).toBe(false);
    const admin = await open(adminInput(), twoApplications, roleLists);
    admin.edit(benefits('Agent'));
    expect(selectCanSubmit(admin.actor.getSnapshot())).toBe(true);
  });

  it('a valid instance is still not valid while its save runs', async () => {
    const form = await open(adminInput(), twoApplications, roleLists);
    form.actor.send({ type: 'save' });
    expect(form.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(selectCanSubmit(form.actor.getSnapshot())).toBe(false);
  });
});
