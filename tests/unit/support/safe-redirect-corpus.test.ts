import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, sameOriginPath } from '@machines/support/safe-redirect';

/**
 * Issue 29 §7 "Open redirect through control characters": every control and whitespace character, in every position
 * of addresses that lead to another host, against the one safe-redirect rule. The browser's URL parser (WHATWG, which
 * `new URL` in Node implements too) removes TAB, LF and CR anywhere and trims C0 controls and spaces at both ends, so
 * `/` + TAB + `/evil.test` is `//evil.test`. Whatever the rule lets through must, parsed as the browser parses it, stay
 * on the portal's origin or go to an application's host.
 */
const origin = 'https://portal.gatehouse.test';
const allowedHost = 'apps.acme.test';
const rule = { origin, allowedHosts: [allowedHost] };

const codePoints = [
  ...Array.from({ length: 0x21 }, (_, i) => i), // U+0000–U+0020: C0 controls and the space
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i), // C1 controls
  0xa0,
  0x1680,
  0x180e,
  ...Array.from({ length: 0x0b }, (_, i) => 0x2000 + i), // U+2000–U+200A
  0x200b,
  0x200c,
  0x200d,
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
  0xfeff,
];
const characters = codePoints.map((code) => String.fromCodePoint(code));

/** Addresses that lead to another host, or look like a path and nearly do. */
const bases = [
  '//evil.test',
  '//evil.test/board/index',
  '///evil.test',
  '/ /evil.test',
  'https://evil.test',
  'http://evil.test/x',
  'https:evil.test',
  `//${allowedHost}.evil.test`,
  '/board/index',
];

function* corpus(): Generator<string> {
  for (const base of bases) {
    for (const character of characters) {
      for (let at = 0; at <= base.length; at += 1) yield `${base.slice(0, at)}${character}${base.slice(at)}`;
    }
    // Two at once, at the front: `/` TAB `/` LF `evil.test`.
    for (const a of ['\t', '\n', '\r']) for (const b of ['\t', '\n', '\r']) yield `/${a}/${b}evil.test`;
  }
}

/** Where the browser goes when it follows `value` from a page of the portal. */
const browserTarget = (value: string) => new URL(value, `${origin}/LogOut/x`);

describe('the safe-redirect rule against every control and whitespace character in every position', () => {
  it('never lets a value through that the browser would follow to another host', () => {
    const escapes: string[] = [];
    let tried = 0;
    for (const value of corpus()) {
      tried += 1;
      const target = safeRedirectTarget(value, rule);
      if (target === undefined) continue;
      // What the rule returns is what the SPA navigates to or writes in an href: it must stay where the rule said.
      const followed = browserTarget(target);
      if (followed.origin !== origin && followed.host !== allowedHost) escapes.push(JSON.stringify(value));
      // And the rule agrees with the browser on the value as given.
      const direct = browserTarget(value);
      if (direct.origin !== origin && direct.host !== allowedHost) escapes.push(JSON.stringify(value));
    }
    expect(tried).toBeGreaterThan(10_000);
    expect(escapes).toEqual([]);
  });

  it('refuses the addresses of the report, which a startsWith("/") rule took as in-app paths', () => {
    const report = [
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r/evil.test',
      '\t//evil.test',
      ' //evil.test',
      '/\t/\tevil.test',
    ];
    for (const value of report) {
      // The hole: to a rule that reads text it looks like a path, but the browser leaves the site.
      expect(browserTarget(value).host).toBe('evil.test');
      expect(safeRedirectTarget(value, rule)).toBeUndefined();
    }
  });

  it('still follows in-app paths written with harmless whitespace, as the parsed path', () => {
    expect(safeRedirectTarget('/board/index', rule)).toBe('/board/index');
    expect(safeRedirectTarget('\t/board/index ', rule)).toBe('/board/index');
    expect(safeRedirectTarget('/board/\nindex', rule)).toBe('/board/index');
    expect(safeRedirectTarget(`${origin}//evil.test`, rule)).toBe('/evil.test');
    expect(safeRedirectTarget(`https://${allowedHost}/\thome`, rule)).toBe(`https://${allowedHost}/home`);
    expect(sameOriginPath('/\t/evil.test', origin)).toBeUndefined();
  });
});
