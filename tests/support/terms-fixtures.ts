import type { TermsVersion } from '@contracts/terms';

/**
 * A published version of Acme's terms as GET Terms/:clientId lists it: English and (unless `spanish` is false) Spanish
 * texts that name their number, published by Acme's client administrator.
 */
export const termsVersion = (number: number, spanish = true): TermsVersion => ({
  number,
  publishedAt: `2026-11-0${String(number)}T10:00:00.000Z`,
  publishedBy: 'ACME__clientadmin@acme.test',
  texts: [
    { culture: 'en-us', termsHtml: `<p>Terms ${String(number)}</p>`, privacyHtml: `<p>Privacy ${String(number)}</p>` },
    ...(spanish
      ? [
          {
            culture: 'es' as const,
            termsHtml: `<p>Condiciones ${String(number)}</p>`,
            privacyHtml: `<p>Privacidad ${String(number)}</p>`,
          },
        ]
      : []),
  ],
});
