// `npm run dev`: the API on API_PORT (default 3001) with restarts on change, and Vite's dev server on PORT (default
// 3000) proxying /api to it, so the SPA and the API share one origin as in production. The demo world and the flow
// inspector (its admin menu entry, docs/spa.md) are on unless the environment says otherwise.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './spa-build.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(repoRoot, 'server/main.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      DEMO_DATA: 'true',
      INSPECTOR: 'true',
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: `http://localhost:${webPort}`,
    },
  }),
  spawn(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // PUBLIC_URL: pages opened under another name are sent to it (vite.public-address.ts).
    env: { ...process.env, API_PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}` },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((child) => child.on('exit', () => stop('SIGTERM')));
