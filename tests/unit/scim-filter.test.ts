import { describe, expect, it } from 'vitest';
import { ScimError } from '@server/scim/errors';
import { parseFilter } from '@server/scim/filter';
import { applyPatch, readPatchBody } from '@server/scim/patch';

/** The hand-written SCIM filter parser (RFC 7644 §3.4.2.2) and PATCH (§3.5.2), without a database. */
describe('SCIM filter parser', () => {
  it('parses the RFC’s examples into a tree, names and operators without case', () => {
    expect(parseFilter('userName Eq "john"')).toEqual({
      kind: 'compare',
      attribute: 'userName',
      op: 'eq',
      value: 'john',
    });
    expect(parseFilter('title pr')).toEqual({ kind: 'present', attribute: 'title' });
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"')).toMatchObject({
      attribute: 'urn:ietf:params:scim:schemas:core:2.0:User:userName',
      op: 'sw',
    });
    expect(parseFilter('title pr and userType eq "Employee"')).toMatchObject({ kind: 'and' });
    expect(
      parseFilter('userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")'),
    ).toEqual({
      kind: 'and',
      left: { kind: 'compare', attribute: 'userType', op: 'eq', value: 'Employee' },
      right: {
        kind: 'or',
        left: { kind: 'compare', attribute: 'emails', op: 'co', value: 'example.com' },
        right: { kind: 'compare', attribute: 'emails.value', op: 'co', value: 'example.org' },
      },
    });
    expect(parseFilter('userType ne "Employee" and not (emails co "example.com")')).toMatchObject({
      right: { kind: 'not' },
    });
    expect(parseFilter('emails[type eq "work" and value co "@example.com"]')).toEqual({
      kind: 'and',
      left: { kind: 'compare', attribute: 'emails.type', op: 'eq', value: 'work' },
      right: { kind: 'compare', attribute: 'emails.value', op: 'co', value: '@example.com' },
    });
    expect(parseFilter('active eq false')).toMatchObject({ value: false });
    expect(parseFilter('userName eq "a \\"quoted\\" \\u0041"')).toMatchObject({ value: 'a "quoted" A' });
  });

  it('binds and tighter than or', () => {
    expect(parseFilter('a eq "1" or b eq "2" and c eq "3"')).toMatchObject({
      kind: 'or',
      right: { kind: 'and' },
    });
  });

  it.each([
    '',
    'userName',
    'userName eq',
    'userName xx "a"',
    'userName eq "unclosed',
    '(userName eq "a"',
    'userName eq "a")',
    'userName eq "a" and',
    'not userName eq "a"',
    'userName eq bare',
    'emails[value eq "a"',
    'emails[type eq "w"][value eq "x"]',
    '"a" eq userName',
    'userName eq "\\q"',
    `${'('.repeat(40)}a eq "1"${')'.repeat(40)}`,
  ])('refuses %j as invalidFilter', (filter) => {
    let caught: unknown;
    try {
      parseFilter(filter);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ScimError);
    expect(caught).toMatchObject({ status: 400, scimType: 'invalidFilter' });
  });
});

describe('SCIM PATCH', () => {
  const user = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    id: 'x',
    userName: 'ann@acme.test',
    name: { givenName: 'Ann', familyName: 'Lee' },
    active: true,
    emails: [{ value: 'ann@acme.test', type: 'work', primary: true }],
    'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User': { City: 'Boston' },
  };
  const ops = (...operations: object[]) =>
    readPatchBody({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations });

  it('replaces with and without a path, adds a profile field and removes one', () => {
    const patched = applyPatch(
      user,
      ops(
        { op: 'Replace', path: 'name.givenName', value: 'Annie' },
        { op: 'replace', value: { active: 'False' } },
        { op: 'add', path: 'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User:State', value: 'MA' },
        { op: 'remove', path: 'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User:City' },
      ),
    );
    expect(patched).toMatchObject({
      name: { givenName: 'Annie', familyName: 'Lee' },
      active: false,
      'urn:gatehouse:params:scim:schemas:extension:profile:2.0:User': { State: 'MA' },
    });
    expect(user.name.givenName).toBe('Ann');
  });

  it('follows a value filter in a path, and says noTarget when nothing matches', () => {
    expect(
      applyPatch(user, ops({ op: 'replace', path: 'emails[type eq "work"].value', value: 'b@acme.test' })).emails,
    ).toEqual([{ value: 'b@acme.test', type: 'work', primary: true }]);
    expect(() => applyPatch(user, ops({ op: 'replace', path: 'emails[type eq "home"].value', value: 'x' }))).toThrow(
      expect.objectContaining({ scimType: 'noTarget' }),
    );
  });

  it('refuses a remove without a path (noTarget), read-only attributes (mutability) and bad bodies (invalidSyntax)', () => {
    expect(() => applyPatch(user, ops({ op: 'remove' }))).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
    expect(() => applyPatch(user, ops({ op: 'replace', path: 'id', value: 'y' }))).toThrow(
      expect.objectContaining({ scimType: 'mutability' }),
    );
    expect(() => applyPatch(user, ops({ op: 'replace', path: 'a b c', value: 'y' }))).toThrow(
      expect.objectContaining({ scimType: 'invalidPath' }),
    );
    expect(() => readPatchBody({ Operations: [{ op: 'add', value: {} }] })).toThrow(
      expect.objectContaining({ scimType: 'invalidSyntax' }),
    );
    expect(() => ops({ op: 'move', path: 'x' })).toThrow(expect.objectContaining({ scimType: 'invalidSyntax' }));
    expect(() => readPatchBody([])).toThrow(expect.objectContaining({ scimType: 'invalidSyntax' }));
  });
});
