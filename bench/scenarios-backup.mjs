// `backup`: `npm run backup` of the embedded setup while the portal serves, and `npm run restore`
// of what it wrote (issue 27): a database seeded with 20,000 students (bench/lib/seed.mjs) and
// BENCH_BACKUP_MB (default 1024) of stored files written straight into DATA_DIR/files, random
// bytes as uploads mostly are (PDFs and images are compressed already). The commands are run as
// an operator runs them (tsx, the same entry as the npm scripts), the backup asked of the running
// built server; /health's slowest answer while it runs says what serving users notice.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startServer } from './lib/server.mjs';
import { seedPglite } from './lib/seed.mjs';

const FILE_BYTES = 2 * 1024 * 1024;

function run(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'apps', 'server', 'src', 'backup.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - started, out: out.trim() }) : reject(new Error(`${args[0]} exited with ${code}: ${out}`))));
  });
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

export async function backupScenario({ port }) {
  const megabytes = Number(process.env.BENCH_BACKUP_MB ?? 1024);
  const work = mkdtempSync(join(tmpdir(), 'campus-bench-backup-'));
  const dataDir = join(work, 'live');
  const restored = join(work, 'restored');
  const archive = join(work, 'portal.tar.gz');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', STORAGE: 'local' };
  try {
    const first = await startServer({ port, dataDir });
    await first.stop({ keepData: true });
    process.stderr.write('  seeding 20,000 students…\n');
    const seeded = await seedPglite(join(dataDir, 'db'));
    process.stderr.write(`  writing ${megabytes} MB of files…\n`);
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    const count = Math.ceil((megabytes * 1024 * 1024) / FILE_BYTES);
    for (let i = 0; i < count; i++) writeFileSync(join(dataDir, 'files', randomUUID()), randomBytes(FILE_BYTES));

    const server = await startServer({ port, dataDir });
    let slowest = 0;
    let probes = 0;
    let backingUp = true;
    const prober = (async () => {
      while (backingUp) {
        const t = performance.now();
        await fetch(`${server.base}/api/v1/health`).then((r) => r.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - t);
        probes += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const load = loadavg()[0].toFixed(2);
    const made = await run(['backup', archive], env).finally(() => (backingUp = false));
    await prober;
    await server.stop({ keepData: true });

    const restoredRun = await run(['restore', archive], { ...env, DATA_DIR: restored });
    const check = await startServer({ port, dataDir: restored });
    await check.stop({ keepData: true });

    const size = statSync(archive).size;
    return [
      { scenario: 'backup: data', value: `${seeded.counts.students} students, ${seeded.counts.courses} courses, ${seeded.counts.enrollments} enrolments; ${count} files of 2 MB (${mb(count * FILE_BYTES)}, random bytes)` },
      { scenario: 'backup: npm run backup', value: `${s(made.ms)} with the portal serving (load average ${load} at start, 1 min); archive ${mb(size)}; /health slowest ${slowest.toFixed(0)} ms over ${probes} probes during it` },
      { scenario: 'backup: npm run restore', value: `${s(restoredRun.ms)} into an empty DATA_DIR, digests checked; the portal then started on it in ${s(check.readyMs)}` },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
