import { describe, expect, it } from 'vitest';
import { loadRoleOptions } from '@src/profile/wiring';
import { claimsApplication, formApplication, formDefinition, profileIds } from '../../support/profile-fixtures';

/**
 * The role lists of the Agent and Admin modes (public-and-profile §6 "Role lists", §7 "A role lookup GET to a
 * configured URL"; admin-and-board §7): one GET per application that has a role URL, its placeholders filled; an
 * application without one, or whose call fails, offers the role the person holds, else the default role.
 */
describe('loadRoleOptions: the role list of each application', () => {
  const form = formDefinition({
    email: 'lee@umbrella.test',
    applications: [
      formApplication({ rolesApiUrl: '/api/v1/ApplicationRoles/benefits?user={userName}&client={clientId}' }),
      claimsApplication({ rolesApiUrl: 'https://roles.example.test/claims/{appRole}' }),
      formApplication({ applicationId: 'wellness', roleValue: null, defaultRoleValue: 'Guest', rolesApiUrl: null }),
    ],
  });

  it('makes one call per application with a role URL, fills its placeholders, and falls back when a call fails', async () => {
    const asked: string[] = [];
    const options = await loadRoleOptions(
      {
        getRoleList: (url) => {
          asked.push(url);
          return url.includes('benefits')
            ? Promise.resolve([
                { Caption: 'Member', Key: 'Member' },
                { Caption: 'Agent', Key: 'Agent' },
              ])
            : Promise.reject(new Error('the roles host is down'));
        },
      },
      form,
      new AbortController().signal,
    );
    expect(asked).toEqual([
      `/api/v1/ApplicationRoles/benefits?user=lee%40umbrella.test&client=${profileIds.client}`,
      'https://roles.example.test/claims/Viewer',
    ]);
    expect(options[profileIds.benefits]?.map((role) => role.key)).toEqual(['Member', 'Agent']);
    // The failed call: the role the person holds. No role URL: no call, the held role else the default one.
    expect(options[profileIds.claims]).toEqual([{ key: 'Viewer', caption: 'Viewer' }]);
    expect(options.wellness).toEqual([{ key: 'Guest', caption: 'Guest' }]);
  });
});
