import { describe, expect, inject, it } from 'vitest';
import { galleryPages, galleryShots } from '../gallery/gallery';
import { signedInPeople } from '../gallery/people';
import { textsOf } from '../gallery/texts';
import { cultures, inParallel, visitState } from '../gallery/visit-state';
import { describeFinding, seriousViolations } from './support/axe';
import { browserPerFile } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const texts = { 'en-us': await textsOf('en-us'), es: await textsOf('es') };
let people: ReturnType<typeof signedInPeople> | undefined;

/** The language a page of each culture declares on <html> (WCAG 3.1.1). */
const htmlLang = { 'en-us': 'en', es: 'es' } as const;

/**
 * WCAG 2.2 AA on every screen (issue 29 §6): every state of the designer's gallery (tests/gallery, docs/gallery.md),
 * reached by the gallery's own steps, in English and Spanish, at 1280 and 390 px, with axe-core run where the gallery
 * would take its picture (no picture is taken). A serious or critical finding fails the page, listing each rule and
 * node; so does a page that does not declare its culture's language.
 */
describe('accessibility of every gallery state (axe-core, WCAG 2.2 AA)', () => {
  for (const galleryPage of galleryPages) {
    const jobs = galleryShots.filter((job) => job.page === galleryPage);
    if (jobs.length === 0) continue;
    it(`${galleryPage.title}: no serious or critical violation, and <html lang> says the culture`, async () => {
      people ??= signedInPeople(browser(), baseUrl);
      const found: string[] = [];
      const visits = jobs.flatMap((job) => cultures.map((culture) => ({ job, culture })));
      await inParallel(visits, 2, async ({ job, culture }) => {
        const where = `${job.section.machine?.id ?? 'page'} ${job.shot.state}${job.shot.variant ? ` (${job.shot.variant})` : ''} ${culture}`;
        const visit = { job, culture, baseUrl, storage: people?.storageOf(job.shot.as), text: texts[culture] };
        await visitState(browser(), visit, async (page, { width }) => {
          for (const finding of await seriousViolations(page))
            found.push(`${where} ${width}px: ${describeFinding(finding)}`);
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== htmlLang[culture])
            found.push(`${where} ${width}px: <html lang="${lang}">, not "${htmlLang[culture]}"`);
        }).catch((error: unknown) => {
          found.push(`${where}: not reached: ${(error as Error).message.split('\n')[0] ?? ''}`);
        });
      });
      expect(found.sort()).toEqual([]);
    }, 600_000);
  }
});
