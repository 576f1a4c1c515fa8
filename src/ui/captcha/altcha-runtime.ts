// The ALTCHA widget, in its own chunk (loaded by altcha-loader.ts the first time a captcha is shown): the public
// entry never carries it. `altcha/external` is the build without its workers inlined as blob: URLs, so the proof of
// work runs in a worker file Vite bundles and our server serves from our own origin: the CSP's `script-src 'self'`
// (which `worker-src` falls back to) allows it with no `blob:` and no outside host. Its stylesheet comes the same way.
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-look.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** The widget's texts we replace with ours (Lingui catalogues, so a client may override them like any label). */
export type AltchaTexts = {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
  verificationRequired: string;
  waitAlert: string;
  ariaLinkLabel: string;
};

// The server issues PBKDF2/SHA-256 challenges (server/captcha/altcha.ts); the other digests share the same worker,
// registered so that a change of digest on the server does not leave the widget answering "unsupported algorithm".
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

// The widget's own English texts, kept under ours for the few we never show (its code-challenge dialog, which our
// server never asks for).
const widgetTexts = { ...$altcha.i18n.get('en') };

/** Gives the widget our texts for a language (`en`, `es`); every widget showing that language re-renders with them. */
export function setAltchaTexts(language: string, texts: AltchaTexts): void {
  $altcha.i18n.set(language, { ...widgetTexts, ...texts });
}
