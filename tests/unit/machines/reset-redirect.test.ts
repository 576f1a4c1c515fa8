import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SiteProfile } from '@contracts/resources';
import { resetRedirectMachine } from '@machines/reset-redirect/reset-redirect.machine';

/** The Reset redirect page's flow (machines/reset-redirect; spec public-and-profile §2 "Reset redirect page"). */

const siteProfile = (portalAlias: string) => ({ portalAlias, clientId: `client-${portalAlias}` }) as SiteProfile;

async function visit(login: string, lookUp: (login: string) => Promise<SiteProfile>) {
  const stored: SiteProfile[] = [];
  const left: string[] = [];
  const asked: string[] = [];
  const actor = createActor(
    resetRedirectMachine.provide({
      actors: {
        lookUp: fromPromise<SiteProfile, { login: string }>(({ input }) => {
          asked.push(input.login);
          return lookUp(input.login);
        }),
      },
      actions: {
        storeSiteProfile: (_, { profile }) => stored.push(profile),
        leaveFor: (_, { path }) => left.push(path),
      },
    }),
    { input: { login } },
  );
  actor.start();
  await waitFor(actor, (s) => s.status === 'done');
  return { stored, left, asked };
}

describe('Reset redirect', () => {
  it('looks the login up, stores its site profile and goes to the login page of its portal alias', async () => {
    const { stored, left, asked } = await visit('ACME__maria@acme.test', () => Promise.resolve(siteProfile('acme')));
    expect(asked).toEqual(['ACME__maria@acme.test']);
    expect(stored).toEqual([siteProfile('acme')]);
    expect(left).toEqual(['/Login/acme']);
  });

  it('goes to the plain login page when the lookup fails, storing nothing', async () => {
    const { stored, left } = await visit('someone', () => Promise.reject(new Error('offline')));
    expect(stored).toEqual([]);
    expect(left).toEqual(['/Login']);
  });
});
