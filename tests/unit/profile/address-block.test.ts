import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AddressLookupConfig } from '@contracts/public-config';
import { addressPartsOf } from '@machines/profile-form/address-parts';
import { applyEdit, draftOf, emptyDraft, failureOf } from '@machines/profile-form/profile-draft';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import { selectFieldView } from '@machines/profile-form/profile-form.selectors';
import type { ProfileFormInput, ProfileLoaded } from '@machines/profile-form/profile-form.types';
import { addressComponent } from '../../support/address-fixtures';
import { fakePorts } from '../../support/fake-ports';
import { agentInput, editInput, formDefinition, formField, profileLoaded } from '../../support/profile-fixtures';

/**
 * The address block of the profile form (spec public-and-profile §2 "Address: plain inputs; autocomplete through the
 * maps script", the meta tags of §6): how a place's components become the block's parts, which fields a chosen place
 * fills, and which field offers the lookup.
 */

const component = addressComponent;

describe('a place as the address block’s parts', () => {
  it('reads a US address: number and street, apartment, city, the state’s short form, ZIP code', () => {
    expect(
      addressPartsOf([
        component(['street_number'], '1600'),
        component(['route'], 'Amphitheatre Parkway', 'Amphitheatre Pkwy'),
        component(['subpremise'], 'Suite 4'),
        component(['locality', 'political'], 'Mountain View'),
        component(['administrative_area_level_2', 'political'], 'Santa Clara County'),
        component(['administrative_area_level_1', 'political'], 'California', 'CA'),
        component(['postal_code'], '94043'),
      ]),
    ).toEqual({
      GoogleAddress: '1600 Amphitheatre Parkway',
      GoogleAddress2: 'Suite 4',
      GoogleCity: 'Mountain View',
      GoogleState: 'CA',
      GoogleZipCode: '94043',
    });
  });

  it('takes the postal town where there is no locality, and empties every part the place lacks', () => {
    expect(
      addressPartsOf([
        component(['route'], 'Baker Street'),
        component(['postal_town'], 'London'),
        component(['country', 'political'], 'United Kingdom', 'GB'),
      ]),
    ).toEqual({
      GoogleAddress: 'Baker Street',
      GoogleAddress2: '',
      GoogleCity: 'London',
      GoogleState: '',
      GoogleZipCode: '',
    });
  });
});

const google: AddressLookupConfig = { provider: 'google', apiKey: 'browser-key' };
const addressForm = formDefinition({
  applications: [],
  fields: [
    formField({ fieldName: 'Street', metaTag: 'GoogleAddress', value: 'typed street' }),
    formField({ fieldName: 'Apartment', metaTag: 'GoogleAddress2', value: 'Apt 9' }),
    formField({ fieldName: 'City', metaTag: 'GoogleCity', value: '' }),
    // Agents may not change the state (FieldTemplateLockFor).
    formField({ fieldName: 'State', metaTag: 'GoogleState', value: 'NY', fieldTemplateLockFor: ['agent'] }),
    formField({ fieldName: 'Zip', metaTag: 'GoogleZipCode', value: '', dataLength: 5 }),
    formField({ fieldName: 'Nickname', metaTag: null, value: 'Bob' }),
  ],
});
const chosen = {
  GoogleAddress: '1600 Amphitheatre Parkway',
  GoogleAddress2: '',
  GoogleCity: 'Mountain View',
  GoogleState: 'CA',
  GoogleZipCode: '94043-1351',
};

const fill = (input: ProfileFormInput, loaded: ProfileLoaded) =>
  applyEdit(draftOf(loaded, input, emptyDraft(input)), { kind: 'address', parts: chosen }, loaded, input);

describe('a chosen place fills the address block', () => {
  const loaded = profileLoaded({ form: addressForm, addressLookup: google });
  const input = agentInput({ viewer: { admin: false, role: 'agent' } });

  it('fills every address field the viewer may edit, empties the apartment, and leaves locked and other fields', () => {
    const draft = fill(input, loaded);
    expect(draft.values).toEqual({
      Street: '1600 Amphitheatre Parkway',
      Apartment: '',
      City: 'Mountain View',
      State: 'NY',
      Zip: '94043-1351',
      Nickname: 'Bob',
    });
  });

  it('shows the filled fields’ messages at once (a ZIP code longer than its field allows)', () => {
    const draft = fill(input, loaded);
    expect(draft.touched).toEqual({
      'fields.Street': true,
      'fields.Apartment': true,
      'fields.City': true,
      'fields.Zip': true,
    });
    expect(failureOf('fields.Zip', draft, loaded, input)).toEqual({
      kind: 'dataLength',
      messageKey: 'FormField_Message_Zip',
    });
  });

  it('changes nothing on a form without an address block', () => {
    const plain = profileLoaded({
      form: formDefinition({ applications: [], fields: [formField({ fieldName: 'Nickname' })] }),
    });
    const before = draftOf(plain, input, emptyDraft(input));
    expect(applyEdit(before, { kind: 'address', parts: chosen }, plain, input)).toBe(before);
  });
});

describe('the street line offers the lookup', () => {
  async function viewsOf(input: Omit<ProfileFormInput, 'notifications'>, loaded: ProfileLoaded) {
    const actor = createActor(
      profileFormMachine.provide({ actors: { load: fromPromise(() => Promise.resolve(loaded)) } }),
      { input: { ...input, notifications: fakePorts().ports.notifications } },
    ).start();
    await waitFor(actor, (s) => s.hasTag('editing'));
    const lookupOf = (name: string) => selectFieldView(actor.getSnapshot(), name)?.lookup;
    return { street: lookupOf('Street'), city: lookupOf('City') };
  }

  it('on the GoogleAddress field only, when the server offers one', async () => {
    expect(await viewsOf(editInput(), profileLoaded({ form: addressForm, addressLookup: google }))).toEqual({
      street: google,
      city: undefined,
    });
    expect(await viewsOf(editInput(), profileLoaded({ form: addressForm, addressLookup: null }))).toEqual({
      street: undefined,
      city: undefined,
    });
  });

  it('not when the street line is locked for the viewer', async () => {
    const locked = formDefinition({
      applications: [],
      fields: [formField({ fieldName: 'Street', metaTag: 'GoogleAddress', fieldTemplateLockFor: ['agent'] })],
    });
    const views = await viewsOf(
      agentInput({ viewer: { admin: false, role: 'agent' } }),
      profileLoaded({ form: locked, addressLookup: google }),
    );
    expect(views.street).toBeUndefined();
  });
});
