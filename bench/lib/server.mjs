// Starts the built server (as `npm start` runs it) on a fresh data dir, for the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const serverEntry = join(root, 'apps', 'server', 'dist', 'server.js');

/**
 * Limits high enough for a benchmark's many accounts, logins, courses and streams from one
 * address (the `abuse` scenario keeps the defaults: they are what it measures).
 */
export const limitsOff = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '100000',
  RATE_LIMIT_LOGIN_PER_ADDRESS: '100000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
  RATE_LIMIT_REGISTER_PER_ADDRESS: '100000',
  RATE_LIMIT_REGISTER_BURST: '100000',
  RATE_LIMIT_UPLOADS_PER_USER: '100000',
  RATE_LIMIT_CREATE_PER_USER: '100000',
  STREAMS_PER_USER: '100000',
};

/** Resident memory of a process (VmRSS in /proc/<pid>/status, Linux), in bytes. */
export function rssBytes(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

/**
 * Resolves once /api/v1/health answers 200; returns the server handle and its start time.
 * `onLog` receives each line the server writes to stdout (its JSON log), else stdout is dropped.
 * `entry` is another build of the server to start (a baseline built from an earlier commit).
 */
export async function startServer({ port, env = {}, dataDir, onLog, entry = serverEntry } = {}) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'campus-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLog) {
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line) onLog(line);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
  }
  const readyMs = performance.now() - started;
  return {
    base,
    dataDir: dir,
    readyMs,
    child,
    /** SIGTERM; resolves with the milliseconds the server took to exit. */
    async stop({ keepData = false } = {}) {
      const t = performance.now();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      const exitMs = performance.now() - t;
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
      return exitMs;
    },
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
