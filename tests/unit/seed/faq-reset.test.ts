import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { informalSpanish } from '@src/auth/widget-informal-spanish';
import { demoSharedFaq } from '@server/db/seed/world/faq';
import { readCatalogue, repoRoot } from '../../contract/po-catalogues';

/**
 * The demo world's "I forgot my password" answer (server/db/seed/world/faq.ts) describes the resets Gatehouse really
 * offers (issue 29 §4): every control it names in bold is a text the person sees, in the widget or on the login page,
 * in the answer's own language. It once sent people to a "Forgot password" that mailed a code, which the widget does
 * not do.
 */
const answer = demoSharedFaq.find((question) => question.tags.split(',').includes('reset'));
const named = (html: string) => [...html.matchAll(/<strong>(.*?)<\/strong>/g)].map((match) => match[1] ?? '');

async function widgetTexts(file: string): Promise<Record<string, string>> {
  const labels = path.join(repoRoot, 'node_modules/@okta/okta-signin-widget/dist/labels/json', file);
  return JSON.parse(await readFile(labels, 'utf8')) as Record<string, string>;
}

/** The controls a person meets on the way to a reset, as the widget and the login page name them in one language. */
async function resetControls(widget: Record<string, string>, culture: 'en-us' | 'es') {
  const ui = await readCatalogue(culture, 'ui');
  return [widget.needhelp, widget.forgotpassword, widget['password.forgot.sendEmail'], ui.get('Login_Link_CodeReset')];
}

describe('the seeded FAQ’s password reset answer (issue 29 §4)', () => {
  it('exists, in both languages', () => {
    expect(answer?.text['en-us']).toContain('Reset via Email');
    expect(answer?.text.es).toContain('pregunta de seguridad');
  });

  it('names in English only controls the widget and the login page show', async () => {
    const widget = await widgetTexts('login.json');
    expect(named(answer?.text['en-us'] ?? '')).toEqual(await resetControls(widget, 'en-us'));
  });

  it('names in Spanish only controls the widget and the login page show, in tú', async () => {
    const widget = { ...(await widgetTexts('login_es.json')), ...informalSpanish };
    expect(named(answer?.text.es ?? '')).toEqual(await resetControls(widget, 'es'));
  });
});
