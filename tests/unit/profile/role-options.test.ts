import { describe, expect, it } from 'vitest';
import { loadRoleOptions } from '@src/profile/wiring';
import { claimsApplication, formApplication, formDefinition, profileIds } from '../../support/profile-fixtures';

/**
 * The role lists the Agent and Admin modes (and the user import) offer: one call per application to its role URL,
 * and the assigned role, else the application's default, when there is no URL or the call fails (public-and-profile
 * §6 "Role lists", §7 "Role lookup"; admin-and-board §7).
 */
describe('loading the role lists of a person’s applications', () => {
  const wellness = formApplication({
    applicationId: 'wellness',
    applicationName: 'Wellness Hub',
    roleValue: null,
    defaultRoleValue: 'Guest',
  });
  const form = formDefinition({
    applications: [
      formApplication({ rolesApiUrl: 'https://roles.example/{userName}/{clientId}?role={appRole}' }),
      claimsApplication({ rolesApiUrl: 'https://roles.example/claims' }),
      wellness,
    ],
  });

  const load = async (answer: (url: string) => Promise<unknown>) => {
    const asked: string[] = [];
    const options = await loadRoleOptions(
      {
        getRoleList: (url) => {
          asked.push(url);
          return answer(url);
        },
      },
      form,
      new AbortController().signal,
    );
    return { asked, options };
  };

  it('calls each application’s own role URL once, placeholders filled, and offers what it answers', async () => {
    const { asked, options } = await load((url) =>
      Promise.resolve(
        url.endsWith('/claims')
          ? { Viewer: 'Viewer', Adjuster: 'Claims adjuster' }
          : [
              { Caption: 'Member', Key: 'Member' },
              { Caption: 'Administrator', Key: 'Admin' },
            ],
      ),
    );
    expect(new Set(asked)).toEqual(
      new Set([
        `https://roles.example/${encodeURIComponent('maria@acme.test')}/${profileIds.client}?role=Member`,
        'https://roles.example/claims',
      ]),
    );
    expect(asked).toHaveLength(2);
    expect(options[profileIds.benefits]).toEqual([
      { key: 'Member', caption: 'Member' },
      { key: 'Admin', caption: 'Administrator' },
    ]);
    expect(options[profileIds.claims]?.map((option) => option.key)).toEqual(['Viewer', 'Adjuster']);
  });

  it('falls back to the assigned role when the call fails, and to the default role when none is assigned', async () => {
    const { asked, options } = await load(() => Promise.reject(new Error('the role service is down')));
    // An application without a role URL is not called at all.
    expect(asked).toHaveLength(2);
    expect(options).toEqual({
      [profileIds.benefits]: [{ key: 'Member', caption: 'Member' }],
      [profileIds.claims]: [{ key: 'Viewer', caption: 'Viewer' }],
      wellness: [{ key: 'Guest', caption: 'Guest' }],
    });
  });
});
