import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like formats that shrink when compressed; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map|wasm)$/i;

/** Below this the headers cost more than compression saves. */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of at least MIN_BYTES under `dir`, so the server sends the smallest copy the browser accepts
 * without compressing anything per request. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const candidates = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const sizes = await Promise.all(candidates.map(async (f) => (await stat(f)).size));
  const files = candidates.filter((_, i) => sizes[i]! >= MIN_BYTES);
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return files;
}

/**
 * Vite plugin: once the build is written (index.html and the copied public files included),
 * pre-compresses the output folder. The server serves these copies by Accept-Encoding.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'campus:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = await precompressDir(outDir);
      this.environment.logger.info(`precompressed ${files.length} files (brotli 11, gzip 9)`);
    },
  };
}
