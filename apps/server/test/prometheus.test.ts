import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';

/**
 * Campus IT's view: Debian's Prometheus on loopback scrapes two instances of the portal (the
 * scrape configuration of docs/operations.md) and sees both in campus_http_requests_total.
 * Skipped where Prometheus is missing; a failure under REQUIRE_E2E=1 (CI installs it).
 */
const ctx = useTestApp();
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? 'prometheus';
const available = !spawnSync(PROMETHEUS, ['--version']).error;
if (!available && process.env.REQUIRE_E2E === '1') throw new Error(`${PROMETHEUS} is missing (Debian's prometheus package) and REQUIRE_E2E=1`);

let prometheus: ChildProcess | undefined;
let workDir: string | undefined;
afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    prometheus.kill('SIGTERM');
    const timer = setTimeout(() => prometheus!.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Asks `read` every 250 ms until it returns something, for at most `ms`. */
async function waitFor<T>(what: string, ms: number, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await read();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

interface Target {
  scrapeUrl: string;
  health: string;
  lastError: string;
}

describe.skipIf(!available)('a real Prometheus', () => {
  it('scrapes two instances on loopback and sees both in campus_http_requests_total', async () => {
    const second = await ctx.extraApp({});
    const instances = [await listening(ctx.app), await listening(second)];
    for (const app of [ctx.app, second]) expect((await app.inject({ method: 'GET', url: paths.health })).statusCode).toBe(200);

    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-prometheus-'));
    const configFile = path.join(workDir, 'prometheus.yml');
    fs.writeFileSync(
      configFile,
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        'scrape_configs:',
        '  - job_name: campus',
        '    metrics_path: /metrics',
        '    static_configs:',
        `      - targets: [${instances.map((i) => `'${i}'`).join(', ')}]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    const output: string[] = [];
    prometheus = spawn(PROMETHEUS, [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(workDir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    prometheus.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
    prometheus.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    const api = async <T>(call: string): Promise<T> => {
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited: ${output.join('').slice(-2000)}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/${call}`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json()) as { status: string; data: T };
      if (body.status !== 'success') throw new Error(`${call}: ${JSON.stringify(body)}`);
      return body.data;
    };

    const targets = await waitFor('both targets up', 30_000, async () => {
      const data = await api<{ activeTargets: Target[] }>('targets');
      const up = data.activeTargets.filter((t) => t.health === 'up');
      return up.length === 2 ? data.activeTargets : undefined;
    });
    expect(targets.map((t) => t.scrapeUrl).sort()).toEqual(instances.map((i) => `http://${i}/metrics`).sort());

    const seen = await waitFor('campus_http_requests_total from both instances', 15_000, async () => {
      const data = await api<{ result: { metric: { instance: string } }[] }>(`query?query=${encodeURIComponent('sum by (instance) (campus_http_requests_total)')}`);
      const found = data.result.map((r) => r.metric.instance).sort();
      return found.length === 2 ? found : undefined;
    });
    expect(seen).toEqual([...instances].sort());

    // The graphs docs/operations.md gives, as the engineer would put them on a dashboard: the
    // request rate by route (with traffic going on) and the mail queue by state.
    const traffic = setInterval(() => void ctx.app.inject({ method: 'GET', url: paths.health }), 100);
    try {
      const rates = await waitFor('a request rate for the health route', 15_000, async () => {
        const data = await api<{ result: { metric: { route: string }; value: [number, string] }[] }>(
          `query?query=${encodeURIComponent('sum by (route) (rate(campus_http_requests_total[5m]))')}`,
        );
        const health = data.result.find((r) => r.metric.route === paths.health);
        return health && Number(health.value[1]) > 0 ? data.result : undefined;
      });
      expect(rates.every((r) => r.metric.route !== undefined)).toBe(true);
    } finally {
      clearInterval(traffic);
    }
    const queue = await api<{ result: { metric: { state: string } }[] }>(`query?query=${encodeURIComponent('max by (state) (campus_mail_jobs)')}`);
    expect(queue.result.map((r) => r.metric.state).sort()).toEqual(['given_up', 'retrying', 'waiting']);
  });
});
