import { defineConfig } from '@lingui/cli';

/**
 * Two catalogues per locale, each owned by one kind of source:
 * - `labels`: the resource label keys the specification names (src/i18n/labels/**), with their default texts.
 * - `ui`: every other text a person reads, written in views and flow message files.
 * Every message carries an explicit id in the resource-key form `Area_Kind_Name`, so that any text on screen can be
 * overridden per client and culture through the resources API (dashboard Edit Mode).
 */
export default defineConfig({
  sourceLocale: 'en-us',
  locales: ['en-us', 'es'],
  fallbackLocales: { default: 'en-us' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/labels', include: ['<rootDir>/src/i18n/labels'] },
    {
      path: '<rootDir>/src/locales/{locale}/ui',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['<rootDir>/src/i18n/labels/**'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
