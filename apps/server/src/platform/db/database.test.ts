import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-app';
import type { Database } from './database';

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
