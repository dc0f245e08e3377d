import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../src/app';
import { ensureAdmin, ensureExamOffice } from '../src/features/users';
import { loadConfig, type Config } from '../src/platform/config/config';
import { openDatabase, type Database, type DatabaseOptions } from '../src/platform/db/database';
import { SESSION_COOKIE } from '../src/platform/auth/sessions';
import { recordResponse, recordToken } from './response-scan';

export const EXAM_OFFICE_PASSWORD = 'exam-office-test-secret';
export const ADMIN_PASSWORD = 'admin-test-secret-passphrase';

/** Every SQL statement the test database ran, in order; tests count the queries of one request. */
export const sqlLog: string[] = [];
/** The parameters each statement of `sqlLog` was sent with, at the same index (what a server's statement log keeps too). */
export const sqlParams: unknown[][] = [];
const onQuery = (query: string, params: unknown[]) => {
  sqlLog.push(query);
  sqlParams.push(params);
};

/** The statements `run` caused, e.g. to check that a listing is one query. */
export async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const start = sqlLog.length;
  await run();
  return sqlLog.slice(start);
}

/** The statements `run` caused, each with its parameters: all that a statement log could keep of them. */
export async function statementsDuring(run: () => Promise<unknown>): Promise<{ query: string; params: unknown[] }[]> {
  const start = sqlLog.length;
  await run();
  return sqlLog.slice(start).map((query, i) => ({ query, params: sqlParams[start + i] ?? [] }));
}

/**
 * One database per test file: in-memory PGlite by default, or a fresh PostgreSQL database
 * (created and dropped here) when TEST_DATABASE_URL is set. Each starts as a copy of the
 * migrated one the run's global setup made (test/global-setup.ts); its migration check then
 * finds nothing to do.
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'onConnectionError'> = {}): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = inject('pgliteSnapshot');
    const pgliteSnapshot = snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined;
    const database = await openDatabase({ pgliteDir: 'memory://', onQuery, pgliteSnapshot });
    return { database, drop: () => database.close() };
  }
  const name = `campus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('templateDatabase');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', onQuery, ...options });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAM_OFFICE_PASSWORD,
    ADMIN_PASSWORD,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Generous limits so ordinary tests never trip them; the rate-limit tests lower them.
    RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '10000',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '10000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '10000',
    RATE_LIMIT_REGISTER_PER_ADDRESS: '10000',
    RATE_LIMIT_REGISTER_BURST: '10000',
    RATE_LIMIT_RESET_PER_ACCOUNT: '10000',
    RATE_LIMIT_RESET_PER_ADDRESS: '10000',
    RATE_LIMIT_UPLOADS_PER_USER: '10000',
    RATE_LIMIT_CREATE_PER_USER: '10000',
    RATE_LIMIT_CALENDAR_PER_FEED: '10000',
  });
  return { ...base, ...overrides };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** The PostgreSQL URL of the test database; undefined on PGlite (which one process owns). */
  databaseUrl?: string;
  /** Every route registered on `app` (HEAD duplicates removed). */
  routes: RouteOptions[];
  /**
   * Another app on the same database and data dir, with other settings (closed after the file);
   * with `logs`, it logs there as JSON lines at config.logLevel.
   */
  extraApp(overrides: Partial<Config>, logs?: NodeJS.WritableStream): Promise<FastifyInstance>;
}

/** Builds an app on the file's database, with the response scan and route collection attached. */
async function instrumentedApp(config: Config, database: Database, routes?: RouteOptions[], logs?: NodeJS.WritableStream) {
  return buildApp(config, {
    database,
    logger: logs ? { stream: logs } : false,
    instrument: (app) => {
      app.addHook('onRoute', (route) => {
        if (route.method !== 'HEAD') routes?.push(route);
      });
      app.addHook('onSend', async (request, reply, payload) => {
        // The OpenAPI description names request fields such as "password"; it holds no values.
        if (request.url.startsWith('/api/docs')) return payload;
        const cookies = reply.getHeader('set-cookie');
        for (const c of [cookies].flat()) {
          const m = typeof c === 'string' ? new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c) : null;
          if (m?.[1]) recordToken(m[1]);
        }
        if (typeof payload === 'string') recordResponse(payload);
        else if (Buffer.isBuffer(payload)) recordResponse(payload.toString('utf8'));
        return payload;
      });
    },
  });
}

/**
 * Registers the file's hooks: database and app before all tests, tables emptied (and the exam
 * office recreated) before each test, everything closed and dropped after. `overrides` may be a
 * function, read when the app is built: settings known only once an earlier `beforeAll` ran
 * (the port of a fake text generator) can then reach the config. With `resetEachTest: false`
 * the tables are emptied once, before the file's tests: for a file whose tests share what a
 * `beforeAll` built and change none of it.
 */
export function useTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}, { resetEachTest = true } = {}): TestContext {
  const ctx = {} as TestContext;
  const extras: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ctx.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-test-'));
    ctx.config = testConfig(ctx.dataDir, typeof overrides === 'function' ? overrides() : overrides);
    const opened = await openTestDatabase();
    drop = opened.drop;
    ctx.database = opened.database;
    ctx.databaseUrl = opened.url;
    ctx.routes = [];
    ctx.app = await instrumentedApp(ctx.config, ctx.database, ctx.routes);
    ctx.extraApp = async (more, logs) => {
      const app = await instrumentedApp({ ...ctx.config, ...more }, ctx.database, undefined, logs);
      extras.push(app);
      return app;
    };
  });
  if (resetEachTest) {
    beforeEach(async () => {
      await resetDatabase(ctx);
    });
  } else {
    beforeAll(async () => {
      await resetDatabase(ctx);
    });
  }
  afterAll(async () => {
    for (const app of extras) await app.close();
    await ctx.app?.close();
    await drop();
    if (ctx.dataDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

export async function resetDatabase(ctx: TestContext): Promise<void> {
  await ctx.database.db.execute(sql`TRUNCATE users, sessions, files, courses, enrollments, notes, notifications, applications, marksheets, events, mail_jobs, password_resets, audit_entries, sign_in_attempts, sign_in_replays CASCADE`);
  fs.rmSync(path.join(ctx.dataDir, 'files'), { recursive: true, force: true });
  fs.mkdirSync(path.join(ctx.dataDir, 'files'), { recursive: true });
  await ensureExamOffice(ctx.database.db, ctx.config.examOffice);
  await ensureAdmin(ctx.database.db, ctx.config.admin);
}

/** A stream that keeps what a test app logs, as parsed JSON lines. */
export function logCollector(): { stream: NodeJS.WritableStream; entries: () => { level: number; msg: string; [key: string]: unknown }[] } {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  return { stream, entries: () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }) };
}

/** Stored upload files (temp files included) under the data dir. */
export function storedFiles(ctx: TestContext): string[] {
  return fs.readdirSync(path.join(ctx.dataDir, 'files'));
}
