import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths, UNSUBSCRIBE_PAGE } from '@campus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { logCollector, useTestApp } from '../../../test/build-app';
import { buildStudent, userFields } from '../../../test/factories';
import { multipart, pngAvatar } from '../../../test/fixtures';
import { loggableUrl } from './request-log';

const ctx = useTestApp({ mailSecret: 'request-log-test-mail-secret-long-enough' });

// A built web app of one page, so that its client routes (the reset link's page…) are served.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Campus Portal</title>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('request log', () => {
  it('writes one line per request: method, path, status and time, never the cookie', async () => {
    const logs = logCollector();
    const app = await ctx.extraApp({ logLevel: 'info' }, logs.stream);
    const student = await buildStudent(ctx.app);
    await app.inject({ method: 'GET', url: `${paths.users.currentUser}?x=1`, headers: { cookie: student.cookie } });
    const lines = logs.entries().filter((e) => e.reqId !== undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: `${paths.users.currentUser}?x=1`, status: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(JSON.stringify(logs.entries())).not.toContain(student.cookie.split('=')[1]);
  });

  it('holds no password, hash, token or cookie, whatever the requests carried', async () => {
    const logs = logCollector();
    const app = await ctx.extraApp({ logLevel: 'info' }, logs.stream);
    const password = 'a secret passphrase 8c1f';
    const fields = userFields({ password });
    expect((await app.inject({ method: 'POST', url: paths.users.register, ...multipart(fields, pngAvatar()) })).statusCode).toBe(201);
    const login = await app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: fields.registrationId, password } });
    const token = login.cookies.find((c) => c.name === 'campus_session')!.value;
    await app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: fields.registrationId, password: `${password} wrong` } });
    const newpassword = 'another secret phrase 77';
    await app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: `campus_session=${token}` }, payload: { oldpassword: password, newpassword } });
    const written = JSON.stringify(logs.entries());
    expect(logs.entries().length).toBeGreaterThanOrEqual(4);
    for (const secret of [password, newpassword, token, 'argon2id', 'campus_session', 'campus_device']) expect(written).not.toContain(secret);
  });
});

describe('credentials in addresses', () => {
  const token = 'Zk3-credential_value-9QbX';

  it('are never logged: a token in the query of a page or an API route is written as REDACTED', async () => {
    const logs = logCollector();
    const app = await ctx.extraApp({ logLevel: 'info', webDist }, logs.stream);
    const student = await buildStudent(ctx.app);
    const visits = [
      // The web app's pages an email leads to: the reset link, an email change's confirmation, the unsubscribe page.
      { method: 'GET', url: `/reset-password?token=${token}` },
      { method: 'GET', url: `/confirm-email?token=${token}` },
      { method: 'GET', url: `${UNSUBSCRIBE_PAGE}?token=${token}&scope=courses` },
      // The unsubscribe link itself, opened and one-clicked.
      { method: 'GET', url: `${paths.notifications.unsubscribePage}?token=${token}` },
      { method: 'POST', url: `${paths.notifications.unsubscribe}?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' },
      // Any route, known or not, whatever the parameter's case or encoding.
      { method: 'GET', url: `${paths.users.currentUser}?TOKEN=${token}&x=1`, headers: { cookie: student.cookie } },
      { method: 'GET', url: `/api/v1/nowhere?to%6Ben=${token}` },
    ] as const;
    for (const visit of visits) await app.inject(visit);
    const lines = logs.entries().filter((e) => e.msg === 'request');
    expect(lines.map((l) => [l.method, l.url, l.status])).toEqual([
      ['GET', '/reset-password?token=REDACTED', 200],
      ['GET', '/confirm-email?token=REDACTED', 200],
      ['GET', `${UNSUBSCRIBE_PAGE}?token=REDACTED&scope=courses`, 200],
      ['GET', `${paths.notifications.unsubscribePage}?token=REDACTED`, 400],
      ['POST', `${paths.notifications.unsubscribe}?token=REDACTED`, 400],
      ['GET', `${paths.users.currentUser}?TOKEN=REDACTED&x=1`, 200],
      ['GET', '/api/v1/nowhere?to%6Ben=REDACTED', 404],
    ]);
    expect(JSON.stringify(logs.entries())).not.toContain(token);
  });

  it.each([
    ['/reset-password?token=abc', '/reset-password?token=REDACTED'],
    ['/x?a=1&token=abc&b=2', '/x?a=1&token=REDACTED&b=2'],
    ['/auth/campus/callback?code=abc&state=s1', '/auth/campus/callback?code=REDACTED&state=s1'],
    ['/x?id_token=abc&access_token=def&client_secret=ghi&api_key=jkl', '/x?id_token=REDACTED&access_token=REDACTED&client_secret=REDACTED&api_key=REDACTED'],
    ['/x?token', '/x?token'],
    ['/x?bad%E0name=abc', '/x?bad%E0name=REDACTED'],
    ['/searchbytitle?title=token', '/searchbytitle?title=token'],
    ['/x', '/x'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
