/**
 * Money as the portal shows it (public-and-profile §9 "Default currency EUR and culture fr (as defaults)"): one
 * formatter for the browser and the server, on the platform's `Intl.NumberFormat`. The spec's defaults apply only when
 * a caller names no currency or no culture; a page that knows its own (a client's culture, an input's currency) passes
 * them. The number culture is not the page's language: French is not a catalogue we ship (docs/i18n.md), it is only
 * how an amount is written when nothing else is said.
 */

/** The currency an amount is in when nothing names one (ISO 4217). */
export const DEFAULT_CURRENCY = 'EUR';
/** The culture an amount is written in when nothing names one (a BCP 47 tag). */
export const DEFAULT_MONEY_CULTURE = 'fr';

export type MoneyOptions = { currency?: string | null | undefined; culture?: string | null | undefined };

const given = (text: string | null | undefined) =>
  text === null || text === undefined || text.trim() === '' ? undefined : text.trim();

/**
 * The formatter for these options; a currency code or culture the platform cannot use (not three letters, an unknown
 * tag) falls back to the default, so an administrator's typo never breaks a page.
 */
function formatterOf({ currency, culture }: MoneyOptions): Intl.NumberFormat {
  const code = given(currency)?.toUpperCase();
  const tag = given(culture);
  const options = (c: string): Intl.NumberFormatOptions => ({ style: 'currency', currency: c });
  const safeCode = code !== undefined && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
  try {
    return new Intl.NumberFormat(tag ?? DEFAULT_MONEY_CULTURE, options(safeCode));
  } catch {
    return new Intl.NumberFormat(DEFAULT_MONEY_CULTURE, options(safeCode));
  }
}

/** An amount written with its currency: `formatMoney(1234.5)` is "1 234,50 €" (EUR, fr). */
export const formatMoney = (amount: number, options: MoneyOptions = {}): string => formatterOf(options).format(amount);

/**
 * The currency's symbol and the side of the amount the culture writes it on: `{ suffix: '€' }` for EUR in fr,
 * `{ prefix: '$' }` for USD in en-US. What an amount input draws around itself (contracts/forms/adornments.ts).
 */
export function currencyAffix(options: MoneyOptions = {}): { prefix: string } | { suffix: string } {
  const parts = formatterOf(options).formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const symbol = parts[at]?.value ?? DEFAULT_CURRENCY;
  const firstDigit = parts.findIndex((part) => part.type === 'integer');
  return at < firstDigit ? { prefix: symbol } : { suffix: symbol };
}
