import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { paths } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeTextgen, type FakeTextgen } from '../test/fake-textgen';
import { notPrivate } from '../test/file-modes';
import { tinyPng } from '../test/fixtures';
import { openSse } from '../test/sse-client';

/**
 * The real process, as `npm start` runs it (from source here), told to stop: it stops taking new
 * connections, finishes what is in flight, ends its event streams with a reconnect hint, and
 * exits well within 10 s.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let textgen: FakeTextgen;
beforeAll(async () => {
  textgen = await startFakeTextgen({ slowMs: 1_500 });
});
afterAll(() => textgen.close());

describe('start-up', () => {
  it('refuses an invalid setting: exit 1, and the message names the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, CAMPUS_NAME: 'Campus\nPortal', DATA_DIR: path.join(os.tmpdir(), 'campus-never-created') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('CAMPUS_NAME must be a single line of text');
  });
});

describe('DATA_DIR', () => {
  it('is the portal user\'s alone: every folder 0700 and every file 0600, an older open DATA_DIR closed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-private-'));
    // Left open as an older portal (or a loose umask) left it: the server closes the folder itself.
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STORAGE: 'local', LOG_LEVEL: 'warn', WEB_DIST: path.join(root, 'no-web') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    onTestFinished(() => {
      child.kill('SIGKILL');
      fs.rmSync(root, { recursive: true, force: true });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}${paths.ready}`).then((r) => r.ok, () => false);
      if (up) break;
      // Up to a minute: tsx compiles the server first, slow on a loaded machine.
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    // An account with a photo: rows in the database, a file in the store.
    const form = new FormData();
    for (const [k, v] of Object.entries({ registrationId: '300000043', email: 'private@campus.test', fullname: 'Pri Vate', password: 'correct horse battery staple', branch: 'Computer Engineering', userrole: '2' })) form.append(k, v);
    form.append('avatar', new Blob([tinyPng()], { type: 'image/png' }), 'a.png');
    expect((await fetch(`${base}${paths.users.register}`, { method: 'POST', body: form })).status).toBe(201);
    expect(fs.readdirSync(path.join(dataDir, 'files')).length).toBeGreaterThan(0);
    // While it runs (the backup route's token is there) and after it stops.
    expect(notPrivate(dataDir)).toEqual([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);
});

describe('SIGTERM', () => {
  it('drains: in-flight requests finish, streams end with a retry hint, new connections are refused, exit 0 within 10 s', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-sigterm-'));
    const { baseUrl, model, apiKey } = textgen.openai();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), TEXTGEN_PROVIDER: 'openai', TEXTGEN_BASE_URL: baseUrl, TEXTGEN_MODEL: model, TEXTGEN_API_KEY: apiKey },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Also when the test times out (its own finally never runs then): a server left running
    // would keep the whole test run from ending.
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}${paths.ready}`).then((r) => r.ok, () => false);
        if (up) break;
        if (i > 300) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      const form = new FormData();
      for (const [k, v] of Object.entries({ registrationId: '300000042', email: 'sigterm@campus.test', fullname: 'Sig Term', password: 'correct horse battery staple', branch: 'Computer Engineering', userrole: '2' })) form.append(k, v);
      form.append('avatar', new Blob([tinyPng()], { type: 'image/png' }), 'a.png');
      expect((await fetch(`${base}${paths.users.register}`, { method: 'POST', body: form })).status).toBe(201);
      const login = await fetch(`${base}${paths.users.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ registrationId: 300000042, password: 'correct horse battery staple' }) });
      const cookie = login.headers.getSetCookie().find((c) => c.startsWith('campus_session='))!.split(';')[0]!;
      const streams = await Promise.all(Array.from({ length: 3 }, () => openSse(`${base}${paths.notifications.stream}`, { cookie })));
      for (const s of streams) await s.next('unread');

      // A request the text generator takes 1.5 s to answer, in flight when the signal comes.
      textgen.behave('slow');
      const inFlight = fetch(`${base}${paths.events.draftDescription}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Robotics night' }) });
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      child.kill('SIGTERM');

      await Promise.all(streams.map((s) => s.ended));
      for (const s of streams) expect(s.retry()).toBeLessThanOrEqual(2_500);
      await new Promise((r) => setTimeout(r, 200));
      await expect(fetch(`${base}${paths.health}`)).rejects.toThrow();
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Starting from source (tsx compiles the server first) takes most of it on a busy machine.
  }, 60_000);
});
