import { refusal, paths } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, sessions, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import { EXAM_OFFICE_PASSWORD, storedFiles, useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildProfessor, buildStudent, buildUser, loginAs, loginExamOffice, userFields } from '../../../test/factories';
import { multipart, pngAvatar, pngOfSize, tinyJpeg, tinyPng } from '../../../test/fixtures';

const ctx = useTestApp();

const register = (fields: Record<string, string | number | undefined>, avatar = pngAvatar(), headers: Record<string, string> = {}) => {
  const body = multipart(fields, avatar);
  return ctx.app.inject({ method: 'POST', url: paths.users.register, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'campus_session');
const countRows = async (table: typeof users | typeof files | typeof sessions) =>
  Number((await ctx.database.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);

describe('POST /users/register', () => {
  it('creates a user with an avatar: 201 and the user JSON, without logging in', async () => {
    const res = await register(userFields({ registrationId: '211070123', semester: '5', userrole: '2' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true });
    expect(Object.keys(body.data).sort()).toEqual(['_id', 'avatar', 'branch', 'createdAt', 'email', 'fullname', 'isExamOffice', 'isAdmin', 'active', 'managed', 'pendingEmail', 'registrationId', 'semester', 'updatedAt', 'userrole'].sort());
    expect(body.data).toMatchObject({ registrationId: 211070123, semester: 5, userrole: 2, isExamOffice: false, isAdmin: false, active: true, managed: false, pendingEmail: null, branch: 'Computer Engineering' });
    expect(body.data.avatar).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await countRows(sessions)).toBe(0);
  });

  it('accepts a JPEG avatar', async () => {
    const res = await register(userFields(), { avatar: { filename: 'a.jpg', contentType: 'image/jpeg', data: tinyJpeg() } });
    expect(res.statusCode).toBe(201);
  });

  it('stores the misspelled branches with the correct spelling', async () => {
    const a = await register(userFields({ branch: 'Elecrical Engineering' }));
    const b = await register(userFields({ branch: 'Eletronics Engineering' }));
    expect(a.json().data.branch).toBe('Electrical Engineering');
    expect(b.json().data.branch).toBe('Electronics Engineering');
  });

  it('ignores fields a caller may not set', async () => {
    const res = await register({ ...userFields(), _id: '00000000-0000-4000-8000-000000000000', isExamOffice: 'true', createdAt: '2001-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data._id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(res.json().data.isExamOffice).toBe(false);
    expect(res.json().data.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
  });

  it.each([
    [{ registrationId: 'abc' }, 'Registration ID must be a number', 'field_not_number', {}],
    [{ registrationId: 99_999_999 }, 'Registration ID must be at least', 'number_too_small', { min: 100_000_000 }],
    [{ email: 'not-an-email' }, 'Email must be', 'email_invalid', {}],
    [{ fullname: '   ' }, 'Full name is required', 'field_required', {}],
    [{ semester: 9 }, 'Semester must be between 1 and 8', 'semester_out_of_range', { min: 1, max: 8 }],
    [{ branch: 'Astrology' }, 'Branch must be', 'branch_unknown', {}],
    [{ userrole: 3 }, 'Role must be', 'userrole_invalid', {}],
    [{ password: 'short' }, 'Password must be at least', 'too_few_characters', { min: 8 }],
    [{ password: 'x'.repeat(129) }, 'Password must be at most', 'too_many_characters', { max: 128 }],
  ])('refuses %o with a 400 naming the field', async (override, expected, code, params) => {
    const res = await register(userFields(override as Record<string, string>));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain(expected);
    // The code, the field and the params a client words it from.
    expect(res.json()).toMatchObject({ code, field: Object.keys(override)[0], params });
    expect(await countRows(users)).toBe(2); // only the exam office and the first administrator
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('refuses a missing avatar', async () => {
    const res = await register(userFields(), {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'avatar_required', field: 'avatar', message: 'avatar is required' });
  });

  it('refuses a common password', async () => {
    const res = await register(userFields({ password: 'qwertyuiop' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'password_too_common', field: 'password', message: 'Password is too common' });
  });

  it('refuses a duplicate registration id and an email differing only in case (409)', async () => {
    await register(userFields({ registrationId: 400000001, email: 'Someone@Campus.test' }));
    const dupId = await register(userFields({ registrationId: 400000001 }));
    expect(dupId.statusCode).toBe(409);
    expect(dupId.json().message).toBe('Registration ID is already registered');
    const dupEmail = await register(userFields({ email: 'someone@campus.TEST' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('Email is already registered');
    expect(await countRows(files)).toBe(1);
    expect(storedFiles(ctx)).toHaveLength(1);
  });

  it("refuses the exam office's registration id", async () => {
    const res = await register(userFields({ registrationId: 211070007, userrole: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Registration ID is reserved for the exam office');
  });

  it('refuses an avatar over 5 MB with 413 and leaves nothing behind', async () => {
    const res = await register(userFields(), { avatar: { filename: 'big.png', contentType: 'image/png', data: pngOfSize(5 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toContain('Avatar');
    expect(await countRows(users)).toBe(2);
    expect(await countRows(files)).toBe(0);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('refuses a text file named .png with 415 and leaves nothing behind', async () => {
    const res = await register(userFields(), { avatar: { filename: 'fake.png', contentType: 'image/png', data: Buffer.from('just some text, not an image') } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Avatar must be a png or jpeg image');
    expect(await countRows(files)).toBe(0);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('refuses a non-multipart body with 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.register, payload: userFields() });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a cross-origin signup (403)', async () => {
    const viaOrigin = await register(userFields(), pngAvatar(), { origin: 'https://evil.example' });
    expect(viaOrigin.statusCode).toBe(403);
    expect(viaOrigin.json().message).toBe('cross-origin request refused');
    const viaFetchSite = await register(userFields(), pngAvatar(), { 'sec-fetch-site': 'cross-site' });
    expect(viaFetchSite.statusCode).toBe(403);
    const sameOrigin = await register(userFields(), pngAvatar(), { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(201);
  });

  describe('with a staff signup code', () => {
    it('requires the code from professors only', async () => {
      const app = await ctx.extraApp({ staffSignupCode: 'let-me-teach' });
      const send = (fields: Record<string, string | number | undefined>) => app.inject({ method: 'POST', url: paths.users.register, ...multipart(fields, pngAvatar()) });
      const none = await send(userFields({ userrole: 1 }));
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe('A valid staff signup code is required');
      expect((await send(userFields({ userrole: 1, staffcode: 'wrong' }))).statusCode).toBe(403);
      expect((await send(userFields({ userrole: 1, staffcode: 'let-me-teach' }))).statusCode).toBe(201);
      expect((await send(userFields({ userrole: 2 }))).statusCode).toBe(201);
    });
  });
});

describe('POST /users/login', () => {
  it('logs in with a numeric-string id and sets a session cookie; only its hash is stored', async () => {
    const { user } = await buildUser(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: String(user.registrationId), password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual(user);
    const cookie = sessionCookie(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toContain('Path=/');
    expect(raw).toMatch(/Max-Age=43\d{3}/); // 12 hours
    expect(raw).not.toContain('Secure');
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(cookie.value));
    expect(rows[0]!.tokenHash).not.toBe(cookie.value);
  });

  it('marks the cookie Secure over HTTPS behind a trusted proxy', async () => {
    const { user } = await buildUser(ctx.app);
    const app = await ctx.extraApp({ trustProxy: true });
    const res = await app.inject({ method: 'POST', url: paths.users.login, headers: { 'x-forwarded-proto': 'https' }, payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    expect(String(res.headers['set-cookie'])).toContain('Secure');
    // Without TRUST_PROXY the header is not believed.
    const plain = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'x-forwarded-proto': 'https' }, payload: { registrationId: user.registrationId, password: DEFAULT_PASSWORD } });
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
  });

  it('gives the same 401 for an unknown id and a wrong password', async () => {
    const { user } = await buildUser(ctx.app);
    const wrong = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: user.registrationId, password: 'not the password' } });
    const unknown = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: 999999999, password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('invalid registration id or password');
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('refuses a missing or malformed registration id with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain('Registration ID');
  });

  it('logs the exam office in (created at start-up)', async () => {
    const office = await loginExamOffice(ctx.app);
    expect(office.user).toMatchObject({ registrationId: 211070007, userrole: 1, isExamOffice: true, email: 'examoffice@campus.local', fullname: 'Exam Office', semester: 8, branch: 'Computer Engineering', avatar: '' });
  });
});

describe('sessions', () => {
  it('current-user answers the user itself, and that a password signed this session in; anonymous gets 401', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...student.user, signedInWith: null });
    const anon = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('you must be logged in');
    const forged = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: 'campus_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('logout revokes the session: the old cookie gets 401', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.logout, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({});
    expect(String(res.headers['set-cookie'])).toMatch(/campus_session=;/);
    // The browser's HTTP cache of the portal goes too (a shared computer); its storage stays.
    expect(res.headers['clear-site-data']).toBe('"cache"');
    expect(await countRows(sessions)).toBe(0);
    const after = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('expires an idle session', async () => {
    const student = await buildStudent(ctx.app);
    await ctx.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 61 * 60_000) });
    const res = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(401);
    expect(await countRows(sessions)).toBe(0);
  });

  it('keeps an active session alive and touches last_seen_at', async () => {
    const student = await buildStudent(ctx.app);
    const old = new Date(Date.now() - 30 * 60_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: old });
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(sessions);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 29 * 60_000);
  });

  it('expires a session at its absolute expiry even when active', async () => {
    const student = await buildStudent(ctx.app);
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /users/avatar', () => {
  it('replaces the avatar and deletes the old file', async () => {
    const student = await buildStudent(ctx.app);
    const before = storedFiles(ctx);
    expect(before).toHaveLength(1);
    const body = multipart({}, { avatar: { filename: 'new.jpg', contentType: 'image/jpeg', data: tinyJpeg() } });
    const res = await ctx.app.inject({ method: 'PATCH', url: paths.users.avatar, payload: body.payload, headers: { ...body.headers, cookie: student.cookie } });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data.user;
    expect(updated.avatar).not.toBe(student.user.avatar);
    expect(await countRows(files)).toBe(1);
    const after = storedFiles(ctx);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    const old = await ctx.app.inject({ method: 'GET', url: student.user.avatar, headers: { cookie: student.cookie } });
    expect(old.statusCode).toBe(404);
    const fresh = await ctx.app.inject({ method: 'GET', url: updated.avatar, headers: { cookie: student.cookie } });
    expect(fresh.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a missing avatar (400), a wrong type (415), anonymous (401)', async () => {
    const student = await buildStudent(ctx.app);
    const empty = multipart({ note: 'x' });
    expect((await ctx.app.inject({ method: 'PATCH', url: paths.users.avatar, payload: empty.payload, headers: { ...empty.headers, cookie: student.cookie } })).statusCode).toBe(400);
    const pdf = multipart({}, { avatar: { filename: 'a.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1') } });
    const wrong = await ctx.app.inject({ method: 'PATCH', url: paths.users.avatar, payload: pdf.payload, headers: { ...pdf.headers, cookie: student.cookie } });
    expect(wrong.statusCode).toBe(415);
    const anon = multipart({}, pngAvatar());
    expect((await ctx.app.inject({ method: 'PATCH', url: paths.users.avatar, payload: anon.payload, headers: anon.headers })).statusCode).toBe(401);
    expect(storedFiles(ctx)).toHaveLength(1);
  });
});

describe('PATCH /users/update-account', () => {
  it('updates the four fields and ignores the others (mail off: a new email, with the password, at once)', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: paths.users.updateAccount,
      headers: { cookie: student.cookie },
      payload: { email: 'new@campus.test', currentPassword: DEFAULT_PASSWORD, fullname: 'New Name', branch: 'Eletronics Engineering', semester: '6', registrationId: 123456789, userrole: 1, isExamOffice: true, _id: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      _id: student.user._id,
      email: 'new@campus.test',
      fullname: 'New Name',
      branch: 'Electronics Engineering',
      semester: 6,
      registrationId: student.user.registrationId,
      userrole: 2,
      isExamOffice: false,
      pendingEmail: null,
    });
  });

  it('refuses an email another user has (any case) with 409, and bad fields with 400', async () => {
    const a = await buildStudent(ctx.app);
    const b = await buildStudent(ctx.app);
    const dup = await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: b.cookie }, payload: { email: a.user.email.toUpperCase(), currentPassword: DEFAULT_PASSWORD, fullname: 'B', branch: 'Civil Engineering', semester: 2 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'email_taken', field: 'email', message: 'Email is already registered' });
    const bad = await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: b.cookie }, payload: { email: 'b@x.io', fullname: 'B', branch: 'Civil Engineering', semester: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Semester must be between 1 and 8');
  });
});

describe('POST /users/change-password', () => {
  it('changes the password and revokes every other session, not the current one', async () => {
    const student = await buildStudent(ctx.app);
    const otherCookie = await loginAs(ctx.app, student.user.registrationId, DEFAULT_PASSWORD);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: student.cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: 'a brand new passphrase' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({});
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: otherCookie } })).statusCode).toBe(401);
    await loginAs(ctx.app, student.user.registrationId, 'a brand new passphrase');
    await expect(loginAs(ctx.app, student.user.registrationId, DEFAULT_PASSWORD)).rejects.toThrow();
  });

  it('refuses a wrong old password, a short or common new one', async () => {
    const student = await buildStudent(ctx.app);
    const send = (payload: object) => ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: student.cookie }, payload });
    const wrong = await send({ oldpassword: 'nope nope nope', newpassword: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await send({ oldpassword: DEFAULT_PASSWORD, newpassword: 'short' });
    expect(short.json().errors[0]).toBe('New password must be at least 8 characters');
    const common = await send({ oldpassword: DEFAULT_PASSWORD, newpassword: 'qwertyuiop' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('New password is too common');
    await loginAs(ctx.app, student.user.registrationId, DEFAULT_PASSWORD);
  });

  it('refuses the current password as the new one, naming the new password, and changes nothing', async () => {
    const student = await buildStudent(ctx.app);
    const otherCookie = await loginAs(ctx.app, student.user.registrationId, DEFAULT_PASSWORD);
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie: student.cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: refusal('same_password').message, errors: [refusal('same_password').message] });
    expect(refusal('same_password').message).toMatch(/^New password /);
    // No change happened, so no other session ended.
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: otherCookie } })).statusCode).toBe(200);
    await loginAs(ctx.app, student.user.registrationId, DEFAULT_PASSWORD);
  });
});

describe('GET /users/getuser/:userId', () => {
  it('answers self and the exam office; 404 for anyone else, unknown or malformed ids', async () => {
    const student = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const office = await loginExamOffice(ctx.app);
    const get = (id: string, cookie: string) => ctx.app.inject({ method: 'GET', url: paths.users.getUser(id), headers: { cookie } });
    expect((await get(student.user._id, student.cookie)).json().data.user).toEqual(student.user);
    expect((await get(student.user._id, office.cookie)).statusCode).toBe(200);
    expect((await get(student.user._id, other.cookie)).statusCode).toBe(404);
    expect((await get(student.user._id, professor.cookie)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', office.cookie)).statusCode).toBe(404);
    expect((await get('not-a-uuid', office.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.getUser(student.user._id) })).statusCode).toBe(401);
  });
});

describe('GET /files/:fileId (avatars)', () => {
  it('serves an avatar to any logged-in user with safe headers', async () => {
    const owner = await buildStudent(ctx.app);
    const viewer = await buildProfessor(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: owner.user.avatar, headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(tinyPng())).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="me.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers 401 to anonymous and 404 JSON to unknown or malformed ids', async () => {
    const owner = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: owner.user.avatar })).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/files/${id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, success: false });
    }
  });

  it('refuses file kinds no feature has opened (deny by default)', async () => {
    const owner = await buildStudent(ctx.app);
    const fileId = owner.user.avatar.split('/').pop()!;
    await ctx.database.db.update(files).set({ kind: 'marksheet' }).where(eq(files.id, fileId));
    const res = await ctx.app.inject({ method: 'GET', url: owner.user.avatar, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describe('exam office set-up', () => {
  it('is created once, with the configured password, and never duplicated', async () => {
    const rows = await ctx.database.db.select().from(users).where(eq(users.registrationId, 211070007));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isExamOffice).toBe(true);
    await ctx.extraApp({}); // a second start does not create another
    expect(await ctx.database.db.select().from(users).where(eq(users.registrationId, 211070007))).toHaveLength(1);
    await loginAs(ctx.app, 211070007, EXAM_OFFICE_PASSWORD);
  });
});
