import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import { paths } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, loginAs, userFields, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf, tinyPng, type FilePart } from '../../../test/fixtures';
import { closedEndpoint, startS3Server, type TestS3 } from '../../../test/s3-server';

/** The whole app with STORAGE=s3, on a real S3-protocol server (s3rver) on loopback. */
const ctx = useTestApp();
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

const MB = 1024 * 1024;
const UNAVAILABLE = 'file storage is unavailable; try again shortly';

const s3App = () => ctx.extraApp({ storage: { kind: 's3', ...s3.settings } });
/** The same app with its bucket out of reach: nothing listens where it points. */
const deadBucketApp = async () => ctx.extraApp({ storage: { kind: 's3', ...s3.settings, endpoint: await closedEndpoint() } });

const count = async (table: 'users' | 'notes' | 'files') =>
  Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);

/** A PNG with `bytes` random bytes after it: sniffed as a PNG, and no two alike. */
const avatarOf = (bytes: number): FilePart => ({ filename: 'me.png', contentType: 'image/png', data: Buffer.concat([tinyPng(), randomBytes(bytes)]) });
/** A PDF by its first bytes (what the sniffer reads), random bytes after: `bytes` in all. */
const notesOf = (bytes: number): FilePart => {
  const head = tinyPdf();
  return { filename: 'week.pdf', contentType: 'application/pdf', data: Buffer.concat([head, randomBytes(bytes - head.length)]) };
};

const signup = (app: FastifyInstance, avatar: FilePart) => {
  const fields = userFields();
  return app.inject({ method: 'POST', url: paths.users.register, ...multipart(fields, { avatar }) });
};
const addNotes = (app: FastifyInstance, who: TestUser, courseId: string, file: FilePart) =>
  app.inject({ method: 'POST', url: paths.notes.create(courseId), ...withCookie(multipart({ filename: 'Week 1' }, { notesfile: file }), who.cookie) });
const download = (app: FastifyInstance, url: string, who: TestUser) => app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/**
 * A POST over real HTTP, the body written 64 KB at a time as the server takes it: what a browser
 * does, and unlike app.inject (which hands the parser the whole body at once, so a limit trips
 * before a byte is stored) it makes the store stream the file while it arrives.
 */
async function postStreaming(app: FastifyInstance, url: string, body: { payload: Buffer; headers: Record<string, string> }): Promise<{ statusCode: number; json: () => { errors: string[]; code: string } }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers: { ...body.headers, 'content-length': String(body.payload.length) } });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  void (async () => {
    for (let at = 0; at < body.payload.length && !req.destroyed; at += 64 * 1024) {
      if (!req.write(body.payload.subarray(at, at + 64 * 1024))) await Promise.race([once(req, 'drain'), once(req, 'close')]);
    }
    req.end();
  })().catch(() => {
    // The server answered early and closed: the answer is what the test reads.
  });
  const res = await answered;
  let text = '';
  for await (const chunk of res) text += String(chunk);
  req.destroy();
  return { statusCode: res.statusCode ?? 0, json: () => JSON.parse(text) };
}

describe('STORAGE=s3', () => {
  it('keeps a signup’s avatar in the bucket, not under DATA_DIR, and serves the same bytes through /files', async () => {
    const app = await s3App();
    const objects = (await s3.objectKeys()).length;
    const avatar = avatarOf(300 * 1024);
    const res = await signup(app, avatar);
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(await s3.objectKeys()).toHaveLength(objects + 1);
    expect(storedFiles(ctx)).toEqual([]);
    const me: TestUser = { user, password: 'x', cookie: await loginAs(app, user.registrationId, 'correct horse battery staple') };
    const back = await download(app, user.avatar, me);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['content-length']).toBe(String(avatar.data.length));
    expect(back.rawPayload.equals(avatar.data)).toBe(true);
  });

  it('streams a notes file of several parts in and out whole', async () => {
    const app = await s3App();
    const prof = await buildProfessor(app);
    const course = await buildCourse(app, prof);
    const notes = notesOf(12 * MB);
    const res = await addNotes(app, prof, course._id, notes);
    expect(res.statusCode).toBe(201);
    const back = await download(app, res.json().data.notes.notesfile, prof);
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('no-store');
    expect(back.rawPayload.equals(notes.data)).toBe(true);
    expect(await s3.unfinishedUploads()).toEqual([]);
  });

  it('refuses a notes file over 50 MB with 413 mid-stream, leaving no row, no object and no unfinished upload', async () => {
    const app = await s3App();
    const prof = await buildProfessor(app);
    const course = await buildCourse(app, prof);
    const objects = await s3.objectKeys();
    // Within the declared-length allowance, so the body is read and the limit found while
    // streaming, once ten parts are in the bucket: the multipart upload must be aborted.
    const form = withCookie(multipart({ filename: 'Week 1' }, { notesfile: notesOf(50 * MB + 64 * 1024) }), prof.cookie);
    const res = await postStreaming(app, paths.notes.create(course._id), form);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', errors: ['Notes file must be at most 50 MB'] });
    expect(await count('notes')).toBe(0);
    expect(await s3.objectKeys()).toEqual(objects);
    expect(await s3.unfinishedUploads()).toEqual([]);
  });

  it('answers 503 within seconds when the bucket cannot be reached: no row, no object; downloads 503 too', async () => {
    const app = await s3App();
    const prof = await buildProfessor(app);
    const course = await buildCourse(app, prof);
    const stored = await addNotes(app, prof, course._id, notesOf(64 * 1024));
    expect(stored.statusCode).toBe(201);
    const users = await count('users');
    const files = await count('files');
    const objects = await s3.objectKeys();

    const dead = await deadBucketApp();
    // One part (a plain PutObject), several parts (a multipart upload), and a signup's avatar.
    for (const attempt of [() => addNotes(dead, prof, course._id, notesOf(64 * 1024)), () => addNotes(dead, prof, course._id, notesOf(12 * MB)), () => signup(dead, avatarOf(1024))]) {
      const started = Date.now();
      const res = await attempt();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'storage_unavailable', errors: [UNAVAILABLE] });
    }
    expect(await count('notes')).toBe(1);
    expect(await count('users')).toBe(users);
    expect(await count('files')).toBe(files);
    expect(await s3.objectKeys()).toEqual(objects);
    expect(await s3.unfinishedUploads()).toEqual([]);

    const res = await download(dead, stored.json().data.notes.notesfile, prof);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'storage_unavailable', errors: [UNAVAILABLE] });
    // The bucket back, the same file is there.
    expect((await download(app, stored.json().data.notes.notesfile, prof)).statusCode).toBe(200);
  });

  it('answers 404 for a row whose object is gone, as the local store does', async () => {
    const app = await s3App();
    const prof = await buildProfessor(app);
    const course = await buildCourse(app, prof);
    const res = await addNotes(app, prof, course._id, notesOf(64 * 1024));
    for (const key of await s3.objectKeys()) await app.fileStore.delete(key);
    expect((await download(app, res.json().data.notes.notesfile, prof)).statusCode).toBe(404);
  });
});
