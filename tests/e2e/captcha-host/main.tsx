// A page that holds nothing but the real Captcha component, built by tests/e2e/captcha.ts and served on the real
// server's origin (under the server's own CSP) only inside the e2e browser: the sign-up page that will host the
// captcha is not part of this test. It reads `GET config/public` as the SPA does and shows the token it is handed.
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { normaliseCulture } from '@contracts/culture';
import { getPublicConfig } from '@src/api/identity';
import { createCatalogueRuntime } from '@src/i18n/runtime';
import { Captcha } from '@src/ui/captcha/Captcha';
import { UiProvider } from '@src/ui/UiProvider';

declare global {
  interface Window {
    /** Every value onToken received, in order (`null` for undefined). */
    captchaTokens: (string | null)[];
  }
}

const culture = normaliseCulture(new URLSearchParams(window.location.search).get('culture'));
const i18n = setupI18n();
await createCatalogueRuntime(i18n).activate(culture);
const { captcha: config } = await getPublicConfig();
if (config === undefined) throw new Error('config/public names no captcha');
const captcha = config;
window.captchaTokens = [];

function Host() {
  const [round, setRound] = useState(0);
  const [token, setToken] = useState<string>();
  return (
    <>
      <Captcha
        config={captcha}
        culture={culture}
        round={round}
        onToken={(next) => {
          window.captchaTokens.push(next ?? null);
          setToken(next);
        }}
      />
      <output data-testid="token">{token ?? ''}</output>
      <button type="button" onClick={() => setRound((r) => r + 1)}>
        next round
      </button>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <UiProvider>
    <I18nProvider i18n={i18n}>
      <Host />
    </I18nProvider>
  </UiProvider>,
);
