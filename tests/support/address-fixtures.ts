import type { AddressSuggestion } from '@machines/address-lookup/address-lookup.machine';
import type { AddressComponent, AddressParts } from '@machines/profile-form/address-parts';

/** One component of a place's address as Google's Places data API answers it. */
export const addressComponent = (types: string[], longText: string, shortText = longText): AddressComponent => ({
  types,
  longText,
  shortText,
});

/** Two places a lookup for "1600" offers, and the parts the second resolves into. */
export const placesFor1600: AddressSuggestion[] = [
  { id: 'amphitheatre', text: '1600 Amphitheatre Pkwy, Mountain View, CA, USA' },
  { id: 'pennsylvania', text: '1600 Pennsylvania Ave NW, Washington, DC, USA' },
];
export const pennsylvaniaParts: AddressParts = {
  GoogleAddress: '1600 Pennsylvania Avenue Northwest',
  GoogleAddress2: '',
  GoogleCity: 'Washington',
  GoogleState: 'DC',
  GoogleZipCode: '20500',
};
