import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { contractRoutesModule, loadApi } from './contract-routes';
import { keyOf, type Manifest } from './js-budget';

/**
 * The pages that must open with no network once opened online: the admit card, the login page
 * (where a logged-out visitor lands) and /verify (an invigilator's check at the gate). Each brings
 * its static imports and stylesheets; the exam-day pages (`lazyToo`) also what they load after
 * they show (the card's QR code and its encoder, /verify's camera scanner), so the code is on the
 * screen offline even if the page was never opened with the worker in control.
 */
export const OFFLINE_PAGES = [
  { src: 'src/features/hallticket/HallTicketPage.tsx', lazyToo: true },
  { src: 'src/features/auth/LoginPage.tsx', lazyToo: false },
] as const;
/** Pages taken when the build has them (/verify came with the signed documents' web half). */
export const OFFLINE_PAGES_IF_BUILT = [{ src: 'src/features/documents/VerifyPage.tsx', lazyToo: true }] as const;
/**
 * Loaded later and not saved at install: the PDF maker (jsPDF, about 120 KB on the wire, for
 * every user whether or not they ever print a card). The worker saves it when first used online.
 */
export const NOT_AT_INSTALL = ['src/features/hallticket/pdf.ts'];

/** Files of the public folder the shell shows or the browser asks for when installing. */
const PUBLIC_FILES = ['/favicon.svg', '/manifest.webmanifest'];

const inManifest = (manifest: Manifest, src: string) => {
  try {
    keyOf(manifest, src);
    return true;
  } catch {
    return false;
  }
};

/**
 * The URLs the worker saves at install: '/' (index.html, which the server answers for every page),
 * the public files above, and the entry and the offline pages with what they import, scripts and
 * stylesheets.
 */
export function precacheList(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const pages = [...OFFLINE_PAGES, ...OFFLINE_PAGES_IF_BUILT.filter((page) => inManifest(manifest, page.src))];
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, lazyToo: boolean) => {
    if (seen.has(key) || NOT_AT_INSTALL.includes(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (apps/web/build/service-worker.ts)`);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!files.includes(file)) files.push(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
    if (lazyToo) for (const imported of chunk.dynamicImports ?? []) visit(imported, true);
  };
  visit(entry, false);
  for (const page of pages) visit(keyOf(manifest, page.src), page.lazyToo);
  return ['/', ...PUBLIC_FILES, ...files.map((file) => `/${file}`)];
}

/** Changes whenever the shell does: the files' names carry their hashes, and index.html's bytes are added. */
export const shellVersion = (urls: readonly string[], indexHtml: string | Buffer) =>
  createHash('sha256').update(urls.join('\n')).update('\0').update(indexHtml).digest('hex').slice(0, 16);

/** src/sw/worker.ts bundled into one classic script, with the shell's URLs and version written in. */
export async function buildWorker(root: string, urls: readonly string[], version: string): Promise<string> {
  // Loaded when a build needs it (the tests load this module in jsdom, which esbuild refuses).
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src', 'sw', 'worker.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
    define: { __CAMPUS_PRECACHE__: JSON.stringify(urls), __CAMPUS_VERSION__: JSON.stringify(version) },
    plugins: [
      {
        // As in the page's build (contract-routes.ts): the endpoints' methods and paths, not zod and the schemas.
        name: 'campus-contract-routes',
        setup(b) {
          b.onResolve({ filter: /^@campus\/contract\/api$/ }, () => ({ path: 'contract-routes', namespace: 'campus' }));
          b.onLoad({ filter: /.*/, namespace: 'campus' }, async () => ({ contents: contractRoutesModule(await loadApi()), loader: 'js' }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

/**
 * Vite plugin (build only): once the build is written, writes dist/sw.js for it. It runs before
 * precompress (order 'pre', sequential), so sw.js gets its brotli copy too.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'campus:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        const urls = precacheList(manifest);
        const version = shellVersion(urls, await readFile(join(outDir, 'index.html')));
        await writeFile(join(outDir, 'sw.js'), await buildWorker(root, urls, version));
        this.environment.logger.info(`sw.js: ${urls.length} files kept for offline use, shell ${version}`);
      },
    },
  };
}
