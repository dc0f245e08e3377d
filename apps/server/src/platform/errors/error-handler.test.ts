import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
    expect(res.json()).toEqual({ statusCode: 400, data: null, message: 'invalid input', errors: ['invalid input'], success: false, code: 'invalid_input', params: {} });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'the database refused a client value as invalid input', err: { cause: { code } } });
    expect(raw).not.toContain(SECRET);
  });

  it('any other database error is a 500 with no details, logged at error without the values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, data: null, message: 'internal server error', errors: ['internal server error'], success: false, code: 'internal_error', params: {} });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'unhandled error', err: { query: 'select * from no_such_table where name = $1', cause: { code: '42P01' } } });
    expect(raw).not.toContain(SECRET);
  });
});

/**
 * Over a real socket (app.inject has none): Node destroys a request once its body has been read
 * whole, so "destroyed" says nothing about the client. A conflict found after the body arrived
 * is the client's 409; only a connection that closed mid-body counts as a client gone.
 */
describe('the error handler over a real socket', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let port = 0;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    test = await openTestDatabase();
    await test.database.db.execute(sql`create table wire_unique (id int primary key)`);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream, serializers: { err: errSerializer } }, disableRequestLogging: true });
    registerErrorHandling(app);
    // Reads its JSON body whole, then meets a unique constraint: the client's conflict.
    app.post('/api/v1/unique', async () => {
      await test.database.db.execute(sql`insert into wire_unique values (1), (1)`);
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('answers a conflict found after the body was read whole with 409, not as a client gone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/unique`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ some: 'body' }) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ statusCode: 409, data: null, message: 'already exists', errors: ['already exists'], success: false, code: 'already_exists', params: {} });
    expect(lines.map((l) => l.msg)).not.toContain('the client went away before it was answered');
  });

  it('logs a client that disconnects mid-body at info, with no error logged', async () => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/unique', headers: { 'content-type': 'application/json', 'content-length': '1000' } });
    req.on('error', () => {});
    req.write('{"some": "body, and then');
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
    await vi.waitFor(() => expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'the client went away before it was answered' })));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
