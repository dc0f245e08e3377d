import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside each compressible file, in every folder', async () => {
    const js = 'export const x = 1;\n'.repeat(200);
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<p>hello</p>\n'.repeat(100));
    await writeFile(join(dir, 'assets', 'app.js'), js);

    await precompressDir(dir);

    const raw = await readFile(join(dir, 'assets', 'app.js'));
    const br = await readFile(join(dir, 'assets', 'app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(await readFile(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(js);
    expect(br.length).toBeLessThan(raw.length);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
  });

  it('leaves small files and formats that are compressed already alone', async () => {
    await writeFile(join(dir, 'tiny.svg'), 'x'.repeat(MIN_BYTES - 1));
    await writeFile(join(dir, 'photo.png'), Buffer.alloc(10_000));

    expect(await precompressDir(dir)).toEqual([]);
    expect(existsSync(join(dir, 'tiny.svg.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.png.gz'))).toBe(false);
  });
});
