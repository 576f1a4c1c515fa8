import { describe, expect, it } from 'vitest';
import { applicationHosts, findApplication, substitutePlaceholders } from '@machines/support/application-links';
import { safeRedirectTarget } from '@machines/support/safe-redirect';
import { application, claims, profile } from '../../support/profiles';

describe('placeholder substitution (spec §9)', () => {
  it('fills the person, client, culture and role of the application, URL-encoded', () => {
    const link = substitutePlaceholders(application().applicationLink, {
      profile: profile(),
      application: application(),
      currentPath: '/board/index',
    });
    expect(link).toBe('/demo-apps/benefits?user=maria%40acme.test&culture=es&client=client-acme&role=Member');
  });

  it('fills tokens and profile fields by name, without regard to case, and leaves unknown ones as written', () => {
    const link = substitutePlaceholders('/x?t={accessToken}&n={employeenumber}&u={unknown}', {
      profile: profile(),
      application: application(),
      tokens: { accessToken: 'a.b.c' },
      currentPath: '/board/index',
    });
    expect(link).toBe('/x?t=a.b.c&n=AC%201%2F2&u={unknown}');
  });

  it('drops a leading /aulv1/ unless the current page is under it', () => {
    const args = { profile: profile(), application: application() };
    expect(substitutePlaceholders('/aulv1/dashboard', { ...args, currentPath: '/board/index' })).toBe('/dashboard');
    expect(substitutePlaceholders('/aulv1/dashboard', { ...args, currentPath: '/aulv1/board' })).toBe(
      '/aulv1/dashboard',
    );
  });

  it('finds an application by name or alias without regard to case', () => {
    expect(findApplication([application(), claims], 'CLAIMS')?.id).toBe('app-claims');
    expect(findApplication([application(), claims], 'benefits center')?.id).toBe('app-benefits');
    expect(findApplication([application(), claims], 'payroll')).toBeUndefined();
  });
});

describe('safe redirect (no open redirect)', () => {
  const rule = { origin: 'http://localhost:3000', allowedHosts: ['apps.acme.test'] };

  it('follows an in-app path and a same-origin address', () => {
    expect(safeRedirectTarget('/board/index', rule)).toBe('/board/index');
    expect(safeRedirectTarget('http://localhost:3000/Faq?x=1', rule)).toBe('/Faq?x=1');
  });

  it('follows an application link host only', () => {
    expect(safeRedirectTarget('https://apps.acme.test/home', rule)).toBe('https://apps.acme.test/home');
    expect(safeRedirectTarget('https://evil.test/home', rule)).toBeUndefined();
  });

  it('refuses protocol-relative, script and data addresses and unsafe characters', () => {
    for (const url of ['//evil.test', 'javascript:alert(1)', 'data:text/html,x', '/a<script>', '/a|b', '/\\evil']) {
      expect(safeRedirectTarget(url, rule)).toBeUndefined();
    }
  });

  it('collects the hosts of absolute application links only', () => {
    const links = [application({ applicationLink: 'https://Apps.Acme.test/x' }), application()];
    expect(applicationHosts(links)).toEqual(['apps.acme.test']);
  });
});
