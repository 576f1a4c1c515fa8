import { describe, expect, it } from 'vitest';
import {
  attemptsLeft,
  forgetAttempts,
  LOGIN_ATTEMPT_WINDOW_MS,
  MAX_LOGIN_ATTEMPTS,
  recordFailure,
} from '@machines/login/attempts';
import { postLoginDestination, redirectTargetOf } from '@machines/login/post-login';
import { menuForRole, isPathAllowed } from '@machines/guard/menu';
import { application, claims, profile } from '../../support/profiles';
import { initialsOf } from '@src/layouts/initials';
import type { Menu } from '@contracts/resources';

describe('login attempts: 5 per username per 30 minutes (spec §5, §9)', () => {
  it('counts down per username, without regard to case, and stops at zero', () => {
    let record = {};
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS + 1; i += 1) record = recordFailure(record, 'ACME__Maria@acme.test', 1000);
    expect(attemptsLeft(record, 'acme__maria@acme.test', 1000)).toBe(0);
    expect(attemptsLeft(record, 'someone@else.test', 1000)).toBe(MAX_LOGIN_ATTEMPTS);
  });

  it('forgets failures 30 minutes after the first one, and after a successful sign-in', () => {
    const record = recordFailure(recordFailure({}, 'sam', 0), 'sam', 60_000);
    expect(attemptsLeft(record, 'sam', LOGIN_ATTEMPT_WINDOW_MS - 1)).toBe(3);
    expect(attemptsLeft(record, 'sam', LOGIN_ATTEMPT_WINDOW_MS)).toBe(MAX_LOGIN_ATTEMPTS);
    expect(attemptsLeft(forgetAttempts(record, 'SAM'), 'sam', 0)).toBe(MAX_LOGIN_ATTEMPTS);
  });
});

describe('post-login routing (spec §4)', () => {
  it('goes to the stored application, matched by alias without regard to case', () => {
    expect(postLoginDestination(profile(), 'CLAIMS')).toEqual({ kind: 'application', application: claims });
  });

  it('goes to the board with more than one application and no stored one (or an unknown one)', () => {
    expect(postLoginDestination(profile(), undefined)).toEqual({ kind: 'page', path: '/board/index' });
    expect(postLoginDestination(profile(), 'Payroll Online')).toEqual({ kind: 'page', path: '/board/index' });
  });

  it('goes straight to the single application', () => {
    const single = profile({ applications: [application()] });
    expect(postLoginDestination(single, undefined)).toEqual({ kind: 'application', application: application() });
  });

  it('sends administrators to the admin area', () => {
    expect(postLoginDestination(profile({ role: 'admin', applications: [] }), undefined)).toEqual({
      kind: 'page',
      path: '/dashboard',
    });
  });
});

describe('the login page’s redirect URL (spec §2 "a query string with culture and the redirect URL")', () => {
  const origin = 'https://sso.example.test';
  const withApplication = profile({
    applications: [application({ applicationLink: 'https://claims.acme.test/start?user={userName}' })],
  });

  it('comes before the stored application and the administrators’ landing, because the person asked for it', () => {
    expect(postLoginDestination(profile(), 'claims', '/board/editProfile/x')).toEqual({
      kind: 'redirect',
      url: '/board/editProfile/x',
    });
    expect(postLoginDestination(profile({ role: 'admin' }), undefined, '/manageUsers')).toEqual({
      kind: 'redirect',
      url: '/manageUsers',
    });
    expect(postLoginDestination(profile(), undefined, '')).toEqual({ kind: 'page', path: '/board/index' });
  });

  it('leads to a page of Gatehouse or to an application of the person’s client, with its query', () => {
    expect(redirectTargetOf('/board/editProfile/%2Fboard%2Findex?FirstName=Ana', withApplication, origin)).toBe(
      '/board/editProfile/%2Fboard%2Findex?FirstName=Ana',
    );
    expect(redirectTargetOf(`${origin}/manageUsers`, withApplication, origin)).toBe('/manageUsers');
    expect(redirectTargetOf('https://claims.acme.test/claims/42', withApplication, origin)).toBe(
      'https://claims.acme.test/claims/42',
    );
  });

  it('any other address leads to the board: never an open redirect', () => {
    const foreign = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'https://claims.acme.test.evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ];
    expect(foreign.map((url) => redirectTargetOf(url, withApplication, origin))).toEqual(
      foreign.map(() => '/board/index'),
    );
    // An application of the client that the person does not have vouches for nothing.
    expect(redirectTargetOf('https://claims.acme.test/', profile({ applications: [] }), origin)).toBe('/board/index');
  });
});

describe('role-based menu (public-and-profile §6, admin-and-board §6)', () => {
  const item = (
    linkUrl: string,
    roleAccess: Menu['menuItems'][number]['roleAccess'],
    order: number,
    hidden = false,
  ) => ({
    linkUrl,
    imageName: 'x',
    caption: linkUrl,
    order,
    hidden,
    roleAccess,
  });
  const menu: Menu = {
    section: 'Portal',
    menuItems: [
      item('/manageUsers', ['admin', 'clientadmin'], 2),
      item('/dashboard', ['admin', 'clientadmin'], 1),
      item('/application', ['admin'], 3),
      item('/field', ['admin'], 4, true),
      item('/board/index', ['admin', 'clientadmin', 'user'], 5),
    ],
  };

  it('keeps shown items that allow the role, in order', () => {
    expect(menuForRole(menu, 'admin').map((entry) => entry.linkUrl)).toEqual([
      '/dashboard',
      '/manageUsers',
      '/application',
      '/board/index',
    ]);
  });

  it('hides the board entry from client administrators', () => {
    expect(menuForRole(menu, 'clientadmin').map((entry) => entry.linkUrl)).toEqual(['/dashboard', '/manageUsers']);
  });

  it("allows a page under a menu entry and the person's own profile, nothing else", () => {
    const items = menuForRole(menu, 'clientadmin');
    expect(isPathAllowed(items, '/Dashboard/')).toBe(true);
    expect(isPathAllowed(items, '/profile/abc')).toBe(true);
    expect(isPathAllowed(items, '/application')).toBe(false);
  });
});

describe('initials (admin-and-board §3)', () => {
  it('takes the first and last name parts, or with four parts the first and the second-to-last', () => {
    expect(initialsOf('sam rivera')).toBe('SR');
    expect(initialsOf('María José García López')).toBe('MG');
    expect(initialsOf('Jordan Lee Ellis')).toBe('JE');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('  ')).toBe('');
  });
});
