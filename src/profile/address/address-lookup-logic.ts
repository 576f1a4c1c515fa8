import { fromPromise } from 'xstate';
import { addressLookupMachine } from '@machines/address-lookup/address-lookup.machine';
import type { AddressLookupPort } from './google-places';

/** The lookup machine joined to a provider: its two actors are the port's two calls. */
export const addressLookupLogic = (port: AddressLookupPort) =>
  addressLookupMachine.provide({
    actors: {
      suggest: fromPromise(({ input }) => port.suggest(input.text)),
      resolve: fromPromise(({ input }) => port.resolve(input.id)),
    },
  });
