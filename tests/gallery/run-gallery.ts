import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Culture } from '@contracts/culture';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server-process';
import { galleryPages, galleryShots } from './gallery';
import type { GalleryPage, GallerySection, Shot } from './gallery-types';
import { indexHtml, type ShotResult } from './index-page';

type Picture = ShotResult['pictures'][number];
import { signedInPeople } from './people';
import { textsOf } from './texts';

export const cultures: readonly Culture[] = ['en-us', 'es'];
/** A desktop and a phone (CSS pixels). */
export const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
/** One picture's budget: a shot that has not reached its state by then has failed. */
const SHOT_TIMEOUT_MS = 45_000;

type Job = { page: GalleryPage; section: GallerySection; shot: Shot };

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

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not on screen within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
    browser = await launchBrowser();
    const people = signedInPeople(browser, server.baseUrl);
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
    let next = 0;
    const work = async (running: Browser) => {
      for (let at = next++; at < visits.length; at = next++) {
        const { job, index, culture } = visits[at] as (typeof visits)[number];
        const taken = await takePictures(running, {
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
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: workers }, () => work(browser as Browser)));
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

/** Lets the page lay itself out again after the window changed size (a resize is handled on the next frames). */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)));
      }),
  );

/**
 * One state in one culture, in a fresh browser context with the shot's person: reached at the first width, then
 * pictured at each width. Resolves with the pictures, each with why it failed if it did.
 */
async function takePictures(
  browser: Browser,
  {
    job,
    culture,
    outDir,
    baseUrl,
    storage,
    text,
  }: {
    job: Job;
    culture: Culture;
    outDir: string;
    baseUrl: string;
    storage: ReturnType<ReturnType<typeof signedInPeople>['storageOf']>;
    text: (id: string) => string;
  },
): Promise<Picture[]> {
  const [first] = widths;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: first,
    locale: culture === 'es' ? 'es-ES' : 'en-US',
    // The offline shell's service worker would answer some requests itself, out of the shots' reach (hold, fail).
    serviceWorkers: 'block',
    ...(storage === undefined ? {} : { storageState: await storage }),
  });
  const pictures: Picture[] = [];
  try {
    // The culture a person chose earlier (the SPA's own stored choice), before any script of the page runs.
    await context.addInitScript((chosen) => localStorage.setItem('gatehouse.culture', chosen), culture);
    const page = await context.newPage();
    await withTimeout(job.shot.open({ page, culture, text }), SHOT_TIMEOUT_MS, `${job.page.id} ${job.shot.state}`);
    for (const size of widths) {
      const file = pictureFile(job, culture, size.width);
      await page.setViewportSize(size);
      await nextFrames(page);
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      await page.screenshot({ path: path.join(outDir, file), fullPage: true, animations: 'disabled' });
      pictures.push({ culture, width: size.width, file });
    }
  } catch (error) {
    const failure = (error as Error).message.split('\n')[0] ?? 'failed';
    for (const size of widths.slice(pictures.length)) {
      pictures.push({ culture, width: size.width, file: pictureFile(job, culture, size.width), failure });
    }
  } finally {
    await context.close();
  }
  return pictures;
}
