import { describe, expect, it } from 'vitest';
import { LINK_VALUE_LIMIT, linkControlsOf, noLinkControls } from '@machines/profile-form/link-controls';
import {
  applyEdit,
  draftOf,
  emptyDraft,
  failureOf,
  saveInputOf,
  visibleFields,
} from '@machines/profile-form/profile-draft';
import type { ProfileFormInput, ProfileLoaded } from '@machines/profile-form/profile-form.types';
import { formDefinition, formField, profileLoaded, registerInput } from '../../support/profile-fixtures';

/**
 * Links from client applications into the profile form (public-and-profile §2 "Query parameters used across pages",
 * docs/links.md): a parameter named after a meta tag prefills its field, `EF`/`DF` enable or disable by meta tag.
 */
describe('reading a link’s prefills and field controls', () => {
  it('prefills by meta tag, whatever the case of the parameter, and ignores parameters that name no meta tag', () => {
    const link = linkControlsOf({ FirstName: 'Ana', lastname: 'Ruiz', redirectUrl: '/board', Nickname: 'x' });
    expect(link).toEqual({ prefill: { FirstName: 'Ana', LastName: 'Ruiz' }, disabled: [], problems: [] });
  });

  it('disables the meta tags DF lists unless EF lists them again, and names every tag no field can have', () => {
    const link = linkControlsOf({ DF: 'GoogleAddress, GoogleCity,Nickname', ef: 'googlecity', EF: 'x' });
    expect(link.disabled).toEqual(['GoogleAddress']);
    expect(link.problems).toEqual([{ kind: 'unknownTag', parameter: 'DF', tag: 'Nickname' }]);
    expect(linkControlsOf({ EF: 'Bogus', DF: '' }).problems).toEqual([
      { kind: 'unknownTag', parameter: 'EF', tag: 'Bogus' },
    ]);
  });

  it('refuses a value longer than the limit whole, saying which parameter, and uses the rest of the link', () => {
    const long = 'a'.repeat(10 * 1024);
    const link = linkControlsOf({ FirstName: long, LastName: 'Ruiz', DF: `GoogleCity,${long}` });
    expect(link.prefill).toEqual({ LastName: 'Ruiz' });
    expect(link.disabled).toEqual([]);
    expect(link.problems).toEqual([
      { kind: 'tooLong', parameter: 'FirstName' },
      { kind: 'tooLong', parameter: 'DF' },
    ]);
    expect(linkControlsOf({ FirstName: 'a'.repeat(LINK_VALUE_LIMIT) }).problems).toEqual([]);
  });
});

describe('a link on the profile form', () => {
  const first = formField({
    fieldName: 'First',
    metaTag: 'FirstName',
    dataLength: 20,
    validationRegex: '^[A-Za-z ]*$',
  });
  const last = formField({ fieldName: 'Last', metaTag: 'LastName', fieldTemplateLockFor: ['guest'] });
  const city = formField({ fieldName: 'City', metaTag: 'GoogleCity', fieldDisable: true, value: 'Lyon' });
  const address = formField({ fieldName: 'Street', metaTag: 'GoogleAddress', value: '1 Main St' });
  const loaded: ProfileLoaded = profileLoaded({ form: formDefinition({ fields: [first, last, city, address] }) });
  const withLink = (query: Record<string, string>): ProfileFormInput =>
    registerInput({ link: linkControlsOf(query), viewer: { admin: false, role: 'guest' } });
  const draftFor = (input: ProfileFormInput) => draftOf(loaded, input, emptyDraft(input));

  it('prefills only fields the viewer may edit: never a field locked for the role or disabled by its definition', () => {
    const input = withLink({ FirstName: 'Ana', LastName: 'Ruiz', GoogleCity: 'Paris', GoogleAddress: '2 Elm St' });
    expect(draftFor(input).values).toEqual({ First: 'Ana', Last: '', City: 'Lyon', Street: '2 Elm St' });
    expect(saveInputOf(draftFor(input), loaded, input)).toMatchObject({
      body: { fields: { First: 'Ana', Street: '2 Elm St' } },
    });
  });

  it('checks a prefill by the field’s own rules at once, as a typed value: markup is refused, never rendered', () => {
    const input = withLink({ FirstName: '<b>Ana</b>' });
    const draft = draftFor(input);
    expect(draft.values.First).toBe('<b>Ana</b>');
    expect(draft.touched['fields.First']).toBe(true);
    expect(failureOf('fields.First', draft, loaded, input)).toMatchObject({ kind: 'pattern' });
  });

  it('keeps a field DF names as the link left it: typing and the address lookup leave it, the save still sends it', () => {
    const input = withLink({ GoogleAddress: '2 Elm St', DF: 'GoogleAddress' });
    const draft = draftFor(input);
    expect(applyEdit(draft, { kind: 'field', name: 'Street', value: 'elsewhere' }, loaded, input)).toBe(draft);
    expect(saveInputOf(draft, loaded, input)).toMatchObject({ body: { fields: { Street: '2 Elm St' } } });
    const typed = applyEdit(draft, { kind: 'field', name: 'First', value: 'Ana' }, loaded, input);
    expect(typed.values.First).toBe('Ana');
  });

  it('shows only the fields a profile page’s filterFields names, by field name or meta tag, never a hidden one', () => {
    const hidden = formField({ fieldName: 'Secret', templateHiddenField: true });
    const form = formDefinition({ fields: [first, last, city, hidden] });
    const input = (filterFields: string | undefined) =>
      registerInput({ link: linkControlsOf({}, { filterFields }), viewer: { admin: false, role: 'guest' } });
    const names = (filterFields: string | undefined) =>
      visibleFields(form, input(filterFields)).map((field) => field.fieldName);
    expect(names('last, googlecity,Secret')).toEqual(['Last', 'City']);
    expect(names(undefined)).toEqual(['First', 'Last', 'City']);
    expect(names(' , ')).toEqual(['First', 'Last', 'City']);
  });

  it('changes nothing without a link', () => {
    const input = registerInput({ link: noLinkControls });
    expect(draftFor(input).values).toEqual({ First: '', Last: '', City: 'Lyon', Street: '1 Main St' });
    expect(draftFor(input).touched).toEqual({});
  });
});
