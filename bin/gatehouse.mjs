#!/usr/bin/env node
// `npx gatehouse <command>` (server/cli/main.ts): the compiled command in production (`npm run build` writes
// dist/node/server/cli/main.js, no tsx at run time), else the TypeScript source through tsx (a checkout with its
// development packages). NODE_ENV=production always takes the compiled one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/node/server/cli/main.js');

function tsxAvailable() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

if (process.env.NODE_ENV !== 'production' && tsxAvailable()) {
  const { register } = await import('tsx/esm/api');
  // The repository's tsconfig, wherever the command is run from (its path aliases).
  register({ tsconfig: path.join(root, 'tsconfig.json') });
  await import(pathToFileURL(path.join(root, 'server/cli/main.ts')).href);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write(
    'gatehouse: the command is not built: run `npm run build` (or install the development packages)\n',
  );
  process.exit(1);
}
