import { describe, expect, it } from 'vitest';
import { flowTable } from '@machines/app/app.flows';
import type { PageLocation } from '@machines/app/app.types';
import { describeLocation, paths, resolveRoute } from '@src/app/routes';
import { fakePorts } from '../../support/fake-ports';
import { profile } from '../../support/profiles';

/** The profile pages' addresses (public-and-profile §2 routes, analytics names; admin-and-board §2 profile pages). */
const located = (path: string, search = ''): PageLocation => {
  const location = describeLocation(path, search);
  if (location === undefined) throw new Error(`${path} is a redirect`);
  return location;
};

describe('the profile pages’ routes', () => {
  it('sign-up takes its three shapes, runs the sign-up flow and records /registration/profile', () => {
    for (const path of [
      '/SignUp/acme',
      '/SignUp/acme/ana%40example.test',
      '/SignUp/acme/ana%40example.test/%2FLogin',
    ]) {
      expect(located(path)).toMatchObject({ flow: 'signUp', page: 'signup', analyticsPage: '/registration/profile' });
    }
  });

  it('sign-up reads client, e-mail and redirect URL from the route, else from the query, and stepIndex', () => {
    const host = { culture: 'es' as const, profile: undefined, ports: fakePorts().ports };
    expect(
      flowTable.signUp.input({ ...host, location: located('/SignUp/acme/ana%40example.test/%2FLogin') }),
    ).toMatchObject({
      clientId: 'acme',
      email: 'ana@example.test',
      redirectUrl: '/Login',
      startStep: 0,
    });
    const byQuery = located('/SignUp/acme', '?email=bo%40example.test&redirectUrl=%2Fboard%2Findex&stepIndex=1');
    expect(flowTable.signUp.input({ ...host, location: byQuery })).toMatchObject({
      clientId: 'acme',
      email: 'bo@example.test',
      redirectUrl: '/board/index',
      startStep: 1,
    });
  });

  it('Edit Profile runs on the board (no top bar, /edit-profile/profile) and as the admin profile page', () => {
    expect(located('/board/editProfile/%2Fboard%2Findex/Benefits')).toMatchObject({
      flow: 'editProfile',
      area: 'board',
      analyticsPage: '/edit-profile/profile',
      params: { redirectUrl: '/board/index', applicationName: 'Benefits' },
    });
    expect(located('/profile')).toMatchObject({ flow: 'editProfile', area: 'admin', page: 'profile' });
    const host = { culture: 'en-us' as const, profile: profile(), ports: fakePorts().ports };
    expect(flowTable.editProfile.input({ ...host, location: located('/profile') }).fallback).toBe('/dashboard');
    expect(
      flowTable.editProfile.input({ ...host, location: located('/board/editProfile/x', '?stepIndex=1') }),
    ).toMatchObject({ fallback: '/board/index', redirectUrl: 'x', startStep: 1 });
  });

  it('the board’s Edit Profile without a return address opens as the top bar’s, returning to the board', () => {
    expect(resolveRoute('/board/editProfile')).toEqual({
      kind: 'redirect',
      to: paths.editProfile({ redirectUrl: paths.boardIndex() }),
    });
  });
});
