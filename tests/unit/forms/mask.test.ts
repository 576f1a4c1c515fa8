import { describe, expect, it } from 'vitest';
import { applyMask, fitsMask, isMask, maskOf, maskSpecialCharacters } from '@contracts/forms/mask';

/** Typing one character at a time, as an input shapes its whole value on every keystroke. */
const typeThrough = (mask: string, keys: string) =>
  Array.from(keys).reduce((value, key) => applyMask(mask, value + key), '');

describe('input masks (PP §3 MaskRegex, §9 mask special characters)', () => {
  it("knows exactly the spec's special characters: / ( ) . : - space , @ ' and a double quote", () => {
    expect([...maskSpecialCharacters].sort()).toEqual(['/', '(', ')', '.', ':', '-', ' ', ',', '@', "'", '"'].sort());
    expect(isMask(`0/0(0)0.0:0-0 0,0@0'0"0`)).toBe(true);
  });

  it('a mask is slots (0 9 A S) and special characters only; anything else is no mask', () => {
    expect(isMask('(000) 000-0000')).toBe(true);
    expect(isMask('SS-9999')).toBe(true);
    expect(isMask('^\\d+$')).toBe(false);
    expect(isMask('000#000')).toBe(false);
    expect(isMask('--')).toBe(false);
    expect(maskOf('  ')).toBeUndefined();
    expect(maskOf(null)).toBeUndefined();
    expect(maskOf('[0-9]+')).toBeUndefined();
    expect(maskOf('00/00')).toBe('00/00');
  });

  it('shapes digits typed one by one into the mask, writing its special characters itself', () => {
    expect(typeThrough('(000) 000-0000', '5125550142')).toBe('(512) 555-0142');
    expect(typeThrough('00/00/0000', '31122024')).toBe('31/12/2024');
  });

  it('drops characters a slot does not take and stops at the end of the mask', () => {
    expect(applyMask('(000) 000-0000', 'ab512x555y01429999')).toBe('(512) 555-0142');
    expect(applyMask('SS-00', '1a2b34')).toBe('ab-34');
    expect(applyMask('AAA', 'a-1_b')).toBe('a1b');
  });

  it('a pasted value with its own punctuation comes out the same; shaping twice changes nothing', () => {
    expect(applyMask('(000) 000-0000', '512-555-0142')).toBe('(512) 555-0142');
    expect(applyMask('(000) 000-0000', '(512) 555-0142')).toBe('(512) 555-0142');
  });

  it('writes a special character only before what follows it, so deleting backwards works', () => {
    expect(applyMask('(000) 000-0000', '(512')).toBe('(512');
    expect(applyMask('(000) 000-0000', '(512) ')).toBe('(512) ');
    expect(applyMask('(000) 000-0000', '(512)')).toBe('(512)');
    expect(applyMask('(000) 000-0000', '')).toBe('');
  });

  it('an optional digit (9) may be left out', () => {
    expect(applyMask('099', '7')).toBe('7');
    expect(fitsMask('099', '7')).toBe(true);
    expect(fitsMask('099', '712')).toBe(true);
    expect(fitsMask('099', '7123')).toBe(false);
  });

  it('a value fits its mask only when every required slot is filled and every special character in place', () => {
    expect(fitsMask('(000) 000-0000', '(512) 555-0142')).toBe(true);
    expect(fitsMask('(000) 000-0000', '(512) 555-014')).toBe(false);
    expect(fitsMask('(000) 000-0000', '5125550142')).toBe(false);
    expect(fitsMask('SS-00', 'ñá-12')).toBe(true);
  });

  it('an invalid mask shapes and refuses nothing', () => {
    expect(applyMask('000#', '12x')).toBe('12x');
    expect(fitsMask('000#', 'anything')).toBe(true);
  });
});
