import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { logCollector, useTestApp } from '../../../test/build-app';
import { buildStudent, userFields } from '../../../test/factories';
import { multipart, pngAvatar } from '../../../test/fixtures';

const ctx = useTestApp();

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
