import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** No import climbs three folders: it names its layer instead (`@contracts/…`, `@machines/…`). */
const climbing = {
  group: ['../../../*'],
  message: 'Name the layer (@contracts/, @machines/, @src/, …) instead of climbing.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'server/db/migrations/**',
      'src/locales/**',
      'contracts/forms/password-list.data.ts',
    ],
  },
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
      // Every string a person reads goes through Lingui (STYLE §7.7). What is not a text: a string without a space
      // (ids, keys, paths, CSS tokens), a string whose TypeScript type is a union of literals (props such as
      // `variant="outline"`), the arguments of the calls below and the props named below. The few real exceptions
      // carry an eslint-disable comment with their reason.
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: ['^\\S*$'],
          ignoreFunctions: [
            'console.*',
            'Error',
            'URL',
            'URLSearchParams',
            'RegExp',
            'document.createElement',
            '*.querySelector',
            '*.querySelectorAll',
            '*.addEventListener',
            '*.removeEventListener',
            '*.getAttribute',
            '*.setAttribute',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.replace',
            '*.split',
            '*.join',
            '*.get',
            '*.set',
            '*.has',
            '*.delete',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|id|key|type|to|href|variant|size|colorPalette|data-testid|testId|role|name|as|src|alt|target|rel|mode|placement|autoComplete|inputMode|method|lang|dir|justify|align|display|flexDirection|gap|px|py|p|m|mb|mt|fontWeight|fontSize|color|bg|w|h|maxW|minH|width|height|transform|path|textStyle|layerStyle|borderColor|borderWidth|borderRadius)$',
              },
            },
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  // Layers (docs/architecture.md): contracts ← machines ← src; contracts ← server. Every import names its layer
  // (`@contracts/…`) or stays within two `../`; these rules keep the arrows pointing one way.
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbing] }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      // Machines are pure flow logic: no view, routing, HTTP or i18n library (STYLE §7.1), and nothing of the SPA or
      // the server.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing,
            {
              group: ['react', 'react-dom', '@chakra-ui/*', 'wouter', 'ky', '@lingui/*'],
              message: 'Machines hold flow logic only.',
            },
            { group: ['@src/*', '@server/*', '@tests/*'], message: 'Machines import contracts and machines only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      // Contracts are shared by the server, the machines and the SPA: valibot and each other only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing,
            {
              group: ['react', '@chakra-ui/*', 'wouter', 'ky', '@lingui/*', 'fastify', 'drizzle-orm*', 'xstate'],
              message: 'Contracts import valibot only.',
            },
            { group: ['@src/*', '@machines/*', '@server/*', '@tests/*'], message: 'Contracts are the top layer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing,
            { group: ['@src/*', '@machines/*', '@tests/*'], message: 'The server imports contracts and server only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [climbing, { group: ['@server/*', '@tests/*'], message: 'The SPA never imports the server.' }] },
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
