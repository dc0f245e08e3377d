import { BRANCHES, paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openTestDatabase, testConfig, useTestApp } from '../../../test/build-app';
import { findSecrets, scannedCount } from '../../../test/response-scan';

const ctx = useTestApp();

describe('system', () => {
  it('health answers ok while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: { status: 'ok' }, message: 'healthy', success: true });
  });

  it('health answers 503 when the database does not answer', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(testConfig(ctx.dataDir), { database, logger: false });
    await database.close();
    const res = await app.inject({ method: 'GET', url: paths.health });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, success: false, message: 'database unavailable', code: 'database_unavailable' });
    await app.close();
    await drop();
  });

  it('serves the API description at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain(paths.users.login);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('config describes the set-up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.config });
    expect(res.json().data).toEqual({
      examOfficeRegistrationId: 211070007,
      professorSignupNeedsCode: false,
      draftingEnabled: false,
      mailEnabled: false,
      signupOpen: true,
      passwordLogin: 'on',
      campusTimeZone: 'Asia/Kolkata',
      campusName: 'Campus Portal',
      examCentre: null,
      supportContact: null,
      branches: [...BRANCHES],
      semesters: [1, 2, 3, 4, 5, 6, 7, 8],
    });
  });

  it('config names the campus and its exam centre when configured', async () => {
    const app = await ctx.extraApp({ campusName: 'Veermata Jijabai Technological Institute', examCentre: 'Main Building, Hall 2' });
    const res = await app.inject({ method: 'GET', url: paths.config });
    expect(res.json().data).toMatchObject({ campusName: 'Veermata Jijabai Technological Institute', examCentre: 'Main Building, Hall 2' });
  });

  it('config names whom to ask about an account when SUPPORT_CONTACT is set', async () => {
    const app = await ctx.extraApp({ supportContact: 'Registrar’s office, Room 12' });
    const res = await app.inject({ method: 'GET', url: paths.config });
    expect(res.json().data).toMatchObject({ supportContact: 'Registrar’s office, Room 12' });
  });

  it('config reports a staff code and a text generator when configured', async () => {
    const app = await ctx.extraApp({ staffSignupCode: 's3cret', textgen: { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1000 } });
    const res = await app.inject({ method: 'GET', url: paths.config });
    expect(res.json().data).toMatchObject({ professorSignupNeedsCode: true, draftingEnabled: true });
  });

  it('sets security headers, no-store on /api and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.health });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBeTruthy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends HSTS only over HTTPS (behind a trusted proxy)', async () => {
    const app = await ctx.extraApp({ trustProxy: true });
    const res = await app.inject({ method: 'GET', url: paths.health, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, data: null, success: false });
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('answers unknown non-API paths with a plain 404 when there is no web build', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    const client = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(client.statusCode).toBe(404);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'content-type': 'application/json' }, payload: '{"registrationId": 1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'request body is not valid JSON', success: false, code: 'not_json' });
  });

  it('refuses an unsupported content type on a JSON route with 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('refuses a text/plain body on a JSON route', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'content-type': 'text/plain' }, payload: 'registrationId=1' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('refuses a JSON body over 100 KB with 413', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: 211070007, password: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().statusCode).toBe(413);
  });

  it('turns a bug into a generic 500 with a request id', async () => {
    const app = await ctx.extraApp({});
    app.get('/api/v1/test-only-throw', { config: { access: 'anyone' } }, async () => {
      throw new Error('secret internals');
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-only-throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, data: null, message: 'internal server error', errors: ['internal server error'], success: false, code: 'internal_error', params: {} });
    expect(res.body).not.toContain('secret internals');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses to start with a guarded route that declares no access', async () => {
    const app = await ctx.extraApp({});
    expect(() => app.get('/api/v1/test-only-open', async () => 'x')).toThrow(/declares no access/);
  });

  it('the response scan sees the responses and catches secrets (so its silence means something)', () => {
    expect(scannedCount()).toBeGreaterThan(10);
    expect(findSecrets('{"data":{"user":{"passwordHash":"x"}}}', [])).toHaveLength(1);
    expect(findSecrets('{"a":[{"token":"x"}]}', [])).toHaveLength(1);
    expect(findSecrets('{"a":"abc123"}', ['abc123'])).toHaveLength(1);
    expect(findSecrets('{"data":{"user":{"email":"a@b.c"}}}', [])).toEqual([]);
  });

  it('readiness answers 200 while the instance takes traffic, 503 while it drains', async () => {
    const app = await ctx.extraApp({});
    const ready = await app.inject({ method: 'GET', url: paths.ready });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready' });
    app.lifecycle.state = 'draining';
    const draining = await app.inject({ method: 'GET', url: paths.ready });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().errors).toEqual(['this instance is draining']);
    // Liveness is another question: the instance is still alive while it drains.
    expect((await app.inject({ method: 'GET', url: paths.health })).statusCode).toBe(200);
  });
});
