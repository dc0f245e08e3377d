import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-app';
import { openDatabase, type Database } from './database';

/** The server process behind the pool's (single, idle) connection. */
const backendPid = async (database: Database) =>
  ((await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost while idle', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  const lost: Error[] = [];

  beforeAll(async () => {
    test = await openTestDatabase({ onConnectionError: (err) => lost.push(err) });
    database = test.database;
  });
  afterAll(() => test.drop());

  it('is reported, not thrown, and the next query gets a new connection', async () => {
    const pid = await backendPid(database);
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await expect.poll(() => lost.length).toBe(1);
    expect(await backendPid(database)).not.toBe(pid);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances starting at once', () => {
  it('migrate one after another on a new database: every one opens, the schema is there once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `campus_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const opened: Database[] = [];
    try {
      opened.push(...(await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString(), pgliteDir: '' })))));
      const [applied] = ((await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows;
      expect(applied!.n).toBeGreaterThan(5);
      expect(await opened[3]!.ping()).toBe(true);
    } finally {
      for (const d of opened) await d.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
