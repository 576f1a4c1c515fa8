import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, parseHex, TEXT_CONTRAST } from '@src/ui/brand-palette';
import type { Theme } from '@contracts/resources';

const theme = (primaryColor: string, backgroundColor = '#ffffff', textColor = '#111111'): Theme => ({
  primaryColor,
  accentColor: '#f59e0b',
  backgroundColor,
  textColor,
});

const ratio = (a: string, b: string) => contrastRatio(parseHex(a) ?? [0, 0, 0], parseHex(b) ?? [0, 0, 0]);

describe('a client theme as the public pages’ accent (issue 29 §5)', () => {
  it('measures contrast as WCAG does', () => {
    expect(ratio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(ratio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(parseHex('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHex('teal')).toBeUndefined();
  });

  it('keeps a dark brand colour as it is, with white on its buttons', () => {
    const { variables, background, text } = brandPalette(theme('#0f766e', '#f0fdfa', '#134e4a'));
    expect(variables['--chakra-colors-brand-solid']).toBe('#0f766e');
    expect(variables['--chakra-colors-brand']).toBe('#0f766e');
    expect(variables['--chakra-colors-brand-contrast']).toBe('#ffffff');
    expect([background, text]).toEqual(['#f0fdfa', '#134e4a']);
  });

  it.each(['#fde047', '#7dd3fc', '#ffffff', '#22c55e', '#b91c1c', '#000000', '#f97316'])(
    'reads at AA whatever the client chose: %s on white and on a dark ground',
    (primary) => {
      for (const ground of ['#ffffff', '#fef2f2', '#111827']) {
        const { variables, background, text } = brandPalette(theme(primary, ground, ground));
        const solid = variables['--chakra-colors-brand-solid'] ?? '';
        expect(solid).toBe(primary);
        expect(ratio(variables['--chakra-colors-brand-contrast'] ?? '', solid)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        for (const onPage of [
          '--chakra-colors-brand',
          '--chakra-colors-brand-fg',
          '--chakra-colors-brand-focus-ring',
        ] as const)
          expect(ratio(variables[onPage] ?? '', background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        // A text colour equal to the ground is replaced by one that reads.
        expect(ratio(text, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    },
  );

  it('falls back to the provider’s colours when there is no theme or its colours cannot be read', () => {
    const provider = brandPalette(null);
    expect(provider.variables['--chakra-colors-brand-solid']).toBe('#1f4e79');
    expect(brandPalette(theme('rebeccapurple', 'oops')).variables).toEqual(provider.variables);
  });
});
