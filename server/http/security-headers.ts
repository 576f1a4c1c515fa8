import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

type Directives = Record<string, string[]>;

/**
 * The CSP fits the SPA as built by Vite: scripts only from our origin; Chakra's emotion injects <style> tags, so
 * styles need 'unsafe-inline'; images from us or data: URIs (icons, logos served as bytes). Everything the page talks
 * to is same-origin (API, embedded IdP, static SPA — ARCHITECTURE "Static SPA"). Outside origins are added only when
 * configuration turns the matching feature on: a real Okta org (XHR, the widget's hidden iframe, redirects), reCAPTCHA
 * and Google Maps (spec: sign-up loads both).
 */
export function contentSecurityPolicy(config: Config): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  const add = (name: string, ...sources: string[]) => {
    directives[name] = [...(directives[name] ?? []), ...sources];
  };
  if (config.okta !== null) {
    const idp = new URL(config.okta.issuer).origin;
    add('connect-src', idp);
    add('frame-src', idp);
    add('form-action', idp);
  }
  // ALTCHA (the default captcha) needs nothing here: its proof of work runs in a worker file the SPA's build emits and
  // we serve, which `script-src 'self'` allows (`worker-src` falls back to it), and its digest is Web Crypto, not wasm.
  if (config.recaptcha !== null) {
    add('script-src', 'https://www.google.com', 'https://www.gstatic.com');
    // Google's reCAPTCHA FAQ lists both frame hosts; its frames come from either.
    add('frame-src', 'https://www.google.com', 'https://recaptcha.google.com');
  }
  if (config.mapsApiKey !== null) {
    // The maps script and the libraries it loads; the Places data API answers from its own host (the address lookup,
    // src/profile/address/google-places.ts); Google's attribution and marker images.
    add('script-src', 'https://maps.googleapis.com', 'https://maps.gstatic.com');
    add('connect-src', 'https://maps.googleapis.com', 'https://places.googleapis.com');
    add('img-src', 'https://maps.gstatic.com', 'https://maps.googleapis.com');
  }
  // Only meaningful, and only harmless, when we are served over https.
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    // useDefaults off: every directive is the list above, nothing implicit.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS only makes sense behind https; on http://localhost it would only confuse.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
}
