import { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-app';
import { registerErrorHandling } from './error-handler';
import { errSerializer } from './log-serializers';

/**
 * Once the contract refuses unstorable text, no client value known reaches the database and fails
 * there. The mapping is still proved with the database's own errors: the error handler behind a
 * route that runs a failing statement on the test database (PGlite or PostgreSQL), logging
 * through a pino logger with the server's err serializer.
 */
const SECRET = 'secret.value@campus.test';

/** Statements whose failure is a data exception (SQLSTATE class 22), by the code each raises. */
const DATA_EXCEPTIONS: [string, SQL][] = [
  ['22P02', sql`select ${SECRET}::int`],
  ['22003', sql`select ${'99999999999'}::int`],
  ['22007', sql`select ${`2024 ${SECRET}`}::timestamptz`],
  ['22008', sql`select ${'2024-13-45'}::date`],
  ['22021', sql`select ${`${SECRET}\u0000`}::text`],
  ['22012', sql`select 1 / ${0}::int`],
];

describe('the error handler and the database', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const lines: { level: number; msg: string; err?: { cause?: { code?: string }; query?: string } }[] = [];
  let raw = '';

  beforeAll(async () => {
    test = await openTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString('utf8');
        lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
        done();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream, serializers: { err: errSerializer } } });
    registerErrorHandling(app);
    app.get<{ Params: { n: string } }>('/api/v1/data-exception/:n', async (request) => {
      await test.database.db.execute(DATA_EXCEPTIONS[Number(request.params.n)]![1]);
      return {};
    });
    app.get('/api/v1/bug', async () => {
      await test.database.db.execute(sql`select * from no_such_table where name = ${SECRET}`);
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });
  beforeEach(() => {
    lines.length = 0;
    raw = '';
  });

  it.each(DATA_EXCEPTIONS.map(([code], n) => [code, n] as const))('a data exception (%s) is a 400 invalid input, logged at warn without the value', async (code, n) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/data-exception/${n}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, data: null, message: 'invalid input', errors: ['invalid input'], success: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'the database refused a client value as invalid input', err: { cause: { code } } });
    expect(raw).not.toContain(SECRET);
  });

  it('any other database error is a 500 with no details, logged at error without the values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, data: null, message: 'internal server error', errors: ['internal server error'], success: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'unhandled error', err: { query: 'select * from no_such_table where name = $1', cause: { code: '42P01' } } });
    expect(raw).not.toContain(SECRET);
  });
});
