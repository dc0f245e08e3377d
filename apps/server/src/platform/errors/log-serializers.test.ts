import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-app';
import { users } from '../../db/schema';
import type { Database } from '../db/database';
import { errSerializer, type SerializedError } from './log-serializers';

const EMAIL = 'Secret.Person@Campus.test';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-value';

/** The error a statement fails with, from the test database (PGlite or PostgreSQL). */
async function failure(run: () => Promise<unknown>): Promise<Error & { cause?: Record<string, unknown> }> {
  try {
    await run();
  } catch (err) {
    return err as Error & { cause?: Record<string, unknown> };
  }
  throw new Error('expected the statement to fail');
}

const aUser = (email: string) => ({ id: randomUUID(), registrationId: 100000000 + Math.floor(Math.random() * 1e8), email, fullname: 'Secret Person', semester: 1, branch: 'Civil Engineering', userrole: 2, passwordHash: HASH });

describe('the err serializer', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    test = await openTestDatabase();
    database = test.database;
  });
  afterAll(() => test.drop());

  it('keeps the query, the SQLSTATE and the constraint of a duplicate, and no value that was inserted', async () => {
    await database.db.insert(users).values(aUser(EMAIL));
    const err = await failure(() => database.db.insert(users).values(aUser(EMAIL.toLowerCase())));
    // The raw error does carry the values, in Drizzle's message and the driver's detail.
    expect(`${err.message} ${String(err.cause?.detail)}`).toContain(EMAIL.toLowerCase());
    expect(err.message).toContain(HASH);

    const logged = errSerializer(err) as SerializedError;
    const text = JSON.stringify(logged);
    for (const secret of [EMAIL, EMAIL.toLowerCase(), HASH, 'secret-hash-value']) expect(text).not.toContain(secret);
    expect(logged.message).toMatch(/^Failed query: insert into "users"/);
    expect(logged.query).toMatch(/^insert into "users"/);
    expect(logged.stack).toContain(logged.message);
    expect(logged.stack).toMatch(/\n\s+at /);
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_lower_unique', table: 'users', severity: 'ERROR' });
    for (const dropped of ['params', 'detail', 'where', 'internalQuery']) {
      expect(logged).not.toHaveProperty(dropped);
      expect(logged.cause).not.toHaveProperty(dropped);
    }
  });

  it('empties the quotes in which PostgreSQL repeats a value it refused (a data exception)', async () => {
    const err = await failure(() => database.db.execute(sql`select ${EMAIL}::int`));
    expect(String(err.cause?.message)).toContain(EMAIL);

    const logged = errSerializer(err) as SerializedError;
    expect(JSON.stringify(logged)).not.toContain(EMAIL);
    expect(logged.query).toBe('select $1::int');
    expect(logged.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "…"' });
  });

  it('leaves other values alone: non-errors, and errors with nothing to hide', () => {
    expect(errSerializer('a string' as unknown as Error)).toEqual({ type: 'string', message: 'a string', stack: '' });
    const plain = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', errno: -2, path: '/secret/path' });
    expect(errSerializer(plain)).toMatchObject({ type: 'Error', message: 'ENOENT: no such file', code: 'ENOENT', errno: -2, stack: plain.stack });
  });

  it('is what a pino logger writes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = pino({ serializers: { err: errSerializer } }, stream);
    const err = await failure(() => database.db.execute(sql`insert into users (id, email) values (${randomUUID()}, ${EMAIL})`));
    logger.error({ err, reqId: 'r1' }, 'unhandled error');

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(EMAIL);
    const line = JSON.parse(lines[0]!) as { msg: string; err: SerializedError };
    expect(line.msg).toBe('unhandled error');
    expect(line.err.query).toBe('insert into users (id, email) values ($1, $2)');
    // A missing NOT NULL column: the driver's code and column stay.
    expect(line.err.cause).toMatchObject({ code: '23502', table: 'users' });
  });
});
