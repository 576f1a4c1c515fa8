import { currencyAffix } from '../money';
import type { FormField } from '../profile-form';
import type { InputResource } from '../resources';

/**
 * What is drawn around a single-line input (public-and-profile §3): a text joined before it (Prefix) and after it
 * (Sufix, the spec's spelling), and an input resource's icon (IconClass) inside it, at the side its IconOrientation
 * names. Data only: the view draws it (src/ui/form/input-adornments.tsx).
 */
export type InputAdornments = {
  prefix?: string;
  suffix?: string;
  /** The icon's name as the resource gives it (lower case, trimmed) and the side of the input it sits on. */
  icon?: { name: string; side: 'start' | 'end' };
};

const present = (text: string | null | undefined) =>
  text === null || text === undefined || text.trim() === '' ? undefined : text;

/** IconOrientation: `right` (or `end`) puts the icon at the input's end; anything else, and none, at its start. */
const sideOf = (orientation: string | null): 'start' | 'end' => {
  const read = (orientation ?? '').trim().toLowerCase();
  return read === 'right' || read === 'end' ? 'end' : 'start';
};

/** An input resource's Type that makes it an amount of money (read without case). */
export const CURRENCY_INPUT_TYPE = 'currency';

/**
 * The adornments of an input from its resource data; nothing for an input without data. An input of Type `currency`
 * that gives neither Prefix nor Sufix shows the currency's symbol on the side the culture writes it: the spec's
 * defaults, EUR in fr (public-and-profile §9), so `€` after the amount.
 */
export function adornmentsOfInput(
  data: (Pick<InputResource, 'prefix' | 'sufix' | 'iconClass' | 'iconOrientation'> & { type?: string }) | undefined,
): InputAdornments {
  if (data === undefined) return {};
  let prefix = present(data.prefix);
  let suffix = present(data.sufix);
  if (prefix === undefined && suffix === undefined && data.type?.trim().toLowerCase() === CURRENCY_INPUT_TYPE)
    ({ prefix, suffix } = { prefix: undefined, suffix: undefined, ...currencyAffix() });
  const icon = present(data.iconClass);
  return {
    ...(prefix === undefined ? {} : { prefix }),
    ...(suffix === undefined ? {} : { suffix }),
    ...(icon === undefined ? {} : { icon: { name: icon.trim().toLowerCase(), side: sideOf(data.iconOrientation) } }),
  };
}

/** The adornments of a profile form field: its definition's Prefix and Sufix (a field has no icon). */
export const adornmentsOfField = (field: Pick<FormField, 'prefix' | 'sufix'>): InputAdornments =>
  adornmentsOfInput({ prefix: field.prefix, sufix: field.sufix, iconClass: null, iconOrientation: null });
