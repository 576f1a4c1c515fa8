// The profile form with 200 fields in Chromium against the real server (issue 9 budgets): the first render of the
// sign-up form, and one keystroke in it. The client, its 200 NVARCHAR fields and their template are set up through
// the real admin API (tests/e2e/support/large-form.ts, the same set-up as tests/e2e/profile.spec.ts). Alone:
// `npx tsx bench/profile-form.ts` (needs the SPA built: `npx vite build`). See docs/benchmarks.md "Profile form".
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '@tests/e2e/support/browser';
import { createLargeSignUpClient, type LargeSignUpClient } from '@tests/e2e/support/large-form';
import { startServer } from '@tests/e2e/support/server-process';
import { mainThreadCpu, startTrace } from './chromium-trace';
import {
  frameInterval,
  installProbes,
  lastApiAnswerBefore,
  typeAndMeasure,
  type PageRecord,
} from './profile-form-probes';
import { figure, summarise, type Figure } from './support';

const FIELDS = 200;
/** The e-mail input and the 200 fields. */
const INPUTS = FIELDS + 1;

/**
 * tsx compiles named functions with esbuild's `keepNames`, which wraps them in `__name(…)`; Playwright sends the
 * probes' source to the page, where that helper does not exist. The page gets a no-op one first.
 */
const NAME_SHIM = 'window.__name = (fn) => fn;';

/** A fresh context (nothing cached) with the probes installed; `close` fails when the page threw. */
async function newContext(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(installProbes, INPUTS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join(' | ')}`);
  };
  return { context, page, close };
}

const record = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench);

type FirstRender = {
  navigationToInputs: number;
  dataToInputs: number;
  /** Main-thread CPU time from the form's data answered to the inputs in the DOM (the page's own cost). */
  dataToInputsCpu: number;
  navigationToInputsCpu: number;
  toPaint: number;
  fieldItems: number;
};

/** One visit in a fresh context (nothing cached): the sign-up page from navigation to all 200 inputs in the DOM. */
async function firstRender(browser: Browser, baseUrl: string, large: LargeSignUpClient): Promise<FirstRender> {
  const { context, page, close } = await newContext(browser, baseUrl);
  try {
    const stopTrace = await startTrace(await context.newCDPSession(page));
    await page.goto(`/SignUp/${large.portalAlias}/${encodeURIComponent('bench@example.test')}`);
    await page.waitForFunction(() => (window as unknown as { __bench: PageRecord }).__bench.paintedAt !== null, null, {
      timeout: 30_000,
    });
    const trace = await stopTrace();
    const seen = await record(page);
    const inputsAt = seen.inputsAt ?? NaN;
    const dataAt = await page.evaluate(lastApiAnswerBefore, inputsAt);
    return {
      navigationToInputs: inputsAt,
      dataToInputs: inputsAt - dataAt,
      dataToInputsCpu: mainThreadCpu(trace, 'bench:inputs', { msBefore: inputsAt - dataAt }).cpuMs,
      navigationToInputsCpu: mainThreadCpu(trace, 'bench:inputs', { msBefore: inputsAt }).cpuMs,
      toPaint: (seen.paintedAt ?? NaN) - inputsAt,
      fieldItems: seen.commits.reduce((sum, commit) => sum + commit.fieldItems, 0),
    };
  } finally {
    await close();
  }
}

type Keystroke = Awaited<ReturnType<typeof typeAndMeasure>>[number];

/** Keystrokes in the 100th field: on a fresh form, then after a refused Continue has every message showing. */
async function keystrokes(browser: Browser, baseUrl: string, large: LargeSignUpClient, count: number) {
  const { context, page, close } = await newContext(browser, baseUrl);
  try {
    await page.goto(`/SignUp/${large.portalAlias}/${encodeURIComponent('bench@example.test')}`);
    await page.waitForFunction(() => (window as unknown as { __bench: PageRecord }).__bench.paintedAt !== null, null, {
      timeout: 30_000,
    });
    const caption = large.fieldNames[99] ?? '';
    const frame = await page.evaluate(frameInterval);
    const cdp = await context.newCDPSession(page);
    // The first ones warm the JIT up; they are not counted.
    await page.evaluate(typeAndMeasure, { caption, count: 5 });
    const typeTraced = async () => {
      const stopTrace = await startTrace(cdp);
      const samples = await page.evaluate(typeAndMeasure, { caption, count });
      const cpu = mainThreadCpu(await stopTrace(), 'bench:typing-end', { mark: 'bench:typing-start' });
      return { samples, cpuPerKeystroke: cpu.cpuMs / count };
    };
    const fresh = await typeTraced();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('This field is required.').first().waitFor();
    const touched = await typeTraced();
    return { fresh, touched, frame };
  } finally {
    await close();
  }
}

const max = (values: number[]) => Math.max(...values);

function keystrokeFigures(
  what: string,
  { samples, cpuPerKeystroke }: { samples: Keystroke[]; cpuPerKeystroke: number },
): Figure[] {
  return [
    summarise(
      `${what}: key event at a frame's start → that frame painted, median, ms`,
      samples.map((s) => s.toPaint),
      {
        budget: 16,
        stat: 'median',
      },
    ),
    summarise(
      `${what}: key event at a frame's start → that frame painted, max, ms`,
      samples.map((s) => s.toPaint),
      {
        budget: null,
        stat: 'max',
      },
    ),
    summarise(
      `${what}: key event → React commit, median, ms`,
      samples.map((s) => s.toCommit),
      {
        budget: null,
        stat: 'median',
      },
    ),
    figure(
      `${what}: main-thread CPU per keystroke (handlers, render, style, layout, paint), ms`,
      Math.round(cpuPerKeystroke * 10) / 10,
      'ms',
      16,
    ),
    figure(`${what}: field items re-rendered per keystroke (max)`, max(samples.map((s) => s.fieldItems)), '', null),
    // One text field's subtree is 7 components: FieldItem, FieldControl, TextControl, LabelledField and its framed
    // field, single line and input (src/ui/form/LabelledField.tsx; 25 while each field was a Chakra Field).
    summarise(
      `${what}: components re-rendered per keystroke (median)`,
      samples.map((s) => s.components),
      {
        budget: null,
        stat: 'median',
        unit: '',
      },
    ),
    figure(`${what}: components re-rendered per keystroke (max)`, max(samples.map((s) => s.components)), '', null),
  ];
}

export async function benchProfileForm(runs = 7, typed = 50): Promise<Figure[]> {
  const figures: Figure[] = [
    figure(
      'machine load average (1 min) before the profile-form bench',
      Math.round((loadavg()[0] ?? 0) * 10) / 10,
      '',
      null,
    ),
  ];
  const server = await startServer({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const large = await createLargeSignUpClient(server.baseUrl, FIELDS);
    const visits: FirstRender[] = [];
    // Visit 0 warms the server's caches and the browser up.
    for (let run = 0; run <= runs; run += 1) {
      const visit = await firstRender(browser, server.baseUrl, large);
      if (run > 0) visits.push(visit);
    }
    figures.push(
      summarise(
        `200-field sign-up form, form data answered → 200 inputs in the DOM (${String(runs)} visits), median, ms`,
        visits.map((v) => v.dataToInputs),
        { budget: 150, stat: 'median' },
      ),
      summarise(
        `200-field sign-up form, main-thread CPU from form data answered → 200 inputs in the DOM, median, ms`,
        visits.map((v) => v.dataToInputsCpu),
        { budget: 150, stat: 'median' },
      ),
      summarise(
        `200-field sign-up form, navigation start → 200 inputs in the DOM (${String(runs)} visits), median, ms`,
        visits.map((v) => v.navigationToInputs),
        { budget: null, stat: 'median' },
      ),
      summarise(
        '200-field sign-up form, main-thread CPU from navigation start → 200 inputs in the DOM, median, ms',
        visits.map((v) => v.navigationToInputsCpu),
        { budget: null, stat: 'median' },
      ),
      summarise(
        '200-field sign-up form, inputs in the DOM → painted, median, ms',
        visits.map((v) => v.toPaint),
        {
          budget: null,
          stat: 'median',
        },
      ),
      figure(
        '200-field sign-up form, field items rendered on the first render',
        visits[0]?.fieldItems ?? NaN,
        '',
        null,
      ),
    );
    // `typed` 0 measures the first render alone.
    if (typed === 0) return figures;
    const { fresh, touched, frame } = await keystrokes(browser, server.baseUrl, large, typed);
    figures.push(
      figure(
        'frame interval Chromium gives the page (the ceiling a frame-aligned keystroke must fit), ms',
        Math.round(frame * 10) / 10,
        'ms',
        null,
      ),
      ...keystrokeFigures(`200-field form keystroke (${String(typed)})`, fresh),
      ...keystrokeFigures(`200-field form keystroke, every message showing (${String(typed)})`, touched),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const f of await benchProfileForm()) {
    const verdict =
      f.withinBudget === null ? '' : `  (budget ${String(f.budget)}: ${f.withinBudget ? 'ok' : 'MISSED'})`;
    const samples = f.samples
      ? `  [${f.samples.length > 12 ? `${String(f.samples.length)} samples` : f.samples.join(', ')}]`
      : '';
    console.log(`${f.name}: ${String(f.value)} ${f.unit}${verdict}${samples}`);
  }
}
