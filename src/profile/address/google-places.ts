import type { AddressSuggestion } from '@machines/address-lookup/address-lookup.machine';
import { addressPartsOf, type AddressComponent, type AddressParts } from '@machines/profile-form/address-parts';
import { loadExternalScript } from '../../ui/external-script';

/** What the address lookup machine asks of a provider (its `suggest` and `resolve` actors). */
export type AddressLookupPort = {
  suggest(text: string): Promise<readonly AddressSuggestion[]>;
  resolve(id: string): Promise<AddressParts>;
};

/** The parts of Google's Places library (Maps JavaScript API, "Place Autocomplete Data API") the lookup uses. */
type PlacePrediction = {
  placeId: string;
  text: { toString(): string };
  toPlace(): {
    fetchFields(options: { fields: string[] }): Promise<unknown>;
    addressComponents?: AddressComponent[] | undefined;
  };
};
export type PlacesLibrary = {
  AutocompleteSessionToken: new () => object;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      sessionToken: object;
      language: string;
    }): Promise<{ suggestions: { placePrediction: PlacePrediction | null }[] }>;
  };
};

declare global {
  interface Window {
    google?: { maps?: { importLibrary?: (name: 'places') => Promise<unknown> } };
    /** The maps script's `callback`: it calls this once `google.maps.importLibrary` may be used. */
    __gatehouseMapsReady?: () => void;
  }
}

/** The maps script with the operator's browser key, in the culture's language, loaded the asynchronous way. */
export function mapsScriptUrl(apiKey: string, language: string): string {
  const url = new URL('https://maps.googleapis.com/maps/api/js');
  url.searchParams.set('key', apiKey);
  url.searchParams.set('v', 'weekly');
  url.searchParams.set('loading', 'async');
  url.searchParams.set('language', language);
  url.searchParams.set('callback', '__gatehouseMapsReady');
  return url.toString();
}

let ready: Promise<void> | undefined;

/** Loads the maps script once per page (its first language stays) and resolves with the Places library. */
async function loadPlaces(apiKey: string, language: string): Promise<PlacesLibrary> {
  ready ??= new Promise<void>((resolve, reject) => {
    window.__gatehouseMapsReady = resolve;
    loadExternalScript(mapsScriptUrl(apiKey, language)).catch(reject);
  }).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  await ready;
  const importLibrary = window.google?.maps?.importLibrary;
  if (importLibrary === undefined) throw new Error('The maps script ran without google.maps.importLibrary');
  return (await importLibrary('places')) as PlacesLibrary;
}

/**
 * Google's Places data API as the address lookup's provider. One session token covers the suggestions typed for one
 * address and the place chosen from them (Google bills a session as one), then a new one starts.
 */
export function googleAddressLookup(apiKey: string, language: string): AddressLookupPort {
  let session: object | undefined;
  const offered = new Map<string, PlacePrediction>();
  return {
    async suggest(text) {
      const places = await loadPlaces(apiKey, language);
      session ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: text,
        sessionToken: session,
        language,
      });
      offered.clear();
      return suggestions.flatMap(({ placePrediction }) => {
        if (placePrediction === null) return [];
        offered.set(placePrediction.placeId, placePrediction);
        return [{ id: placePrediction.placeId, text: placePrediction.text.toString() }];
      });
    },
    async resolve(id) {
      const prediction = offered.get(id);
      if (prediction === undefined) throw new Error('The chosen place was not offered by the last lookup');
      const place = prediction.toPlace();
      await place.fetchFields({ fields: ['addressComponents'] });
      session = undefined;
      return addressPartsOf(place.addressComponents ?? []);
    },
  };
}
