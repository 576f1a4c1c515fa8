import { describe, expect, it } from 'vitest';
import { fallbackRoles, offeredRoles, parseRoleList, roleListUrl } from '@machines/profile-form/role-list';
import { formApplication } from '../../support/profile-fixtures';

/**
 * The Agent and Admin modes' role lists (machines/profile-form/role-list.ts, spec public-and-profile §6 "Role lists
 * come from a role URL per application … the response may be an array with Caption and Key, or a key-value object.
 * If the fetch fails, the form falls back to the assigned role value or the default role value", and "Role lists for
 * instance editing exclude, per application, the role named in the site rules, unless the edited instance is the
 * current user's own").
 */

const values = { userName: 'ACME__maria@acme.test', clientId: 'acme', appRole: 'Case Manager' };
const option = (key: string, caption = key) => ({ key, caption });

describe('role URL placeholders', () => {
  it('fills {userName}, {clientId} and {appRole} in any case, URL-encoded', () => {
    expect(roleListUrl('https://roles.test/{clientId}/{USERNAME}?role={AppRole}', values)).toBe(
      'https://roles.test/acme/ACME__maria%40acme.test?role=Case%20Manager',
    );
  });

  it('leaves a placeholder it does not know as it is', () => {
    expect(roleListUrl('/api/v1/ApplicationRoles/benefits?c={culture}&u={userName}', values)).toBe(
      '/api/v1/ApplicationRoles/benefits?c={culture}&u=ACME__maria%40acme.test',
    );
  });
});

describe('reading a role URL’s answer', () => {
  it('an array of Caption and Key, in any case, keeps its order; a missing caption is the key', () => {
    expect(
      parseRoleList([{ Caption: 'Member', Key: 'member' }, { caption: 'Viewer', key: 'viewer' }, { KEY: 'guest' }]),
    ).toEqual([option('member', 'Member'), option('viewer', 'Viewer'), option('guest')]);
  });

  it('a key-value object gives one option per key, numbers read as text', () => {
    expect(parseRoleList({ member: 'Member', level2: 2 })).toEqual([option('member', 'Member'), option('level2', '2')]);
  });

  it('anything else is not a role list (undefined, so the form falls back)', () => {
    expect(parseRoleList('member')).toBeUndefined();
    expect(parseRoleList(null)).toBeUndefined();
    expect(parseRoleList(42)).toBeUndefined();
    expect(parseRoleList([{ Caption: 'No key' }])).toBeUndefined();
    expect(parseRoleList([{ Key: '  ' }])).toBeUndefined();
    expect(parseRoleList(['member'])).toBeUndefined();
    expect(parseRoleList({ member: { nested: true } })).toBeUndefined();
  });
});

describe('the fallback when the role URL fails', () => {
  it('is the role the person holds, else the application’s default role, else nothing', () => {
    expect(fallbackRoles({ roleValue: 'Viewer', defaultRoleValue: 'Member' })).toEqual([option('Viewer')]);
    expect(fallbackRoles({ roleValue: null, defaultRoleValue: 'Member' })).toEqual([option('Member')]);
    expect(fallbackRoles({ roleValue: null, defaultRoleValue: ' ' })).toEqual([]);
  });
});

describe('the roles offered for one application', () => {
  const list = [option('member', 'Member'), option('supervisor', 'Supervisor'), option('viewer', 'Viewer')];
  // The client's site rules exclude Supervisor in this application (as the form carries them, per application).
  const application = formApplication({ roleValue: null, excludedRoles: [' SUPERVISOR '] });

  it('drop the role the site rules exclude for that application only (case-insensitive, trimmed)', () => {
    expect(offeredRoles(list, application, { ownProfile: false }).map((o) => o.key)).toEqual(['member', 'viewer']);
    // Another application of the same client excludes nothing: its list stays whole.
    expect(offeredRoles(list, formApplication({ roleValue: null }), { ownProfile: false })).toEqual(list);
  });

  it('keep the excluded role on the person’s own profile', () => {
    expect(offeredRoles(list, application, { ownProfile: true })).toEqual(list);
  });

  it('always keep the role the person holds, even when excluded (in its place, with its caption) or unlisted', () => {
    const holdsExcluded = formApplication({ roleValue: 'supervisor', excludedRoles: ['Supervisor'] });
    expect(offeredRoles(list, holdsExcluded, { ownProfile: false })).toEqual(list);
    const holdsUnlisted = formApplication({ roleValue: 'Auditor' });
    expect(offeredRoles(list, holdsUnlisted, { ownProfile: false }).at(-1)).toEqual(option('Auditor'));
  });
});
