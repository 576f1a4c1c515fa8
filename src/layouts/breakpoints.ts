import { NARROW_MAX_WIDTH } from '@machines/mobile-menu/mobile-menu.machine';

/**
 * The widths the layouts change at, one place for both specs' numbers (docs/spa.md "Admin pages", "Widths"):
 *
 * - above 1024 px the left menu is wide, each entry with its `ImageName` icon;
 * - up to 1024 px (public-and-profile §2 "Portal menu") the icons are hidden and the menu is narrower;
 * - up to 992 px (admin-and-board §9 "Medium layout", public-and-profile §9) it is an overlay behind a button, which
 *   the mobile-menu machine opens and closes;
 * - up to 767 px, below the 768 px breakpoint (public-and-profile §2 and §9), that overlay takes the whole width.
 *
 * Only the 992 px step changes what a person can do (open and close), so only it is machine state; the others are
 * looks, so they are media queries here.
 */
export const MENU_COMPACT_MAX_WIDTH = 1024;
export const MENU_OVERLAY_MAX_WIDTH = NARROW_MAX_WIDTH;
export const PHONE_MAX_WIDTH = 767;

/** The left menu's width (px) beside the page: wide above 1024 px, narrower up to it. */
export const MENU_WIDTH = { wide: 224, compact: 176 } as const;

/** A CSS media condition for widths up to `px`, for Chakra's `css` prop. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not a text a person reads
export const upTo = (px: number): string => `@media screen and (max-width: ${String(px)}px)`;
