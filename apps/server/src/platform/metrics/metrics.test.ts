import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildUser } from '../../../test/factories';
import { METRICS_PATH, metricsAllowList } from './metrics';

const ctx = useTestApp();
const minute = 60_000;

const scrape = async (app: FastifyInstance, from = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: from, headers });

/** The value of one series in the exposition text (`name{labels} value`), 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** GET /metrics over a real socket from `localAddress` to an app listening on 127.0.0.1. */
function getFrom(port: number, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: METRICS_PATH, localAddress, timeout: 5_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

describe('GET /metrics', () => {
  it('answers loopback with the Prometheus text format, outside the JSON contract and the OpenAPI document', async () => {
    const res = await scrape(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['campus_http_requests_total', 'campus_http_request_duration_seconds', 'campus_event_streams_open', 'campus_mail_jobs', 'campus_login_failures_total', 'campus_rate_limit_refusals_total', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(res.body, 'campus_mail_queue_readable')).toBe(1);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain(METRICS_PATH);
  });

  it('counts open file descriptors without listing them, and leaves out what costs per connection', async () => {
    const before = valueOf((await scrape(ctx.app)).body, 'process_open_fds');
    expect(before).toBeGreaterThan(0);
    const handles = await Promise.all(Array.from({ length: 40 }, () => open(import.meta.filename, 'r')));
    try {
      const body = (await scrape(ctx.app)).body;
      // Some slack: the app may close a socket or file of its own between the two scrapes.
      expect(valueOf(body, 'process_open_fds')).toBeGreaterThanOrEqual(before + 30);
      expect(valueOf(body, 'process_open_fds')).toBeLessThanOrEqual(valueOf(body, 'process_max_fds'));
      expect(body).not.toMatch(/^nodejs_active_(handles|resources)/m);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('is the 404 of an unknown path for any other address, over a real socket', async () => {
    const app = await ctx.extraApp({});
    const port = await listening(app);
    const unknown = await app.inject({ method: 'GET', url: '/no-such-path' });
    const refused = await getFrom(port, '127.0.0.2');
    expect(refused.status).toBe(404);
    expect(refused.body).toBe(unknown.body);
    const local = await getFrom(port, '127.0.0.1');
    expect(local.status).toBe(200);
    expect(local.body).toContain('campus_http_requests_total');
  });

  it('admits the addresses and ranges of METRICS_ALLOW', async () => {
    const app = await ctx.extraApp({ metrics: { enabled: true, allow: ['127.0.0.0/8'] } });
    const port = await listening(app);
    expect((await getFrom(port, '127.0.0.2')).status).toBe(200);
    expect((await scrape(app, '10.1.2.3')).statusCode).toBe(404);

    const allowed = metricsAllowList(['10.0.0.0/8', '192.168.7.9', 'fd00::/8']);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.200.3.4', '::ffff:10.0.0.1', '192.168.7.9', 'fd12:3456::1'].filter((a) => !allowed(a))).toEqual([]);
    expect(['127.0.0.2', '11.0.0.1', '192.168.7.10', '::2', 'fe80::1', '2001:db8::1', 'not an address'].filter(allowed)).toEqual([]);
  });

  it('behind a trusted proxy, checks the forwarded client address, not the proxy\'s loopback', async () => {
    const app = await ctx.extraApp({ trustProxy: 1 });
    expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    const admitted = await ctx.extraApp({ trustProxy: 1, metrics: { enabled: true, allow: ['203.0.113.0/24'] } });
    expect((await scrape(admitted, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(200);
    // Without TRUST_PROXY the header is the client's own writing: it cannot open the door.
    const strict = await ctx.extraApp({ metrics: { enabled: true, allow: ['203.0.113.0/24'] } });
    expect((await scrape(strict, '198.51.100.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
  });

  it('counts requests by route pattern, failed logins and rate-limit refusals', async () => {
    const { user } = await buildUser(ctx.app);
    const app = await ctx.extraApp({ login: { perAccountAddress: { max: 2, windowMs: minute }, perAddress: { max: 100, windowMs: minute }, perAccount: { max: 100, windowMs: minute } } });
    const login = (password: string) => app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: user.registrationId, password } });
    expect((await login('wrong password')).statusCode).toBe(401);
    expect((await login('wrong password')).statusCode).toBe(401);
    expect((await login(DEFAULT_PASSWORD)).statusCode).toBe(429);
    await app.inject({ method: 'GET', url: '/no/such/path/1' });
    await app.inject({ method: 'GET', url: '/no/such/path/2' });
    await app.inject({ method: 'GET', url: paths.courses.get('a'.repeat(24)) });

    const text = (await scrape(app)).body;
    const route = paths.users.login;
    expect(valueOf(text, 'campus_login_failures_total')).toBe(2);
    expect(valueOf(text, `campus_http_requests_total{method="POST",route="${route}",status="401"}`)).toBe(2);
    expect(valueOf(text, `campus_http_requests_total{method="POST",route="${route}",status="429"}`)).toBe(1);
    expect(valueOf(text, `campus_rate_limit_refusals_total{route="${route}"}`)).toBe(1);
    expect(valueOf(text, `campus_http_request_duration_seconds_count{method="POST",route="${route}"}`)).toBe(3);
    // Unknown paths are one label; a route with a parameter is its pattern.
    expect(valueOf(text, 'campus_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).toContain('route="/api/v1/courses/getcourse/:courseId"');
    expect(text).not.toContain('/no/such/path');
  });

  it('with METRICS=off, counts nothing and /metrics is an unknown path', async () => {
    const app = await ctx.extraApp({ metrics: { enabled: false, allow: [] } });
    expect(app.hasRoute({ method: 'GET', url: METRICS_PATH })).toBe(false);
    expect((await scrape(app)).statusCode).toBe(404);
    app.metrics.loginFailed();
  });

  it('counts the mail queue by state', async () => {
    await ctx.database.db.execute(
      // Two waiting, one retrying, one given up, one sent (not counted).
      (await import('drizzle-orm')).sql`insert into mail_jobs (recipient, template, attempts, failed_at, sent_at, run_at) values
        ('a@campus.test', 't', 0, null, null, now() - interval '90 seconds'), ('b@campus.test', 't', 0, null, null, now()),
        ('c@campus.test', 't', 2, null, null, now() + interval '1 minute'), ('d@campus.test', 't', 5, now(), null, now()),
        ('e@campus.test', 't', 0, null, now(), now())`,
    );
    const text = (await scrape(ctx.app)).body;
    expect(valueOf(text, 'campus_mail_jobs{state="waiting"}')).toBe(2);
    expect(valueOf(text, 'campus_mail_jobs{state="retrying"}')).toBe(1);
    expect(valueOf(text, 'campus_mail_jobs{state="given_up"}')).toBe(1);
    expect(valueOf(text, 'campus_mail_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
  });

  it('reports the PostgreSQL pool, or nothing about a pool on PGlite', async () => {
    const text = (await scrape(ctx.app)).body;
    if (ctx.databaseUrl) {
      expect(text).toContain('campus_db_pool_connections{state="in_use"}');
      expect(text).toContain('campus_db_pool_connections{state="idle"}');
      expect(text).toContain('campus_db_pool_waiting ');
    } else {
      expect(text).not.toContain('campus_db_pool');
    }
  });

  it('passes `promtool check metrics`', async (test) => {
    const found = spawnSync('promtool', ['--version']);
    if (found.error) {
      if (process.env.REQUIRE_E2E === '1') throw new Error('promtool is missing (Debian\'s prometheus package) and REQUIRE_E2E=1');
      test.skip('promtool not found: install Debian\'s prometheus package (REQUIRE_E2E=1 makes this a failure)');
      return;
    }
    await ctx.app.inject({ method: 'GET', url: paths.health });
    const text = (await scrape(ctx.app)).body;
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 10_000 });
    const problems = `${checked.stdout}${checked.stderr}`.split('\n').filter((l) => l.trim() !== '');
    // prom-client's own process gauges are named nodejs_active_*_total (its choice, kept for
    // dashboards that use them); every other line, and any format error, is a failure.
    const promClients = /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
    expect(problems.filter((l) => !promClients.test(l))).toEqual([]);
    expect(text).toContain('campus_http_requests_total{method="GET",route="/api/v1/health",status="200"}');
  });

  it('the alert rules docs/operations.md gives pass `promtool check rules`, over metrics /metrics serves', async (test) => {
    if (spawnSync('promtool', ['--version']).error) {
      if (process.env.REQUIRE_E2E === '1') throw new Error('promtool is missing (Debian\'s prometheus package) and REQUIRE_E2E=1');
      test.skip('promtool not found');
      return;
    }
    const doc = readFileSync(resolve(import.meta.dirname, '../../../../../docs/operations.md'), 'utf8');
    const rules = /```yaml\n(groups:[\s\S]*?)```/.exec(doc)?.[1];
    expect(rules).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'campus-rules-'));
    try {
      writeFileSync(join(dir, 'rules.yml'), rules!);
      const checked = spawnSync('promtool', ['check', 'rules', join(dir, 'rules.yml')], { encoding: 'utf8', timeout: 10_000 });
      expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Every campus_/process_ metric a rule names is one /metrics serves (the pool's only on PostgreSQL).
    const served = (await scrape(ctx.app)).body;
    const onPostgres = ctx.app.database.poolStats !== undefined;
    const named = [...new Set(rules!.match(/\b(campus|process)_[a-z_]+/g))].filter((name) => onPostgres || !name.startsWith('campus_db_pool_'));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !served.includes(`# TYPE ${name.replace(/_bucket$/, '')} `))).toEqual([]);
  });
});
