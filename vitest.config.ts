import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './vite.aliases.ts';
import { linguiMacro } from './vite.lingui-macro.ts';

const spaPlugins = () => [react(), linguiMacro(), lingui()];

/**
 * One runner, four projects (cheapest first, ARCHITECTURE "Tests, from cheap to real"):
 * - unit:   transition specs, contracts, catalogue parity, pure helpers (node)
 * - dom:    generated walks that drive the real React views (jsdom)
 * - server: Fastify inject against PGlite and against the PostgreSQL at 127.0.0.1:5432
 * - e2e:    the real server and the real browser (system Chromium through playwright-core)
 */
export default defineConfig({
  // Projects inherit this (`extends: true`), so every project resolves the layer aliases alike.
  resolve: { alias: layerAliases },
  test: {
    projects: [
      {
        extends: true,
        plugins: spaPlugins(),
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: spaPlugins(),
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/model/**/*.test.tsx', 'tests/dom/**/*.test.tsx'],
          setupFiles: ['tests/support/dom-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // PGlite is single-connection WASM; several files at once only compete for the two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
