/**
 * A text a person will read, as machines store it: never translated (machines do not import Lingui), but as a label
 * id the view translates, or as a string the server wrote.
 *
 * - `{ id }`: the label with this Lingui id. `values` fill its placeholders. When the active catalogue has no message
 *   with this id (for example `Global_Error_{code}` for a code nobody wrote a label for), `fallback` is shown instead.
 * - `{ raw }`: shown as it is (a server message).
 */
export type Text = { id: string; values?: Record<string, string>; fallback?: Text } | { raw: string };

export const label = (id: string, fallback?: Text): Text => (fallback ? { id, fallback } : { id });
export const raw = (value: string): Text => ({ raw: value });
