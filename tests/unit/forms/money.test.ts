import { describe, expect, it } from 'vitest';
import { adornmentsOfInput } from '@contracts/forms/adornments';
import { currencyAffix, DEFAULT_CURRENCY, DEFAULT_MONEY_CULTURE, formatMoney } from '@contracts/money';

/** Intl writes a narrow no-break space between thousands in fr and before the symbol; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money: default currency EUR and culture fr (public-and-profile §9)', () => {
  it('writes an amount in euros the French way when nothing names a currency or a culture', () => {
    expect([DEFAULT_CURRENCY, DEFAULT_MONEY_CULTURE]).toEqual(['EUR', 'fr']);
    expect(plain(formatMoney(1234.5))).toBe('1 234,50 €');
    expect(plain(formatMoney(1234.5, { currency: null, culture: '' }))).toBe('1 234,50 €');
  });

  it('uses the currency and the culture a caller names, each default standing alone', () => {
    expect(formatMoney(1234.5, { currency: 'USD', culture: 'en-US' })).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, { currency: 'usd' }))).toBe('1 234,50 $US');
    expect(formatMoney(1234.5, { culture: 'en-US' })).toBe('€1,234.50');
  });

  it('falls back to the defaults for a currency code or culture it cannot use', () => {
    expect(plain(formatMoney(2, { currency: 'euro', culture: 'not a culture!' }))).toBe('2,00 €');
  });

  it('puts the symbol on the side the culture writes it', () => {
    expect(currencyAffix()).toEqual({ suffix: '€' });
    expect(currencyAffix({ currency: 'USD', culture: 'en-US' })).toEqual({ prefix: '$' });
  });

  it('an input resource of Type currency shows the euro after the amount, unless it gives its own Prefix or Sufix', () => {
    const input = { prefix: null, sufix: null, iconClass: null, iconOrientation: null };
    expect(adornmentsOfInput({ ...input, type: ' Currency ' })).toEqual({ suffix: '€' });
    expect(adornmentsOfInput({ ...input, type: 'currency', prefix: 'GBP' })).toEqual({ prefix: 'GBP' });
    expect(adornmentsOfInput({ ...input, type: 'text' })).toEqual({});
  });
});
