/**
 * `.po` catalogues are compiled on import by the Lingui Vite plugin (vite.config.ts, vitest.config.ts), which turns
 * each into a module exporting the compiled messages.
 */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
