import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type { CaptchaConfig } from '@contracts/instance';
import type { Culture } from '@contracts/culture';
import type { CaptchaProps } from '@src/ui/captcha/Captcha';
import type { Grecaptcha } from '@src/ui/captcha/recaptcha-loader';
import { UiProvider } from '@src/ui/UiProvider';
import { catalogueText } from '../support/catalogue-text';
import { createI18n } from '../support/i18n';

const SITE_KEY = 'site-key-for-tests';
const recaptcha: CaptchaConfig = { provider: 'recaptcha', siteKey: SITE_KEY };
const altcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' };

/**
 * The Captcha module as a page sees it the first time: the loaders keep "loaded once per page" in module state, so
 * each test imports a fresh copy (React and the other packages stay shared).
 */
async function freshCaptcha() {
  vi.resetModules();
  return (await import('@src/ui/captcha/Captcha')).Captcha;
}

type Props = Omit<CaptchaProps, 'onToken'>;

async function renderCaptcha(props: Props) {
  const Captcha = await freshCaptcha();
  const i18n = await createI18n(props.culture);
  const tokens: (string | undefined)[] = [];
  const onToken = (token: string | undefined) => {
    tokens.push(token);
  };
  const view = (next: Props, lingui: I18n = i18n) => (
    <UiProvider>
      <I18nProvider i18n={lingui}>
        <Captcha {...next} onToken={onToken} />
      </I18nProvider>
    </UiProvider>
  );
  const rendered = render(view(props));
  return { tokens, Captcha, rerender: (next: Props) => rendered.rerender(view(next)), unmount: rendered.unmount };
}

const recaptchaScripts = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src.includes('/recaptcha/api.js'));

/** Google's grecaptcha as the page sees it after api.js: each execute waits until the test answers it. */
function fakeGrecaptcha() {
  const calls: { siteKey: string; action: string; answer: (token: string) => void }[] = [];
  const grecaptcha: Grecaptcha = {
    ready: (callback) => {
      queueMicrotask(callback);
    },
    execute: (siteKey, { action }) =>
      new Promise<string>((resolve) => {
        calls.push({ siteKey, action, answer: resolve });
      }),
  };
  return { grecaptcha, calls };
}

/** The page's one api.js finishes loading and defines `grecaptcha`. */
function loadGoogleScript(grecaptcha: Grecaptcha) {
  const [script] = recaptchaScripts();
  if (script === undefined) throw new Error('no reCAPTCHA script on the page');
  window.grecaptcha = grecaptcha;
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
}

afterEach(() => {
  for (const script of recaptchaScripts()) script.remove();
  delete window.grecaptcha;
  vi.useRealTimers();
});

describe('reCAPTCHA v3 (config says recaptcha)', () => {
  it('loads api.js once with render=<siteKey> and hl=es for Spanish, and hands each execute token to onToken', async () => {
    const first = await renderCaptcha({ config: recaptcha, culture: 'es', round: 0 });
    const [script] = recaptchaScripts();
    expect(recaptchaScripts()).toHaveLength(1);
    const url = new URL(script!.src);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/recaptcha/api.js');
    expect(url.searchParams.get('render')).toBe(SITE_KEY);
    expect(url.searchParams.get('hl')).toBe('es');

    const google = fakeGrecaptcha();
    loadGoogleScript(google.grecaptcha);
    await waitFor(() => {
      expect(google.calls).toHaveLength(1);
    });
    expect(google.calls[0]).toMatchObject({ siteKey: SITE_KEY, action: 'register' });
    act(() => {
      google.calls[0]!.answer('token-1');
    });
    await waitFor(() => {
      expect(first.tokens.at(-1)).toBe('token-1');
    });

    // A second captcha on the same page (same module) reuses the loaded script.
    const second = render(
      <UiProvider>
        <I18nProvider i18n={await createI18n('es')}>
          <first.Captcha
            config={recaptcha}
            culture="es"
            round={0}
            action="reset"
            onToken={(token) => first.tokens.push(token ? `second:${token}` : token)}
          />
        </I18nProvider>
      </UiProvider>,
    );
    await waitFor(() => {
      expect(google.calls).toHaveLength(2);
    });
    expect(recaptchaScripts()).toHaveLength(1);
    expect(google.calls[1]).toMatchObject({ siteKey: SITE_KEY, action: 'reset' });
    act(() => {
      google.calls[1]!.answer('token-2');
    });
    await waitFor(() => {
      expect(first.tokens.at(-1)).toBe('second:token-2');
    });
    second.unmount();
  });

  it('asks Google for English (hl=en) when the culture is en-us', async () => {
    await renderCaptcha({ config: recaptcha, culture: 'en-us', round: 0 });
    expect(recaptchaScripts()).toHaveLength(1);
    expect(new URL(recaptchaScripts()[0]!.src).searchParams.get('hl')).toBe('en');
  });

  it('a new round drops the token, asks for a new one, and ignores an answer that arrives for the old round', async () => {
    const page = await renderCaptcha({ config: recaptcha, culture: 'en-us', round: 0 });
    const google = fakeGrecaptcha();
    loadGoogleScript(google.grecaptcha);
    await waitFor(() => {
      expect(google.calls).toHaveLength(1);
    });
    act(() => {
      google.calls[0]!.answer('round-0');
    });
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBe('round-0');
    });

    page.rerender({ config: recaptcha, culture: 'en-us', round: 1 });
    expect(page.tokens.at(-1)).toBeUndefined();
    await waitFor(() => {
      expect(google.calls).toHaveLength(2);
    });
    page.rerender({ config: recaptcha, culture: 'en-us', round: 2 });
    await waitFor(() => {
      expect(google.calls).toHaveLength(3);
    });
    act(() => {
      google.calls[1]!.answer('late-for-round-1');
    });
    act(() => {
      google.calls[2]!.answer('round-2');
    });
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBe('round-2');
    });
    expect(page.tokens).not.toContain('late-for-round-1');
    expect(recaptchaScripts()).toHaveLength(1);
  });

  it('fetches a fresh token before the old one expires (v3 tokens live two minutes)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const page = await renderCaptcha({ config: recaptcha, culture: 'en-us', round: 0 });
    const google = fakeGrecaptcha();
    loadGoogleScript(google.grecaptcha);
    await vi.waitFor(() => {
      expect(google.calls).toHaveLength(1);
    });
    await act(async () => {
      google.calls[0]!.answer('first');
      await Promise.resolve();
    });
    expect(page.tokens.at(-1)).toBe('first');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(89_000);
    });
    expect(google.calls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(google.calls).toHaveLength(2);
    await act(async () => {
      google.calls[1]!.answer('refreshed');
      await Promise.resolve();
    });
    expect(page.tokens.at(-1)).toBe('refreshed');
  });

  it('says the captcha could not be loaded when Google cannot be reached', async () => {
    const page = await renderCaptcha({ config: recaptcha, culture: 'es', round: 0 });
    act(() => {
      recaptchaScripts()[0]!.dispatchEvent(new Event('error'));
    });
    await waitFor(() => {
      expect(document.body).toHaveTextContent(catalogueText('es', 'Global_Text_CaptchaUnavailable'));
    });
    expect(page.tokens.every((token) => token === undefined)).toBe(true);
  });
});

describe('ALTCHA (config says altcha)', () => {
  const widgetOnPage = async (): Promise<AltchaWidgetElement> => {
    const widget = await waitFor(() => {
      const found = document.querySelector('altcha-widget');
      expect(found).not.toBeNull();
      return found!;
    });
    return widget;
  };
  const reportState = (widget: HTMLElement, state: string, payload: string | null) => {
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
    });
  };

  it.each<[Culture, string]>([
    ['es', 'es'],
    ['en-us', 'en'],
  ])('shows the widget in the culture %s with our texts, pointed at the challenge URL', async (culture, language) => {
    await renderCaptcha({ config: altcha, culture, round: 0 });
    const widget = await widgetOnPage();
    // React 19 sets a custom element's known properties rather than attributes.
    expect(widget).toMatchObject({ challenge: '/api/v1/captcha/challenge', language });
    // The widget itself renders the label, from our catalogue.
    await waitFor(() => {
      expect(widget).toHaveTextContent(catalogueText(culture, 'Global_Text_CaptchaLabel'));
    });
  });

  it('hands over the payload once verified, and a new round is a new widget with no token', async () => {
    const page = await renderCaptcha({ config: altcha, culture: 'es', round: 0 });
    const first = await widgetOnPage();
    reportState(first, 'verifying', null);
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBeUndefined();
    });
    reportState(first, 'verified', 'cGF5bG9hZA==');
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBe('cGF5bG9hZA==');
    });

    page.rerender({ config: altcha, culture: 'es', round: 1 });
    expect(page.tokens.at(-1)).toBeUndefined();
    const second = await widgetOnPage();
    expect(second).not.toBe(first);
    expect(first.isConnected).toBe(false);
    expect(document.querySelectorAll('altcha-widget')).toHaveLength(1);

    // The replaced widget finishing late changes nothing.
    reportState(first, 'verified', 'b2xk');
    expect(page.tokens).not.toContain('b2xk');
    reportState(second, 'verified', 'bmV3');
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBe('bmV3');
    });
    reportState(second, 'expired', null);
    await waitFor(() => {
      expect(page.tokens.at(-1)).toBeUndefined();
    });
  });
});
