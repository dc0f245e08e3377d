// Bundles the server into dist/server.js. Dependencies stay external (installed in node_modules),
// except @campus/contract, which ships TypeScript source and so must be compiled in.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@campus/contract');

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some bundled code may call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });

// An initialised empty PGlite cluster, unpacked on first start instead of running initdb
// (see src/platform/db/database.ts). Made with the installed PGlite, so the versions match.
const { PGlite } = await import('@electric-sql/pglite');
const seedDb = await PGlite.create('memory://');
const seed = await seedDb.dumpDataDir('gzip');
await seedDb.close();
fs.writeFileSync(path.join(here, 'dist/pglite-seed.tar.gz'), Buffer.from(await seed.arrayBuffer()));
console.log('built apps/server/dist/server.js');
