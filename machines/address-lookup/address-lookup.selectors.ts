import type { SnapshotFrom } from 'xstate';
import type { AddressSuggestion, addressLookupMachine } from './address-lookup.machine';

type LookupSnapshot = SnapshotFrom<typeof addressLookupMachine>;

/** The suggestion list as the street line shows it: open or not, its places, the highlighted one (-1: none). */
export type LookupView = { open: boolean; suggestions: readonly AddressSuggestion[]; highlighted: number };

export const selectLookupView = (s: LookupSnapshot): LookupView => ({
  open: s.hasTag('open'),
  suggestions: s.context.suggestions,
  highlighted: s.context.highlighted,
});

export const sameLookupView = (a: LookupView, b: LookupView) =>
  a.open === b.open && a.suggestions === b.suggestions && a.highlighted === b.highlighted;
