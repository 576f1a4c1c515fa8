// `npm start`: the one command a newcomer runs. Builds the SPA if needed, then runs the server with the embedded
// database (PGlite under ./data), the demo world and, from issue #3 on, the embedded identity provider.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildSpaIfStale, repoRoot } from './spa-build.mjs';

buildSpaIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { DEMO_DATA: 'true', ...process.env },
});
// Forward signals so the server's graceful shutdown runs; exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
