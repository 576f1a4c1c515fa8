import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'server/db/migrations/**', 'src/locales/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Template literals with numbers are how we build ids and messages; the rule's default forbids them.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `void promise` marks a deliberately detached promise (event handlers); floating ones stay errors.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every string a person reads goes through Lingui (STYLE §7.7).
      'lingui/no-unlocalized-strings': 'off',
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      // Machines are pure flow logic: no view, routing, HTTP or i18n library (STYLE §7.1).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            '@chakra-ui/*',
            'wouter',
            'ky',
            '@lingui/*',
            '**/src/api/**',
            '**/src/ui/**',
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      // Contracts are shared with the server: valibot and each other only.
      'no-restricted-imports': [
        'error',
        { patterns: ['react', '@chakra-ui/*', 'wouter', 'ky', '@lingui/*', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      // Test doubles and fixtures use non-null assertions on data the test itself just built.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
