import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCRIPT_HEADER_BYTES, firstLoadFiles, measureBudgets, measurePages, pageModules, type Manifest } from './js-budget';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: ['src/Login.tsx', 'src/Course.tsx'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_Field-c.js': { file: 'assets/Field-c.js', imports: ['index.html', '_react-b.js'] },
  'src/Login.tsx': { file: 'assets/Login-d.js', src: 'src/Login.tsx', isDynamicEntry: true, imports: ['index.html', '_Field-c.js'], dynamicImports: ['src/checks.ts'] } as Manifest[string],
  'src/checks.ts': { file: 'assets/checks-e.js', src: 'src/checks.ts', imports: ['_zod-f.js'] },
  '_zod-f.js': { file: 'assets/zod-f.js' },
  // A page two routes import is keyed by its chunk's name.
  '_Course-g.js': { file: 'assets/Course-g.js', imports: ['_Field-c.js'] },
};

describe('firstLoadFiles', () => {
  it('takes the entry, the lazy page and their static imports once each, and none of their dynamic imports', () => {
    expect(firstLoadFiles(manifest, ['src/Login.tsx'])).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/Login-d.js', 'assets/Field-c.js']);
  });

  it('finds a shared page chunk by its name, and refuses a page that is not there', () => {
    expect(firstLoadFiles(manifest, ['src/Course.tsx'])).toContain('assets/Course-g.js');
    expect(() => firstLoadFiles(manifest, ['src/Gone.tsx'])).toThrow(/not in the manifest/);
  });
});

describe('measureBudgets', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'budget-'));
    await mkdir(join(dist, '.vite'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) await writeFile(join(dist, chunk.file), 'x'.repeat(5000));
    // Files of 1 KB or more have a brotli copy, which is what goes on the wire.
    await writeFile(join(dist, 'assets', 'react-b.js.br'), 'x'.repeat(1024));
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('sums the brotli copy where there is one, the file where there is not, and each file\'s headers, and fails past the budget', async () => {
    const onTheWire = 3 * 5000 + 1024 + 4 * SCRIPT_HEADER_BYTES;
    const [within, over] = await measureBudgets(dist, [
      { route: '/login', lazy: ['src/Login.tsx'], maxKb: onTheWire / 1024 },
      { route: '/tight', lazy: ['src/Login.tsx'], maxKb: (onTheWire - 1) / 1024 },
    ]);
    expect(within).toMatchObject({ bytes: onTheWire, files: 4, ok: true });
    expect(over).toMatchObject({ bytes: onTheWire, ok: false });
  });
});

// An app of three pages: one light, one that passes 120 KB with what it imports, and one two
// routes share (keyed by its chunk's name); and a home section, which is no page.
const pagesManifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    dynamicImports: ['src/features/a/LightPage.tsx', 'src/features/b/HeavyPage.tsx', 'src/features/b/HeavyPage.tsx', '_SharedPage-h.js', 'src/features/c/HomeSection.tsx'],
  },
  'src/features/a/LightPage.tsx': { file: 'assets/LightPage-b.js', src: 'src/features/a/LightPage.tsx', imports: ['index.html'] },
  'src/features/b/HeavyPage.tsx': { file: 'assets/HeavyPage-c.js', src: 'src/features/b/HeavyPage.tsx', imports: ['index.html', '_chart-d.js'] },
  '_chart-d.js': { file: 'assets/chart-d.js' },
  '_SharedPage-h.js': { file: 'assets/SharedPage-h.js', imports: ['index.html'] },
  'src/features/c/HomeSection.tsx': { file: 'assets/HomeSection-e.js', src: 'src/features/c/HomeSection.tsx', imports: ['index.html', '_chart-d.js'] },
};
const KB = 1024;
const pageSizes: Record<string, number> = {
  'assets/index-a.js': 60 * KB,
  'assets/LightPage-b.js': 10 * KB,
  'assets/HeavyPage-c.js': 20 * KB,
  'assets/chart-d.js': 41 * KB,
  'assets/SharedPage-h.js': 30 * KB,
  'assets/HomeSection-e.js': 1 * KB,
};

describe('pageModules', () => {
  it('lists the entry\'s lazy pages once each, shared page chunks included, and no other lazy module', () => {
    expect(pageModules(pagesManifest)).toEqual(['src/features/a/LightPage.tsx', 'src/features/b/HeavyPage.tsx', '_SharedPage-h.js']);
  });
});

describe('measurePages', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'pages-'));
    await mkdir(join(dist, '.vite'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(pagesManifest));
    for (const [file, size] of Object.entries(pageSizes)) await writeFile(join(dist, file), 'x'.repeat(size));
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('fails a page whose first load passes 120 KB, and lists every page worst first', async () => {
    expect(await measurePages(dist)).toEqual([
      { page: 'b/HeavyPage', bytes: 121 * KB, files: 3, ok: false },
      { page: 'SharedPage', bytes: 90 * KB, files: 2, ok: true },
      { page: 'a/LightPage', bytes: 70 * KB, files: 2, ok: true },
    ]);
  });

  it('holds a page at exactly the limit', async () => {
    await writeFile(join(dist, 'assets/chart-d.js'), 'x'.repeat(40 * KB));
    expect((await measurePages(dist))[0]).toMatchObject({ page: 'b/HeavyPage', bytes: 120 * KB, ok: true });
  });

  it('refuses a build where it finds no page, rather than passing it', async () => {
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-a.js', isEntry: true } }));
    await expect(measurePages(dist)).rejects.toThrow(/no page module/);
  });
});
