import type { Theme } from '@contracts/resources';

/** An sRGB colour, each channel 0–255. */
type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG 2.2's minimum for text (1.4.3, AA) and for focus rings and control borders (1.4.11). */
export const TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` (any case); anything else is not a colour this palette can reason about. */
export function parseHex(colour: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `share` of `colour` over `ground` (0: the ground, 1: the colour). */
const mix = (colour: Rgb, ground: Rgb, share: number): Rgb =>
  colour.map((channel, i) => channel * share + (ground[i] ?? 0) * (1 - share)) as unknown as Rgb;

/** White or black, whichever reads better on `ground` (one of them always reaches 4.5:1). */
const readableOn = (ground: Rgb): Rgb => (contrastRatio(WHITE, ground) >= contrastRatio(BLACK, ground) ? WHITE : BLACK);

/**
 * The colour, darkened (on a light ground) or lightened (on a dark one) in small steps until it reads at `minimum`
 * against `ground`: a client's pale brand colour still makes links and rings that can be seen.
 */
function readableTint(colour: Rgb, ground: Rgb, minimum: number): Rgb {
  const towards = readableOn(ground);
  for (let share = 1; share > 0; share -= 0.05) {
    const candidate = mix(colour, towards, share);
    if (contrastRatio(candidate, ground) >= minimum) return candidate;
  }
  return towards;
}

/** The provider's own colours when a page has no theme (or one whose colours cannot be read). */
const providerPrimary: Rgb = [0x1f, 0x4e, 0x79];
const providerGround: Rgb = [0xf9, 0xfa, 0xfb];

/** The CSS custom properties of the `brand` palette (src/ui/system.ts), by their Chakra variable names. */
export type BrandVariables = Record<`--chakra-colors-brand${string}`, string>;

/**
 * A client's theme as the page's Chakra accent (issue 29 §5): the `brand` palette every button, checkbox, link and
 * focus ring of a public page uses, computed so that it keeps WCAG AA whatever colours the client chose. The solid
 * colour is the client's primary exactly, with white or black text on it, whichever reads better; the colour used
 * as text and rings on the page (`brand`, `brand.fg`, `brand.focusRing`) is the primary made dark (or light) enough to
 * read at 4.5:1 on the page's background; the page's text colour is kept when it reads, else white or black.
 */
export function brandPalette(theme: Theme | null): { variables: BrandVariables; background: string; text: string } {
  const primary = (theme && parseHex(theme.primaryColor)) ?? providerPrimary;
  const ground = (theme && parseHex(theme.backgroundColor)) ?? providerGround;
  const chosenText = theme && parseHex(theme.textColor);
  const text = chosenText && contrastRatio(chosenText, ground) >= TEXT_CONTRAST ? chosenText : readableOn(ground);
  const fg = readableTint(primary, ground, TEXT_CONTRAST);
  return {
    background: toHex(ground),
    text: toHex(text),
    variables: {
      '--chakra-colors-brand': toHex(fg),
      '--chakra-colors-brand-fg': toHex(fg),
      '--chakra-colors-brand-focus-ring': toHex(fg),
      '--chakra-colors-brand-border': toHex(fg),
      '--chakra-colors-brand-solid': toHex(primary),
      '--chakra-colors-brand-contrast': toHex(readableOn(primary)),
      '--chakra-colors-brand-subtle': toHex(mix(primary, ground, 0.1)),
      '--chakra-colors-brand-muted': toHex(mix(primary, ground, 0.2)),
      '--chakra-colors-brand-emphasized': toHex(mix(primary, ground, 0.3)),
    },
  };
}
