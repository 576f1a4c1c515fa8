import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AddressLookupConfig } from '@contracts/public-config';
import type { AddressComponent } from '@machines/profile-form/address-parts';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import type { ProfileResult, ProfileSaveInput } from '@machines/profile-form/profile-form.types';
import { ProfileForm } from '@src/profile/form/ProfileForm';
import type { PlacesLibrary } from '@src/profile/address/google-places';
import { addressComponent } from '@tests/support/address-fixtures';
import { renderDialogHost } from '@tests/support/admin-dialog-host';
import { editInput, formDefinition, formField, profileLoaded } from '@tests/support/profile-fixtures';

/**
 * The address lookup on the street line of a profile form (spec public-and-profile §2 "Address: autocomplete through
 * the maps script only when MAPS_API_KEY is set"): the real form and field views, the real lookup machine and Google
 * adapter. Only Google is fake, at its script: the test answers the maps script's tag as the script would (defining
 * `google.maps.importLibrary` and calling the page's callback), with a Places library that knows two addresses.
 */

const google: AddressLookupConfig = { provider: 'google', apiKey: 'browser-key' };
const component = addressComponent;
const addresses = [
  {
    placeId: 'amphitheatre',
    text: '1600 Amphitheatre Pkwy, Mountain View, CA, USA',
    components: [
      component(['street_number'], '1600'),
      component(['route'], 'Amphitheatre Parkway'),
      component(['locality'], 'Mountain View'),
      component(['administrative_area_level_1'], 'California', 'CA'),
      component(['postal_code'], '94043'),
    ],
  },
  {
    placeId: 'pennsylvania',
    text: '1600 Pennsylvania Ave NW, Washington, DC, USA',
    components: [
      component(['street_number'], '1600'),
      component(['route'], 'Pennsylvania Avenue Northwest'),
      component(['locality'], 'Washington'),
      component(['administrative_area_level_1'], 'District of Columbia', 'DC'),
      component(['postal_code'], '20500'),
    ],
  },
];

/** What the fake Places library was asked. */
const asked: { input: string; language: string }[] = [];
const places: PlacesLibrary = {
  AutocompleteSessionToken: class SessionToken {
    readonly startedAt = Date.now();
  },
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions: ({ input, language }) => {
      asked.push({ input, language });
      const found = addresses.filter((address) => address.text.toLowerCase().startsWith(input.toLowerCase()));
      return Promise.resolve({
        suggestions: found.map((address) => ({
          placePrediction: {
            placeId: address.placeId,
            text: { toString: () => address.text },
            toPlace: () => {
              const place = {
                addressComponents: undefined as AddressComponent[] | undefined,
                fetchFields: () => {
                  place.addressComponents = address.components;
                  return Promise.resolve(place);
                },
              };
              return place;
            },
          },
        })),
      });
    },
  },
};

/** Answers the maps script's tag as Google's script would; returns the address it was loaded from. */
async function mapsScriptRuns(): Promise<URL> {
  const script = await waitFor(() => {
    const found = document.head.querySelector<HTMLScriptElement>('script[src^="https://maps.googleapis.com/"]');
    if (found === null) throw new Error('the maps script has not been asked for yet');
    return found;
  });
  window.google = { maps: { importLibrary: () => Promise.resolve(places) } };
  window.__gatehouseMapsReady?.();
  return new URL(script.src);
}

const addressForm = formDefinition({
  applications: [],
  fields: [
    formField({ fieldName: 'Street', metaTag: 'GoogleAddress', value: '' }),
    formField({ fieldName: 'City', metaTag: 'GoogleCity', value: '' }),
    formField({ fieldName: 'State', metaTag: 'GoogleState', value: '' }),
    formField({ fieldName: 'Zip', metaTag: 'GoogleZipCode', value: '' }),
  ],
});

async function openForm(addressLookup: AddressLookupConfig | null) {
  const logic = profileFormMachine.provide({
    actors: {
      load: fromPromise(() => Promise.resolve(profileLoaded({ form: addressForm, addressLookup }))) as never,
      save: fromPromise<ProfileResult, ProfileSaveInput>(() => new Promise(() => undefined)),
    },
  });
  renderDialogHost({
    logic,
    input: (notifications) => ({ ...editInput(), notifications }),
    view: (formRef) => <ProfileForm formRef={formRef} loadFailure={null} />,
  });
  await screen.findByTestId('profile-form');
  return userEvent.setup({ delay: null });
}

afterEach(() => {
  asked.length = 0;
});

// The script is loaded once per page, as in a browser: the first test answers it, the others find it answered.
describe('the address lookup of the profile form', () => {
  it('offers places for the street line and fills the address block from the one chosen with the keyboard', async () => {
    const user = await openForm(google);
    const street = screen.getByRole('combobox', { name: 'Street' });
    await user.type(street, '1600 P');
    const src = await mapsScriptRuns();
    expect(src.searchParams.get('key')).toBe('browser-key');
    expect(src.searchParams.get('language')).toBe('en');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1600 Pennsylvania Ave NW, Washington, DC, USA']);
    expect(screen.getByText('Powered by Google')).toBeInTheDocument();
    // One lookup after the pause, with the whole text: not one per keystroke.
    expect(asked).toEqual([{ input: '1600 P', language: 'en' }]);

    await user.keyboard('{ArrowDown}');
    expect(street).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Washington');
    });
    expect(street).toHaveValue('1600 Pennsylvania Avenue Northwest');
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveValue('DC');
    expect(screen.getByRole('textbox', { name: 'Zip' })).toHaveValue('20500');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('chooses a place with the mouse, and closes the list on Escape', async () => {
    const user = await openForm(google);
    const street = screen.getByRole('combobox', { name: 'Street' });
    await user.type(street, '1600');
    const list = await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(list).not.toBeInTheDocument();
    await user.type(street, ' A');
    await user.click(await screen.findByRole('option', { name: '1600 Amphitheatre Pkwy, Mountain View, CA, USA' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Mountain View');
    });
    expect(street).toHaveValue('1600 Amphitheatre Parkway');
  });

  it('is a plain input when the server offers no lookup', async () => {
    const user = await openForm(null);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Street' }), '1600 Amphitheatre');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
