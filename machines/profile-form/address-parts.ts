/**
 * The address block of a profile form (spec public-and-profile §2 "Address", the meta tags of §6): the fields tagged
 * GoogleAddress … GoogleZipCode are one address. A place chosen from the address lookup fills all five at once —
 * a part the place does not have empties its field, so no apartment or ZIP code of an earlier address stays behind.
 */
export const addressMetaTags = [
  'GoogleAddress',
  'GoogleAddress2',
  'GoogleCity',
  'GoogleState',
  'GoogleZipCode',
] as const;
export type AddressMetaTag = (typeof addressMetaTags)[number];
export type AddressParts = Readonly<Record<AddressMetaTag, string>>;

/** The meta tag of the field the lookup attaches to (the street line, where the person types). */
export const LOOKUP_META_TAG: AddressMetaTag = 'GoogleAddress';

/** One component of a place's address as Google's Places data API names it (`Place.addressComponents`). */
export type AddressComponent = {
  longText: string | null;
  shortText: string | null;
  types: readonly string[];
};

export const isAddressMetaTag = (tag: string | null): tag is AddressMetaTag =>
  tag !== null && (addressMetaTags as readonly string[]).includes(tag);

/**
 * A place's components as the address block's five parts. The street line is the number then the street (the form's
 * audience writes addresses the US way); the city is the locality, else the postal town (United Kingdom), else the
 * sublocality; the state is its short form ("CA", as a state field holds it).
 */
export function addressPartsOf(components: readonly AddressComponent[]): AddressParts {
  const find = (type: string, form: 'longText' | 'shortText' = 'longText') =>
    components.find((component) => component.types.includes(type))?.[form]?.trim() ?? '';
  const firstOf = (...types: string[]) => types.map((type) => find(type)).find((text) => text !== '') ?? '';
  return {
    GoogleAddress: [find('street_number'), find('route')].filter((text) => text !== '').join(' '),
    GoogleAddress2: find('subpremise'),
    GoogleCity: firstOf('locality', 'postal_town', 'sublocality_level_1', 'sublocality'),
    GoogleState: find('administrative_area_level_1', 'shortText'),
    GoogleZipCode: find('postal_code'),
  };
}
