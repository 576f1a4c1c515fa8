import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Culture } from '@contracts/culture';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server-process';
import { galleryPages, galleryShots } from './gallery';
import { indexHtml, type ShotResult } from './index-page';
import { signedInPeople } from './people';
import { textsOf } from './texts';
import { cultures, inParallel, visitState, widths, type Job, type Visit } from './visit-state';

type Picture = ShotResult['pictures'][number];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The file of one picture, relative to the gallery folder: `<page>/<machine>.<state>[.<variant>].<culture>.<width>.png`. */
export function pictureFile(job: Job, culture: Culture, width: number): string {
  const parts = [job.section.machine?.id ?? 'page', job.shot.state, job.shot.variant].filter(
    (part): part is string => part !== undefined,
  );
  return `${job.page.id}/${parts.map(slug).join('.')}.${culture}.${width}.png`;
}

/**
 * Runs the gallery: the real server (demo world, embedded identity provider) on 127.0.0.1, Debian's Chromium, every
 * shot in each culture at each width into `outDir`, and the index page. `only` keeps the pages whose ids it names.
 * Resolves with the number of failed pictures.
 */
export async function runGallery({
  outDir,
  only = [],
  workers = 2,
  log = console.log,
}: {
  outDir: string;
  only?: readonly string[];
  workers?: number;
  log?: (line: string) => void;
}): Promise<number> {
  const jobs = galleryShots.filter(({ page }) => only.length === 0 || only.includes(page.id));
  if (jobs.length === 0) throw new Error(`no gallery page is named ${only.join(', ')}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const texts = new Map(await Promise.all(cultures.map(async (c) => [c, await textsOf(c)] as const)));
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    const open = await launchBrowser();
    browser = open;
    const people = signedInPeople(open, server.baseUrl);
    const results: ShotResult[] = jobs.map(({ page, section, shot }) => ({
      pageId: page.id,
      machine: section.machine?.id ?? 'page',
      state: shot.state,
      variant: shot.variant,
      pictures: [],
    }));
    // One visit per state and culture: the state is reached in the wide window, pictured, then the window narrows to
    // the phone's width (the layout follows, as it does when a person resizes) and it is pictured again.
    const visits = jobs.flatMap((job, index) => cultures.map((culture) => ({ job, index, culture })));
    const started = Date.now();
    await inParallel(visits, workers, async ({ job, index, culture }) => {
      const taken = await takePictures(open, {
        job,
        culture,
        outDir,
        baseUrl: server.baseUrl,
        storage: people.storageOf(job.shot.as),
        text: texts.get(culture) as (id: string) => string,
      });
      for (const picture of taken) {
        results[index]?.pictures.push(picture);
        const { file, failure } = picture;
        log(`${failure ? 'FAILED' : 'ok    '} ${file}${failure ? `\n       ${failure}` : ''}`);
      }
    });
    const failed = results.flatMap((result) => result.pictures).filter((picture) => picture.failure).length;
    const seconds = Math.round((Date.now() - started) / 1000);
    const summary = `${jobs.length} states × ${cultures.length} cultures × ${widths.length} widths = ${visits.length * widths.length} screenshots (${failed} failed, ${seconds} s)`;
    for (const result of results)
      result.pictures.sort((a, b) => a.culture.localeCompare(b.culture) || b.width - a.width);
    writeFileSync(path.join(outDir, 'index.html'), indexHtml(galleryPages, results, summary));
    log(summary);
    log(`gallery: ${path.join(outDir, 'index.html')}`);
    return failed;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/**
 * One state in one culture (visitState: a fresh browser context with the shot's person), pictured at each width.
 * Resolves with the pictures, each with why it failed if it did.
 */
async function takePictures(browser: Browser, { outDir, ...visit }: Visit & { outDir: string }): Promise<Picture[]> {
  const { job, culture } = visit;
  const pictures: Picture[] = [];
  try {
    await visitState(browser, visit, async (page, size) => {
      const file = pictureFile(job, culture, size.width);
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      await page.screenshot({ path: path.join(outDir, file), fullPage: true, animations: 'disabled' });
      pictures.push({ culture, width: size.width, file });
    });
  } catch (error) {
    const failure = (error as Error).message.split('\n')[0] ?? 'failed';
    for (const size of widths.slice(pictures.length)) {
      pictures.push({ culture, width: size.width, file: pictureFile(job, culture, size.width), failure });
    }
  }
  return pictures;
}
