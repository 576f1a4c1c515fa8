import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserProfile } from '@contracts/profile';
import { editProfileMachine, type EditProfileInput } from '@machines/edit-profile/edit-profile.machine';
import { returnAddressOf, type ReturnTo } from '@machines/edit-profile/return-address';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileLoaded, ProfileResult } from '@machines/profile-form/profile-form.types';
import type { InstanceRecord } from '@contracts/instance';
import { fakePorts, fakeSession } from '../../support/fake-ports';
import { profileIds, profileLoaded, sessionLost } from '../../support/profile-fixtures';
import { application, profile } from '../../support/profiles';
import { noLinkControls } from '@machines/profile-form/link-controls';

/**
 * Edit Profile (machines/edit-profile; admin-and-board §2 "Edit Profile (board)", public-and-profile §7 "A refresh of
 * the login is made after editing your own profile"): the profile form in Edit mode on one's own profile; after a
 * save the login is refreshed, then the page returns to the redirect URL when it may be followed.
 */

const origin = 'https://portal.gatehouse.test';
const renamed = profile({ firstName: 'Mariana', fullName: 'Mariana García' });
const updated: ProfileResult = { kind: 'updated', record: { id: profileIds.instance, version: 4 } as InstanceRecord };

/** The page with fake calls: the form's read and save, the login refresh; what it left, stored and reported. */
async function openPage({
  session = 'signedIn',
  saves = [],
  refreshes = [renamed],
  input = {},
}: {
  session?: 'signedIn' | 'signedOut';
  saves?: (ProfileResult | Error)[];
  refreshes?: (UserProfile | Error)[];
  input?: Partial<EditProfileInput>;
} = {}) {
  const { ports, notifications } = fakePorts();
  const sessionPort = fakeSession(session);
  const left: ReturnTo[] = [];
  const persisted: UserProfile[] = [];
  const refreshed: unknown[] = [];
  const pages: string[] = [];
  const answer = <T>(queue: (T | Error)[]) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<T>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = editProfileMachine.provide({
    actors: {
      profileForm: profileFormMachine.provide({
        actors: {
          load: fromPromise(() => Promise.resolve(profileLoaded())),
          save: fromPromise(() => answer(saves)),
        },
      }),
      refreshLogin: fromPromise(({ input: call }) => {
        refreshed.push(call);
        return answer(refreshes);
      }),
    },
    actions: {
      leave: (_, to) => {
        left.push(to);
      },
      persistProfile: (_, { profile: stored }) => {
        persisted.push(stored);
      },
      trackPage: (_, { page }) => {
        pages.push(page);
      },
    },
  });
  const actor = createActor(machine, {
    input: {
      profile: profile(),
      redirectUrl: '/board/index?tab=apps',
      culture: 'es',
      startStep: 1,
      link: noLinkControls,
      fallback: '/board/index',
      ports: { ...ports, session: sessionPort.ref },
      ...input,
    },
  }).start();
  const form = () => {
    const ref = actor.getSnapshot().children.profileForm;
    if (ref === undefined) throw new Error('the form is not running');
    return ref;
  };
  // The page does not follow the form's snapshots, so the wait is on the form itself.
  if (actor.getSnapshot().status === 'active') await waitFor(form(), (s) => s.hasTag('editing'));
  return { actor, form, left, persisted, refreshed, pages, session: sessionPort.received, reported: notifications };
}

describe('Edit Profile (admin-and-board §2)', () => {
  it('shows the profile form in Edit mode on the signed-in person’s own profile, with bottom navigation', async () => {
    const { form } = await openPage();
    expect(form().getSnapshot().context.input).toMatchObject({
      mode: 'Edit',
      subject: { kind: 'person', id: 'user-maria' },
      viewer: { admin: false, role: 'user' },
      email: 'maria@acme.test',
      culture: 'es',
      ownProfile: true,
      startStep: 1,
      footer: 'navigation',
      captcha: undefined,
    });
    expect(form().getSnapshot().context.draft.step).toBe(1);
  });

  it('records /edit-profile/security once per arrival on the Security step (spec §2 analytics names)', async () => {
    const { form, pages } = await openPage({ input: { startStep: 0 } });
    expect(pages).toEqual([]);
    form().send({ type: 'edit', changes: { kind: 'next' } });
    form().send({ type: 'edit', changes: { kind: 'security', input: 'securityAnswer', value: 'x' } });
    expect(pages).toEqual(['/edit-profile/security']);
    form().send({ type: 'edit', changes: { kind: 'step', to: 0 } });
    form().send({ type: 'edit', changes: { kind: 'next' } });
    expect(pages).toEqual(['/edit-profile/security', '/edit-profile/security']);
  });

  it('after a save it refreshes the login, tells the session and stores the new profile, then goes back', async () => {
    const { actor, form, left, persisted, refreshed, session } = await openPage({ saves: [updated] });
    form().send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(refreshed).toEqual([{ clientId: 'client-acme', culture: 'es', applicationName: undefined }]);
    expect(session).toEqual([{ type: 'session.signedIn', profile: renamed }]);
    expect(persisted).toEqual([renamed]);
    expect(left).toEqual([{ redirectUrl: '/board/index?tab=apps', profile: renamed, fallback: '/board/index' }]);
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('/board/editProfile/{redirectUrl}/{applicationName}: the refreshed login is validated for that application', async () => {
    const refreshedFor = async (applicationName: string) => {
      const { actor, form, refreshed } = await openPage({ saves: [updated], input: { applicationName } });
      form().send({ type: 'save' });
      await waitFor(actor, (s) => s.status === 'done');
      return refreshed;
    };
    // Matched by alias without regard to case, and named as the person holds it.
    expect(await refreshedFor('CLAIMS')).toEqual([
      { clientId: 'client-acme', culture: 'es', applicationName: 'Claims Portal' },
    ]);
    // An application the person does not hold is left out: the refresh never fails on a link's name.
    expect(await refreshedFor('Payroll Online')).toEqual([
      { clientId: 'client-acme', culture: 'es', applicationName: undefined },
    ]);
  });

  it('a refresh that fails is reported; the save stands and the page still goes back', async () => {
    const offline = new Error('offline');
    const { actor, form, left, persisted, session, reported } = await openPage({
      saves: [updated],
      refreshes: [offline],
    });
    form().send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(reported).toEqual([{ type: 'error.report', error: offline, action: 'editProfile.refreshLogin' }]);
    expect(session).toEqual([]);
    expect(persisted).toEqual([]);
    expect(left).toHaveLength(1);
  });

  it('Cancel goes back without a refresh', async () => {
    const { actor, form, left, refreshed } = await openPage();
    form().send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(left).toEqual([{ redirectUrl: '/board/index?tab=apps', profile: profile(), fallback: '/board/index' }]);
    expect(refreshed).toEqual([]);
  });

  it('a 401 (the session has signed out) ends the page without going anywhere: the 401 policy shows the login', async () => {
    const { actor, form, left, refreshed } = await openPage({ session: 'signedOut', saves: [sessionLost()] });
    form().send({ type: 'save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('ended');
    expect(left).toEqual([]);
    expect(refreshed).toEqual([]);
  });

  it('a form that fails as an actor (a crash, not one of its own failures) is reported, and the page goes back', async () => {
    const { ports, notifications } = fakePorts();
    const left: ReturnTo[] = [];
    const machine = editProfileMachine.provide({
      actors: {
        // A read the form cannot take (no form in it) throws inside the form: the form crashes, it does not fail.
        profileForm: profileFormMachine.provide({
          actors: { load: fromPromise(() => Promise.resolve(undefined as unknown as ProfileLoaded)) },
        }),
      },
      actions: {
        leave: (_, to) => {
          left.push(to);
        },
      },
    });
    const actor = createActor(machine, {
      input: {
        profile: profile(),
        redirectUrl: undefined,
        link: noLinkControls,
        culture: 'es',
        startStep: 0,
        fallback: '/board/index',
        ports: { ...ports, session: fakeSession('signedIn').ref },
      },
    }).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'error.report', action: 'editProfile.profileForm' }),
    ]);
    expect(left).toHaveLength(1);
  });

  it('without a signed-in person it ends at once', async () => {
    const { actor, left } = await openPage({ input: { profile: undefined } });
    expect(actor.getSnapshot().value).toBe('ended');
    expect(left).toEqual([]);
  });
});

describe('where Edit Profile returns (admin-and-board §2, §5 "Edit-profile redirect")', () => {
  const withLinks = profile({
    applications: [application({ applicationLink: 'https://benefits.acme.test/home?user={userName}' })],
  });
  const to = (redirectUrl: string | undefined) =>
    returnAddressOf({ redirectUrl, profile: withLinks, fallback: '/board/index' }, origin);

  it('keeps a safe path on Gatehouse, and an absolute address on Gatehouse as its path', () => {
    expect(to('/board/index?tab=apps')).toBe('/board/index?tab=apps');
    expect(to(`${origin}/board/editProfile`)).toBe('/board/editProfile');
  });

  it('keeps an address on the host of one of the person’s application links', () => {
    expect(to('https://benefits.acme.test/claims/42')).toBe('https://benefits.acme.test/claims/42');
  });

  it('sends any other host to the fallback', () => {
    expect(to('https://evil.test/phish')).toBe('/board/index');
    expect(to('//evil.test/phish')).toBe('/board/index');
  });

  it('sends unsafe text, or no address, to the fallback', () => {
    expect(to('javascript:alert(1)')).toBe('/board/index');
    expect(to('/board/<script>alert(1)</script>')).toBe('/board/index');
    expect(to('/board/index|x')).toBe('/board/index');
    expect(to(undefined)).toBe('/board/index');
  });
});
