import { defineConfig } from '@lingui/cli';

/**
 * Four catalogues per locale, each owned by one kind of source:
 * - `labels`: the resource label keys the specification names (src/i18n/labels/**), with their default texts,
 *   except the admin area's;
 * - `admin`: the admin area's label keys (src/i18n/labels/admin/**), loaded with the admin area, so the public pages'
 *   entry does not carry them (src/i18n/catalogues.ts);
 * - `inspector`: the flow inspector's texts (src/inspector/**), loaded with its page (src/inspector/catalogue.ts);
 * - `ui`: every other text a person reads, written in views and flow message files.
 * Every message carries an explicit id in the resource-key form `Area_Kind_Name`, so that any text on screen can be
 * overridden per client and culture through the resources API (dashboard Edit Mode).
 */
export default defineConfig({
  sourceLocale: 'en-us',
  locales: ['en-us', 'es'],
  fallbackLocales: { default: 'en-us' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/labels',
      include: ['<rootDir>/src/i18n/labels'],
      exclude: ['<rootDir>/src/i18n/labels/admin/**'],
    },
    { path: '<rootDir>/src/locales/{locale}/admin', include: ['<rootDir>/src/i18n/labels/admin'] },
    { path: '<rootDir>/src/locales/{locale}/inspector', include: ['<rootDir>/src/inspector'] },
    {
      path: '<rootDir>/src/locales/{locale}/ui',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['<rootDir>/src/i18n/labels/**', '<rootDir>/src/inspector/**'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
