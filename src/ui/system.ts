import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { brandPalette } from './brand-palette';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Gatehouse's Chakra system: Chakra's default theme (tokens, global styles, text and layer styles) with only the
 * recipes of the components the views use, and the brand colour as a token. Chakra's `defaultConfig` carries the
 * recipes of all its ~90 components, about a third of the public entry's JavaScript; the recipes are plain data, so
 * the bundler keeps only those named here. A component whose recipe is missing would render unstyled without a word:
 * the DOM tests fail on it instead (tests/support/dom-setup.ts), so a view that starts using another component adds
 * its recipe here. Per-client themes (resource/theme) arrive with the pages that use them.
 */
/**
 * A read-only or locked input looks it (issue 29 §5): a muted ground and a dashed border, where Chakra's outline
 * input looked like any other. In the outline variant, the one the views use, because a variant's own ground would
 * cover one set in the recipe's base.
 */
const readOnlyLook = { bg: 'bg.muted', borderStyle: 'dashed', cursor: 'default' };
const withReadOnlyLook = <Recipe extends typeof inputRecipe | typeof textareaRecipe>(recipe: Recipe): Recipe => ({
  ...recipe,
  variants: {
    ...recipe.variants,
    variant: {
      ...recipe.variants?.variant,
      outline: { ...recipe.variants?.variant.outline, _readOnly: readOnlyLook },
    },
  },
});

const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: withReadOnlyLook(inputRecipe),
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      spinner: spinnerRecipe,
      textarea: withReadOnlyLook(textareaRecipe),
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});

/**
 * Chakra's own font stack with the Inter the app ships first (main.tsx imports it; its family is "Inter Variable"),
 * never a CDN's; the widget's static Inter and the system fonts only behind it.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a font stack, not a text a person reads
const textFonts = `"Inter Variable", Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif`;

/**
 * The provider's `brand` palette: the colour as a token and the semantic colours Chakra's recipes read through
 * `colorPalette="brand"` (solid, contrast, fg …). A public page overrides them with its client's (PublicLayout), from
 * the same computation, so both keep WCAG AA.
 */
const provider = brandPalette(null).variables;
const paletteToken = (variable: keyof typeof provider) => ({ value: provider[variable] ?? '' });

const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: paletteToken('--chakra-colors-brand'),
      },
      fonts: {
        heading: { value: textFonts },
        body: { value: textFonts },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: paletteToken('--chakra-colors-brand-solid'),
          contrast: paletteToken('--chakra-colors-brand-contrast'),
          fg: paletteToken('--chakra-colors-brand-fg'),
          subtle: paletteToken('--chakra-colors-brand-subtle'),
          muted: paletteToken('--chakra-colors-brand-muted'),
          emphasized: paletteToken('--chakra-colors-brand-emphasized'),
          focusRing: paletteToken('--chakra-colors-brand-focus-ring'),
          border: paletteToken('--chakra-colors-brand-border'),
        },
        // Chakra's red.500 reads at 3.6–3.8:1 on white and on the light page tints: under WCAG's 4.5:1 for the field
        // messages and failure lines that use it. red.700 is 6.5:1 on white.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, theme), brand);
