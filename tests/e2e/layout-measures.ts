import type { Locator, Page } from 'playwright-core';

/** A box as the browser lays it out, in CSS pixels rounded to whole ones (sub-pixel borders are not the rule). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Page helpers that measure what the spec gives in pixels, at the window sizes the specs name. */
export const layoutPages = {
  /** The box of the first element `locator` finds, once it is visible and its opening animation has ended. */
  async box(locator: Locator): Promise<Box> {
    // A page that renders again may swap the element for its copy between the wait and the measure: measure anew.
    for (let tries = 1; tries <= 5; tries += 1) {
      await locator.first().waitFor();
      // A dialog opens with a short scale-in: measured during it, it is a few pixels short of its size.
      await locator
        .first()
        .evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)))
        .catch(() => undefined);
      const box = await locator.first().boundingBox();
      if (box !== null) {
        return {
          x: Math.round(box.x),
          y: Math.round(box.y),
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      }
    }
    throw new Error('the element has no box: it is not laid out');
  },

  /** Resizes the window and waits for the layout to settle (media queries and the resize listeners). */
  async resize(page: Page, width: number, height = 800) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  },

  /** The left menu: beside the page above 992 px, in the overlay at and below (only one is ever drawn). */
  menu(page: Page): Locator {
    return page.getByTestId('admin-menu');
  },

  /** How many of the menu's entries show their icon (laid out and visible), and how many entries there are. */
  async visibleIcons(menu: Locator): Promise<{ icons: number; entries: number }> {
    const entries = await menu.getByRole('link').count();
    const icons = await menu
      .locator('svg[data-menu-icon]')
      .evaluateAll((svgs) => svgs.filter((svg) => svg.getBoundingClientRect().width > 0).length);
    return { icons, entries };
  },

  /** The distinct left edges (rounded) of the boxes `locator` finds: two columns have two. */
  async columns(locator: Locator): Promise<number[]> {
    const lefts = await locator.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().left)),
    );
    return [...new Set(lefts)].sort((a, b) => a - b);
  },

  /** The background colour the page paints behind an element. */
  background(locator: Locator): Promise<string> {
    return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  },
};
