import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent } from '../../../test/factories';
import { openSse } from '../../../test/sse-client';
import { CompressedBodies, acceptedEncoding } from './compression';

const ctx = useTestApp();

describe('compressed answers', () => {
  it('compresses an answer above 1 KB with brotli or gzip, as the client accepts, byte for byte', async () => {
    const prof = await buildProfessor(ctx.app);
    for (let i = 0; i < 10; i++) await buildCourse(ctx.app, prof, { description: 'What the course covers, week by week.' });
    const get = (encoding?: string) => ctx.app.inject({ method: 'GET', url: paths.courses.all, headers: { cookie: prof.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload)).toEqual(plain.rawPayload);
  });

  it('leaves small answers as they are', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie, 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the event stream, whatever the client accepts', async () => {
    const student = await buildStudent(ctx.app);
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}${paths.notifications.stream}`, { headers: { cookie: student.cookie, 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.body?.cancel();
    const sse = await openSse(`${url}${paths.notifications.stream}`, { cookie: student.cookie, 'accept-encoding': 'br, gzip' });
    expect(JSON.parse((await sse.next('unread')).data)).toEqual({ unread: 0 });
    sse.close();
  });

  it('does not accept compressed request bodies', async () => {
    const body = zlib.gzipSync(JSON.stringify({ registrationId: 300000001, password: 'whatever it is' }));
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: body });
    expect(res.statusCode).toBe(400);
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('CompressedBodies', () => {
  const json = (n: number) => JSON.stringify({ listofcourses: Array.from({ length: n }, (_, i) => ({ _id: `course-${i}`, title: `Course ${i}` })) });

  it('compresses a tagged body once per encoding, and gives back what decompresses to it', async () => {
    const bodies = new CompressedBodies();
    const payload = json(500);
    const first = await bodies.get('W/"a"', 'br', payload);
    expect(await bodies.get('W/"a"', 'br', payload)).toBe(first);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(payload);
    expect(zlib.gunzipSync(await bodies.get('W/"a"', 'gzip', payload)).toString()).toBe(payload);
  });

  it('stays within its byte budget, the least recently used going first', async () => {
    // Random text barely compresses: every body below is about `size` bytes, and four fit.
    const random = () => randomBytes(3000).toString('base64');
    const size = (await new CompressedBodies().get('probe', 'br', random())).length;
    const bodies = new CompressedBodies(Math.floor(4.5 * size));
    const kept = new Map<string, Buffer>();
    for (const key of ['a', 'b', 'c']) kept.set(key, await bodies.get(key, 'br', random()));
    expect(await bodies.get('a', 'br', 'a is kept: not compressed again')).toBe(kept.get('a'));
    for (const key of ['d', 'e']) await bodies.get(key, 'br', random());
    // e took the room of b, used least recently; a, used after b, is still there.
    expect(await bodies.get('a', 'br', 'a is still kept')).toBe(kept.get('a'));
    expect(await bodies.get('c', 'br', 'c is still kept')).toBe(kept.get('c'));
    expect(zlib.brotliDecompressSync(await bodies.get('b', 'br', 'b compressed again')).toString()).toBe('b compressed again');
  });
});
