import http from 'node:http';
import net from 'node:net';
import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { logCollector, storedFiles, useTestApp } from '../../../test/build-app';
import { userFields } from '../../../test/factories';
import { pngOfSize, tinyPng } from '../../../test/fixtures';

/**
 * Slow, stalled and oversized requests over real sockets (app.inject has no network to be slow
 * on): each ends within its bound, answers cleanly where an answer is due, and leaves no file.
 */
const ctx = useTestApp();
const MB = 1024 * 1024;
/** Short enough for a test: a body must bring 10 KB every 2 s; an early answer drains for 2 s; headers within 1.5 s. */
const connections = { headersTimeoutMs: 1_500, bodyWindowMs: 2_000, bodyMinBytes: 10 * 1024, lingerMs: 2_000 };

let app: FastifyInstance;
let port = 0;
const logs = logCollector();
beforeAll(async () => {
  app = await ctx.extraApp({ connections, logLevel: 'info' }, logs.stream);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const userCount = async () => Number(((await ctx.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** A signup's multipart body, split where the avatar's bytes begin so a test can pace them. */
function signupBody(avatar: Buffer) {
  const boundary = 'campusTestBoundary';
  const fields = Object.entries(userFields())
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(`${fields}--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="me.png"\r\ncontent-type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, file: avatar, tail, length: head.length + avatar.length + tail.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Outcome {
  status?: number;
  body?: string;
  /** When the answer arrived, from the start. */
  answeredMs?: number;
  /** A socket error the client saw (ECONNRESET, EPIPE), if any. */
  error?: string;
  /** When the connection ended, from the start. */
  closedMs: number;
}

/**
 * Sends a signup over HTTP: the head at once, then the avatar in `chunk`-byte pieces every
 * `everyMs` (at full speed when 0), then the tail; `stopAfter` bytes of the avatar, then silence.
 */
function upload(avatar: Buffer, { chunk = 256 * 1024, everyMs = 0, stopAfter = Infinity, chunked = false } = {}): Promise<Outcome> {
  const body = signupBody(avatar);
  const started = Date.now();
  return new Promise((resolve) => {
    const outcome: Partial<Outcome> = {};
    const headers: http.OutgoingHttpHeaders = { 'content-type': body.contentType };
    if (!chunked) headers['content-length'] = body.length;
    // A keep-alive connection, as browsers use (a client that asks for `Connection: close` is
    // closed as soon as it is answered).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: paths.users.register, headers, agent }, (res) => {
      outcome.status = res.statusCode;
      outcome.answeredMs = Date.now() - started;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => (outcome.body = text));
    });
    req.on('error', (err: NodeJS.ErrnoException) => (outcome.error = err.code ?? err.message));
    req.on('close', () => {
      agent.destroy();
      resolve({ ...outcome, closedMs: Date.now() - started });
    });
    req.write(body.head);
    // At full speed everything is handed over at once: once answered, a request no longer hears
    // its socket's 'drain', so a write-and-wait loop would stall on the client's side.
    if (everyMs === 0 && stopAfter === Infinity) {
      req.end(Buffer.concat([body.file, body.tail]));
      return;
    }
    let sent = 0;
    const pump = () => {
      if (req.destroyed) return;
      if (sent >= Math.min(body.file.length, stopAfter)) {
        if (sent >= body.file.length) req.end(body.tail);
        return;
      }
      const piece = body.file.subarray(sent, sent + chunk);
      sent += piece.length;
      req.write(piece);
      setTimeout(pump, everyMs);
    };
    pump();
  });
}

const tempFiles = () => storedFiles(ctx).filter((f) => f.startsWith('.tmp-'));

describe('uploads that are too large or of the wrong type', () => {
  it('answer 413 at once by the declared length, and let the client finish sending: no reset', async () => {
    const before = await userCount();
    const res = await upload(pngOfSize(40 * MB));
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(res.answeredMs).toBeLessThan(1_000);
    // The rest of the body was read and thrown away, not cut off when the drain time ran out.
    expect(res.closedMs).toBeLessThan(connections.lingerMs);
    expect(JSON.parse(res.body!)).toMatchObject({ statusCode: 413, success: false, errors: ['Avatar must be at most 5 MB'] });
    expect(storedFiles(ctx)).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it('answer 413 when a body without a length passes the limit, then drain it: no reset', async () => {
    const res = await upload(pngOfSize(12 * MB), { chunked: true });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(res.closedMs).toBeLessThan(connections.lingerMs);
    expect(JSON.parse(res.body!).errors).toEqual(['Avatar must be at most 5 MB']);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('answer 415 from the first bytes, and drain the rest: no reset', async () => {
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4 * MB, 0x90)]);
    const res = await upload(executable);
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(415);
    expect(res.closedMs).toBeLessThan(connections.lingerMs);
    expect(JSON.parse(res.body!).errors).toEqual(['Avatar must be a png or jpeg image']);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('close a connection answered early whose body keeps coming past the drain time', async () => {
    // Declared 40 MB, sent at 40 KB every 200 ms (fast enough for the rate, too slow to finish).
    const res = await upload(pngOfSize(40 * MB), { chunk: 40 * 1024, everyMs: 200 });
    expect(res.status).toBe(413);
    expect(res.answeredMs).toBeLessThan(1_000);
    expect(res.closedMs).toBeLessThan(connections.lingerMs + 2_500);
  });
});

describe('slow and stalled bodies', () => {
  it('drop a stalled upload within the window and remove its temp file', async () => {
    const before = await userCount();
    const outcome = upload(pngOfSize(2 * MB), { everyMs: 10, stopAfter: 512 * 1024 });
    await sleep(500);
    // It holds a temp file while it stalls…
    expect(tempFiles()).toHaveLength(1);
    const res = await outcome;
    // …until it is dropped: within the window (and the watchdog's one-second tick).
    expect(res.status).toBeUndefined();
    expect(res.error).toBeDefined();
    expect(res.closedMs).toBeLessThan(connections.bodyWindowMs + 2_500);
    await sleep(200);
    expect(storedFiles(ctx)).toEqual([]);
    expect(await userCount()).toBe(before);
    // Dropping a slow client is no server error.
    expect(logs.entries().filter((e) => e.level >= 50)).toEqual([]);
    expect(logs.entries().map((e) => e.msg)).toContain('request body below the minimum rate: connection dropped');
  });

  it('drop an upload that trickles in below the minimum rate', async () => {
    const res = await upload(pngOfSize(2 * MB), { chunk: 1024, everyMs: 300 });
    expect(res.error).toBeDefined();
    expect(res.closedMs).toBeLessThan(connections.bodyWindowMs + 2_500);
    await sleep(200);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('let a slow but steady upload finish', async () => {
    // 1.2 MB over about 3 s: above the minimum rate all along.
    const res = await upload(pngOfSize(1.2 * MB), { chunk: 64 * 1024, everyMs: 150 });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(201);
    expect(res.closedMs).toBeGreaterThan(connections.bodyWindowMs);
  });

  it('drop a client whose headers never finish (slowloris)', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const started = Date.now();
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200);
    await new Promise((r) => socket.once('close', r));
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(connections.headersTimeoutMs + 2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('leave a small upload at full speed alone', async () => {
    const res = await upload(tinyPng());
    expect(res.status).toBe(201);
    expect(res.error).toBeUndefined();
  });
});

describe('a client that disconnects mid-upload', () => {
  it('is logged as gone (info), not as a server error, and leaves no user or file', async () => {
    const before = await userCount();
    const body = signupBody(pngOfSize(2 * MB));
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: paths.users.register, headers: { 'content-type': body.contentType, 'content-length': body.length } });
    req.on('error', () => {});
    req.write(body.head);
    req.write(body.file.subarray(0, 256 * 1024));
    // The upload is under way (its temp file exists) when the client leaves.
    await vi.waitFor(() => expect(tempFiles()).toHaveLength(1));
    req.destroy();
    await vi.waitFor(() => expect(logs.entries().map((e) => e.msg)).toContain('the client went away before it was answered'));
    expect(logs.entries().find((e) => e.msg === 'the client went away before it was answered')?.level).toBe(30);
    expect(logs.entries().filter((e) => e.level >= 50)).toEqual([]);
    await vi.waitFor(() => expect(storedFiles(ctx)).toEqual([]));
    expect(await userCount()).toBe(before);
  });
});
