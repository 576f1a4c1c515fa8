import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One failing node of one axe-core rule, as a failure message lists it. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * What is checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, axe's best practices, and its experimental rules (among
 * them label-content-name-mismatch, WCAG 2.5.3, which axe leaves off unless asked).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice', 'experimental'];
/** The impacts that fail a page: a person cannot use the part, or only with great effort. */
const BLOCKING = new Set(['serious', 'critical']);

let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe-core over the page as it is now and resolves with its serious and critical findings, one per node. The
 * script is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern (an
 * injected <script> would be refused, as it should be).
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(await axeSource());
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.map((node) => ({
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : part)).join(' >> '),
        summary: node.failureSummary ?? '',
      })),
    }));
  }, TAGS);
  return violations
    .filter((violation) => BLOCKING.has(violation.impact))
    .flatMap(({ rule, impact, nodes }) => nodes.map((node) => ({ rule, impact, ...node })));
}

/** A finding as one line of a failure message. */
export const describeFinding = ({ rule, impact, target, summary }: AxeFinding) =>
  `${rule} (${impact}) at ${target}: ${summary.replace(/\s+/g, ' ').slice(0, 240)}`;
