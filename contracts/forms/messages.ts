import type { FieldFailure, MessageKind } from './rules';

/**
 * The shared texts by kind (the Global_Text_VM* labels, already translated by the caller) and the default for a kind
 * without one. Contracts do not translate; the view passes what its catalogue holds.
 */
export type SharedMessages = Partial<Record<MessageKind, string>> & { default: string };

/**
 * The text a failure shows (spec §5 "Required message ... Other kinds use the field's own ValidationMessage when
 * present, otherwise the shared labels"): `required` prefers the shared label and falls back to the field's own
 * message; every other kind prefers the field's own message; a kind without either uses the default.
 */
export function messageFor(failure: FieldFailure, shared: SharedMessages): string {
  const own = failure.message;
  const label = shared[failure.kind];
  if (failure.kind === 'required') return label ?? own ?? shared.default;
  return own ?? label ?? shared.default;
}
