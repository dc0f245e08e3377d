import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { api, paths } from '@campus/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NO_ROUTE } from './tracing';

/**
 * Traces as campus IT receives them: the real process, started as `npm start` does (from source
 * here) with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver on loopback, sends
 * one trace per request, Fastify's span at its root, and under it the database's (on PostgreSQL:
 * the embedded PGlite has no instrumentation) and Redis's when the limits count there.
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface ReceivedSpan extends OtlpSpan {
  scope: string;
  service: string | undefined;
}

/** An OTLP/HTTP receiver (JSON, as the exporter sends by default) keeping every span it is sent. */
async function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
        };
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, scope: ss.scope.name, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

const adminUrl = process.env.TEST_DATABASE_URL;
let database: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (!adminUrl) return;
  const name = `campus_traces_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
});
afterAll(() => database?.drop());

/** Starts the server from source with `env`, waits until it is ready; `stop()` sends SIGTERM and waits for the exit. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-traces-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Also when the test times out: a server left running would keep the test run from ending.
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}${paths.ready}`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 300) throw new Error('the server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Three failed logins: each reads the account (the database) and counts the attempt (the limits' store). */
async function threeLogins(base: string) {
  for (const registrationId of ['100000001', '100000002', '100000003']) {
    const res = await fetch(`${base}${paths.users.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ registrationId, password: 'not the password' }) });
    expect(res.status).toBe(401);
  }
}

/** The spans of each login's trace, by trace id. */
function loginTraces(spans: ReceivedSpan[]) {
  const roots = spans.filter((s) => !s.parentSpanId && attribute(s, 'http.route') === paths.users.login);
  return roots.map((root) => ({ root, spans: spans.filter((s) => s.traceId === root.traceId) }));
}

describe('traces', { timeout: 120_000 }, () => {
  it('one per request, Fastify at its root, sent to the OTLP endpoint and flushed at shutdown', async () => {
    const receiver = await otlpReceiver();
    try {
      const server = await startServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'campus-test',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      });
      await threeLogins(server.base);
      expect(await server.stop()).toBe(0);

      const traces = loginTraces(receiver.spans);
      expect(traces).toHaveLength(3);
      expect(new Set(traces.map((t) => t.root.traceId)).size).toBe(3);
      for (const { root, spans } of traces) {
        expect(root.service).toBe('campus-test');
        expect(root.scope).toBe('@fastify/otel');
        // Every span of the trace hangs from its root.
        const ids = new Set(spans.map((s) => s.spanId));
        for (const s of spans) if (s !== root) expect(ids.has(s.parentSpanId!), `${s.name} has a parent in the trace`).toBe(true);
        if (database) expect(spans.some((s) => s.scope.includes('instrumentation-pg') && /select/i.test(String(attribute(s, 'db.statement') ?? attribute(s, 'db.query.text') ?? s.name))), 'a database span').toBe(true);
        if (process.env.TEST_REDIS_URL) expect(spans.some((s) => s.scope.includes('instrumentation-ioredis')), 'a Redis span').toBe(true);
      }
    } finally {
      await receiver.close();
    }
  });

  it('carry route patterns, never a query string, a token in the path or a statement\'s parameters', async () => {
    const receiver = await otlpReceiver();
    try {
      const server = await startServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...(database ? { DATABASE_URL: database.url } : {}) });
      // Each secret is unique, so finding any of them anywhere in what was exported is a leak.
      const secret = () => `sEcReT${randomBytes(12).toString('hex')}`;
      const secrets: string[] = [];
      const get = async (url: string) => {
        const res = await fetch(`${server.base}${url}`, { redirect: 'manual' });
        await res.arrayBuffer();
        return res.status;
      };
      const s = Array.from({ length: 8 }, secret);
      secrets.push(...s);
      // A calendar feed (the path is the credential), a reset link's page, an unsubscribe link's
      // lookup, an identity provider's callback, a request no route matches; and a login whose
      // registration id becomes a statement parameter.
      expect(await get(paths.calendar.ics(s[0]!))).toBe(404);
      await get(`/reset-password?token=${s[1]}`);
      await get(`${paths.notifications.unsubscribeStatus}?token=${s[2]}`);
      await get(`/api/v1/auth/campus/callback?code=${s[3]}&state=${s[4]}`);
      await get(`/no/such/${s[5]}?token=${s[6]}`);
      const res = await fetch(`${server.base}${paths.users.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ registrationId: '100000009', password: s[7] }) });
      expect(res.status).toBe(401);
      expect(await server.stop()).toBe(0);

      expect(receiver.spans.length).toBeGreaterThan(6);
      const exported = JSON.stringify(receiver.spans);
      for (const value of secrets) expect(exported, 'a secret in an exported span').not.toContain(value);
      expect(exported).not.toContain('sEcReT');
      const roots = receiver.spans.filter((span) => !span.parentSpanId);
      const feed = roots.find((span) => attribute(span, 'http.route') === api.calendar.ics.path);
      expect(feed && attribute(feed, 'url.path')).toBe(api.calendar.ics.path);
      // Every request span's path is its route's pattern or says none matched.
      for (const root of roots) expect([attribute(root, 'http.route'), NO_ROUTE]).toContain(attribute(root, 'url.path'));
      if (database) expect(receiver.spans.some((span) => span.scope.includes('instrumentation-pg')), 'a database span').toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('none without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const receiver = await otlpReceiver();
    try {
      const server = await startServer({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url });
      await threeLogins(server.base);
      expect(await server.stop()).toBe(0);
      expect(receiver.spans).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
