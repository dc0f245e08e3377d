import { paths } from '@campus/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from './build-app';
import { DEFAULT_PASSWORD, buildStudent, userFields, type TestUser } from './factories';
import { multipart, pngAvatar, tinyPng } from './fixtures';

/**
 * Every registered /api route gets wrong types, missing fields, huge values, malformed bodies and
 * bad ids: each answer is a 4xx JSON envelope (never a 5xx) and the database and file store are
 * unchanged. A route missing from the table fails the suite.
 */
const ctx = useTestApp();

interface Case {
  name: string;
  request: (me: TestUser) => InjectOptions;
  /** Requests that carry no input the route reads may succeed; everything else must be a 4xx. */
  mayPass?: boolean;
}

const MB = 1024 * 1024;
const huge = 'x'.repeat(MB);

/** The usual abuse of a JSON body route, built from a valid body. */
function jsonCases(method: 'POST' | 'PATCH', url: string, valid: (me: TestUser) => Record<string, unknown>): Case[] {
  const json = (payload: string): InjectOptions => ({ method, url, headers: { 'content-type': 'application/json' }, payload });
  const cases: Case[] = [
    { name: 'malformed JSON', request: () => json('{"a": ') },
    { name: 'empty object', request: () => ({ method, url, payload: {} }) },
    { name: 'JSON null', request: () => json('null') },
    { name: 'JSON array', request: () => json('[]') },
    { name: 'JSON string', request: () => json('"hello"') },
    { name: '2 MB body', request: (me) => ({ method, url, payload: { ...valid(me), padding: 'y'.repeat(2 * MB) } }) },
    { name: 'form-encoded body', request: () => ({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' }) },
    { name: 'text/plain body', request: () => ({ method, url, headers: { 'content-type': 'text/plain' }, payload: 'hello' }) },
  ];
  for (const field of Object.keys(valid({ user: {}, password: DEFAULT_PASSWORD, cookie: '' } as TestUser))) {
    for (const [label, value] of [['an object', { $gt: '' }], ['an array', [1, 2]], ['true', true], ['null', null], ['a 1 MB string', huge], ['a huge number', 1e308]] as const) {
      cases.push({ name: `${field} as ${label}`, request: (me) => ({ method, url, payload: { ...valid(me), [field]: value } }) });
    }
    cases.push({
      name: `${field} missing`,
      request: (me) => {
        const body = { ...valid(me) };
        delete body[field];
        return { method, url, payload: body };
      },
    });
  }
  return cases;
}

const FREE_TEXT = new Set(['fullname', 'password']);
const DEFAULTED = new Set(['semester', 'branch']);

/** The usual abuse of a multipart route. */
function multipartCases(method: 'POST' | 'PATCH', url: string, validFields: () => Record<string, string | number | undefined>): Case[] {
  const form = (fields: Record<string, string | number | undefined>, files = pngAvatar()): InjectOptions => ({ method, url, ...multipart(fields, files) });
  const cases: Case[] = [
    { name: 'JSON instead of multipart', request: () => ({ method, url, payload: { ...validFields() } }) },
    { name: 'malformed multipart', request: () => ({ method, url, headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: '--zzz\r\ncontent-disposition: form-data\r\n\r\nnope' }) },
    { name: 'multipart without boundary', request: () => ({ method, url, headers: { 'content-type': 'multipart/form-data' }, payload: 'x' }) },
    { name: '2 MB of garbage', request: () => ({ method, url, headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: Buffer.alloc(2 * MB, 7) }) },
    { name: 'a 1 MB field', request: () => form({ ...validFields(), fullname: huge }) },
    { name: 'a prototype-polluting field name', request: () => form({ ...validFields(), ...(JSON.parse('{"__proto__":"x"}') as Record<string, string>) }) },
    { name: 'no file', request: () => form(validFields(), {}) },
    { name: 'a text file as the image', request: () => form(validFields(), { avatar: { filename: 'a.png', contentType: 'image/png', data: Buffer.from('hello') } }) },
    { name: 'an empty file', request: () => form(validFields(), { avatar: { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) } }) },
    { name: 'a truncated PNG header', request: () => form(validFields(), { avatar: { filename: 'a.png', contentType: 'image/png', data: tinyPng().subarray(0, 4) } }) },
  ];
  for (const field of Object.keys(validFields())) {
    // semester and branch have defaults at signup (contract registerBody): missing is valid.
    if (!DEFAULTED.has(field)) cases.push({ name: `${field} missing`, request: () => form({ ...validFields(), [field]: undefined }) });
    // Free text (a name, a password) may legitimately look like anything.
    if (FREE_TEXT.has(field)) continue;
    cases.push({ name: `${field} as garbage`, request: () => form({ ...validFields(), [field]: '{"$gt":""}' }) });
    cases.push({ name: `${field} as an empty string`, request: () => form({ ...validFields(), [field]: '' }) });
  }
  return cases;
}

const idCases = (url: (id: string) => string): Case[] => [
  { name: 'malformed id', request: () => ({ method: 'GET', url: url('not-an-id') }) },
  { name: 'unknown id', request: () => ({ method: 'GET', url: url('00000000-0000-4000-8000-000000000000') }) },
  { name: 'SQL in the id', request: () => ({ method: 'GET', url: url("1' OR '1'='1") }) },
  { name: 'a very long id', request: () => ({ method: 'GET', url: url('a'.repeat(5000)) }) },
  { name: 'a huge number as id', request: () => ({ method: 'GET', url: url('99999999999999999999999999') }) },
];

const noInputCases = (method: 'GET' | 'POST', url: string): Case[] => [
  { name: 'junk query string', request: () => ({ method, url: `${url}?x=${'z'.repeat(10_000)}&__proto__=1` }), mayPass: true },
  ...(method === 'POST' ? [{ name: 'malformed JSON body', request: () => ({ method, url, headers: { 'content-type': 'application/json' }, payload: '{' }) }] : []),
];

const CASES: Record<string, Case[]> = {
  'GET /api/v1/health': noInputCases('GET', paths.health),
  'GET /api/v1/config': noInputCases('GET', paths.config),
  'GET /api/v1/users/current-user': noInputCases('GET', paths.users.currentUser),
  'POST /api/v1/users/logout': noInputCases('POST', paths.users.logout),
  'POST /api/v1/users/login': jsonCases('POST', paths.users.login, (me) => ({ registrationId: me.user.registrationId ?? 300000000, password: 'wrong password' })),
  'PATCH /api/v1/users/update-account': jsonCases('PATCH', paths.users.updateAccount, () => ({ email: 'fresh@campus.test', fullname: 'Fresh', branch: 'Civil Engineering', semester: 2 })),
  'POST /api/v1/users/change-password': jsonCases('POST', paths.users.changePassword, () => ({ oldpassword: DEFAULT_PASSWORD, newpassword: 'a whole new passphrase' })),
  'POST /api/v1/users/register': multipartCases('POST', paths.users.register, () => userFields()),
  'PATCH /api/v1/users/avatar': multipartCases('PATCH', paths.users.avatar, () => ({})),
  'GET /api/v1/users/getuser/:userId': idCases((id) => `/api/v1/users/getuser/${encodeURIComponent(id)}`),
  'GET /files/:id': idCases((id) => `/files/${encodeURIComponent(id)}`),
};

/** Everything a bad request must leave alone: users, sessions, files (rows and bytes). */
async function fingerprint(): Promise<string> {
  // Both drivers answer execute() with { rows }.
  const rows = async (query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return JSON.stringify([
    await rows(sql`select id, registration_id, email, fullname, semester, branch, userrole, avatar_file_id, password_hash, updated_at from users order by id`),
    await rows(sql`select token_hash, user_id, expires_at from sessions order by token_hash`),
    await rows(sql`select * from files order by id`),
    storedFiles(ctx).sort(),
  ]);
}

const EXCLUDED = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('bad input', () => {
  let me: TestUser;
  beforeEach(async () => {
    me = await buildStudent(ctx.app);
  });

  it('covers every registered route', () => {
    const registered = ctx.routes
      .filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/files')) && !EXCLUDED(r.url))
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
      .sort();
    expect(registered).toEqual(Object.keys(CASES).sort());
  });

  for (const [route, cases] of Object.entries(CASES)) {
    it(`${route}: 4xx envelope, nothing changed`, async () => {
      for (const c of cases) {
        const before = await fingerprint();
        const options = c.request(me);
        const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), cookie: me.cookie } });
        const label = `${route} — ${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (!c.mayPass) {
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          const body = res.json();
          expect(body.success, label).toBe(false);
          expect(body.statusCode, label).toBe(res.statusCode);
          expect(body.errors.length, label).toBeGreaterThan(0);
          expect(await fingerprint(), label).toBe(before);
        }
      }
    });
  }
});
