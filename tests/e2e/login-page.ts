import type { Page } from 'playwright-core';

const widget = '#okta-sign-in-widget';

/** Page helpers for the finished login page (issue 13): the demo guide, the help links, the widget's header. */
export const loginPage = {
  guide(page: Page) {
    return page.getByTestId('demo-guide');
  },
  /** Picks a person in the demo guide, unfolding it first if it is folded. */
  async pickDemoPerson(page: Page, name: string) {
    const guide = loginPage.guide(page);
    const toggle = guide.getByRole('button', { name: 'Demo accounts' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await guide.getByRole('button', { name: new RegExp(name) }).click();
  },
  username(page: Page) {
    return page.locator(`${widget} input[name="username"]`).inputValue();
  },
  /** Unfolds the widget's "Need help signing in?" list, where its help link is. */
  async openWidgetHelp(page: Page) {
    await page.locator(`${widget} a.js-help`).click();
    await page.locator(`${widget} a.js-help-link`).waitFor({ state: 'visible' });
  },
  /** Every link on the page that leads to a FAQ, as its address. */
  faqLinks(page: Page) {
    return page.locator('a[href*="/Faq"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  },
  /** The widget header's logo address. */
  logo(page: Page) {
    return page.locator(`${widget} .auth-org-logo`).getAttribute('src');
  },
  /** The computed colours the client's theme should set: the widget's primary button and the page background. */
  colours(page: Page) {
    return page.evaluate(() => {
      const button = document.querySelector('#okta-sign-in-widget .button-primary');
      const layout = document.querySelector('[data-testid="public-layout"]');
      return {
        button: button ? getComputedStyle(button).backgroundColor : null,
        page: layout ? getComputedStyle(layout).backgroundColor : null,
      };
    });
  },
  headerVisible(page: Page) {
    return page.locator(`${widget} .auth-header`).isVisible();
  },
};
