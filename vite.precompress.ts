import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest|xml)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

async function compressOne(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) return;
  const body = await readFile(file);
  // Both run on libuv's thread pool, so the files of a build are compressed on every core at once.
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  // A copy that is not smaller would only cost a lookup; the server then sends the file as it is.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
}

/** Compresses every text file under `dir` (the build's output), each on its own. */
export async function precompressDir(dir: string): Promise<void> {
  const files = await filesUnder(dir);
  await Promise.all(files.filter((file) => !/\.(?:br|gz)$/.test(file)).map(compressOne));
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build, once, at
 * build time: the server hands the copy the browser accepts (`preCompressed` in server/http/static-spa.ts) instead of
 * compressing on every request, or, as before this plugin, sending the JavaScript uncompressed. Source maps are left
 * alone: browsers never download them.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // closeBundle hooks run in parallel; this one waits until every other plugin has written its files (the
      // widget's assets), so nothing is left uncompressed.
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
