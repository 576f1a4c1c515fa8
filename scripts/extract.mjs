// `npm run extract`: Lingui's extract over the four catalogues of lingui.config.ts, removing messages no source uses
// any more (--clean; further arguments are passed on, e.g. `-- --locale es`). Lingui ends its report by telling you to
// run a `compile` script: Gatehouse has none, because @lingui/vite-plugin compiles the .po catalogues when Vite builds
// or serves them, so that line is replaced by what is true here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './spa-build.mjs';

const lingui = path.join(repoRoot, 'node_modules/@lingui/cli/dist/lingui.js');
const child = spawn(process.execPath, [lingui, 'extract', '--clean', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: ['inherit', 'pipe', 'inherit'],
});
const compileHint = 'to compile catalogs for production';
createInterface({ input: child.stdout }).on('line', (line) => {
  if (line.includes(compileHint)) {
    process.stdout.write('(No compile step: the Vite build and `npm run dev` compile the catalogues themselves.)\n');
    process.stdout.write('(Give every new message its Spanish in src/locales/es/*.po, in the informal register.)\n');
  } else {
    process.stdout.write(`${line}\n`);
  }
});
child.on('exit', (code) => {
  process.exitCode = code ?? 1;
});
