import type { Browser, Page } from 'playwright-core';
import type { Culture } from '@contracts/culture';
import type { GalleryPage, GallerySection, Shot } from './gallery-types';
import type { signedInPeople } from './people';

/** One shot of the gallery's list with where it belongs. */
export type Job = { page: GalleryPage; section: GallerySection; shot: Shot };

export const cultures: readonly Culture[] = ['en-us', 'es'];
/** A desktop and a phone (CSS pixels). */
export const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
export type Size = (typeof widths)[number];
/** One state's budget: a shot that has not reached its state by then has failed. */
const SHOT_TIMEOUT_MS = 45_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not on screen within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Lets the page lay itself out again after the window changed size (a resize is handled on the next frames). */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)));
      }),
  );

export interface Visit {
  job: Job;
  culture: Culture;
  baseUrl: string;
  storage: ReturnType<ReturnType<typeof signedInPeople>['storageOf']>;
  text: (id: string) => string;
}

/**
 * Reaches one state in one culture, in a fresh browser context with the shot's person, at the first width, then hands
 * the page to `atEachWidth` at each width in turn (the window narrows as a person's does; the layout follows). What to
 * do there is the caller's: the gallery takes a picture, the accessibility test runs axe-core. Rejects with the reason
 * when the state is not reached in time or `atEachWidth` fails.
 */
export async function visitState(
  browser: Browser,
  { job, culture, baseUrl, storage, text }: Visit,
  atEachWidth: (page: Page, size: Size) => Promise<void>,
): Promise<void> {
  const [first] = widths;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: first,
    locale: culture === 'es' ? 'es-ES' : 'en-US',
    // The offline shell's service worker would answer some requests itself, out of the shots' reach (hold, fail).
    serviceWorkers: 'block',
    ...(storage === undefined ? {} : { storageState: await storage }),
  });
  try {
    // The culture a person chose earlier (the SPA's own stored choice), before any script of the page runs.
    await context.addInitScript((chosen) => localStorage.setItem('gatehouse.culture', chosen), culture);
    const page = await context.newPage();
    await withTimeout(job.shot.open({ page, culture, text }), SHOT_TIMEOUT_MS, `${job.page.id} ${job.shot.state}`);
    for (const size of widths) {
      await page.setViewportSize(size);
      await nextFrames(page);
      await atEachWidth(page, size);
    }
  } finally {
    await context.close();
  }
}

/** Runs `work` over `items` with `workers` at a time (each state is a page load; two windows at a time suit two cores). */
export async function inParallel<T>(items: readonly T[], workers: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < items.length; at = next++) await work(items[at] as T);
  };
  await Promise.all(Array.from({ length: workers }, worker));
}
