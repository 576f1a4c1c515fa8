import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** Source files that may use a macro: ours (not node_modules), JavaScript or TypeScript, with or without JSX. */
const SOURCE = /\.[cm]?[jt]sx?$/;
const MACRO_IMPORT = /from\s+['"]@lingui\/[a-z-]+\/macro['"]/;

/**
 * Compiles Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) with Babel, the only toolchain that carries
 * the macro plugin, before Vite's own transform strips the types. Babel only parses TypeScript and JSX here (no
 * preset), so the rest of the file reaches Vite unchanged. Ours rather than @rolldown/plugin-babel, which declares
 * Node 22 or later and so made `npm install` warn (EBADENGINE) on the Node 20 we support.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'gatehouse:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('.ts') ? ['typescript'] : ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (result?.code == null) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
