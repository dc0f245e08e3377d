import { createHmac } from 'node:crypto';
import { paths, UNSUBSCRIBE_PAGE } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildStudent, type TestUser } from '../../../test/factories';
import { signingKey, signUnsubscribe } from './unsubscribe-token';

const SECRET = 'preferences-test-secret-that-is-long-enough';
const ctx = useTestApp({ mailSecret: SECRET });
const key = signingKey(SECRET);

const getPrefs = (who: TestUser) => ctx.app.inject({ method: 'GET', url: paths.notifications.preferences, headers: { cookie: who.cookie } });
const patchPrefs = (who: TestUser, payload: unknown) => ctx.app.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: who.cookie }, payload: payload as object });
const oneClick = (token: string, payload = 'List-Unsubscribe=One-Click') =>
  ctx.app.inject({ method: 'POST', url: `${paths.notifications.unsubscribe}?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('GET and PATCH /notifications/preferences', () => {
  it('everything in the portal only until the user chooses', async () => {
    const me = await buildStudent(ctx.app);
    const res = await getPrefs(me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ preferences: { courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' } });
  });

  it('a PATCH changes the kinds given, keeps the others, and answers all of them; each user has their own', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    expect((await patchPrefs(me, { notes: 'daily' })).json().data).toEqual({ preferences: { courses: 'inapp', notes: 'daily', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' } });
    expect((await patchPrefs(me, { courses: 'immediate', marksheets: 'daily' })).json().data).toEqual({ preferences: { courses: 'immediate', notes: 'daily', marksheets: 'daily', exams: 'inapp', coursework: 'inapp' } });
    expect((await getPrefs(me)).json().data.preferences).toEqual({ courses: 'immediate', notes: 'daily', marksheets: 'daily', exams: 'inapp', coursework: 'inapp' });
    expect((await getPrefs(other)).json().data.preferences).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
  });

  it.each([
    [{ courses: 'weekly' }, 'Courses must be inapp, immediate or daily', { code: 'choice_invalid', field: 'courses', params: { choices: ['inapp', 'immediate', 'daily'] } }],
    [{ notes: 'immediate', marksheets: 1 }, 'Marksheets must be inapp, immediate or daily', { code: 'choice_invalid', field: 'marksheets' }],
    [{ course: 'daily' }, 'Give at least one of Courses, Notes, Marksheets, Exams, Coursework', { code: 'preference_needed', params: { kinds: ['courses', 'notes', 'marksheets', 'exams', 'coursework'] } }],
    [{}, 'Give at least one of Courses, Notes, Marksheets, Exams, Coursework', { code: 'preference_needed' }],
  ])('refuses %j with a 400 naming the field', async (body, message, refusal) => {
    const me = await buildStudent(ctx.app);
    const res = await patchPrefs(me, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe(message);
    expect(res.json()).toMatchObject(refusal);
    expect((await getPrefs(me)).json().data.preferences).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
  });

  it('needs a login', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: paths.notifications.preferences })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, payload: { courses: 'daily' } })).statusCode).toBe(401);
  });
});

describe('the unsubscribe link (no login; RFC 8058 one-click)', () => {
  it('a one-click POST turns that kind back to inapp and leaves the others', async () => {
    const me = await buildStudent(ctx.app);
    await patchPrefs(me, { courses: 'immediate', notes: 'immediate', marksheets: 'daily', exams: 'inapp', coursework: 'inapp' });
    const res = await oneClick(signUnsubscribe(key, me.user._id, 'courses'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ scope: 'courses' });
    expect((await getPrefs(me)).json().data.preferences).toEqual({ courses: 'inapp', notes: 'immediate', marksheets: 'daily', exams: 'inapp', coursework: 'inapp' });
  });

  it('the digest\'s link turns every daily kind to inapp, and the immediate ones stay', async () => {
    const me = await buildStudent(ctx.app);
    await patchPrefs(me, { courses: 'daily', notes: 'immediate', marksheets: 'daily', exams: 'inapp', coursework: 'inapp' });
    expect((await oneClick(signUnsubscribe(key, me.user._id, 'digest'))).statusCode).toBe(200);
    expect((await getPrefs(me)).json().data.preferences).toEqual({ courses: 'inapp', notes: 'immediate', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
  });

  it('the web page may send the same body as JSON', async () => {
    const me = await buildStudent(ctx.app);
    await patchPrefs(me, { notes: 'daily' });
    const url = `${paths.notifications.unsubscribe}?token=${signUnsubscribe(key, me.user._id, 'notes')}`;
    const res = await ctx.app.inject({ method: 'POST', url, payload: { 'List-Unsubscribe': 'One-Click' } });
    expect(res.statusCode).toBe(200);
    expect((await getPrefs(me)).json().data.preferences.notes).toBe('inapp');
  });

  it('refuses a forged, altered or unsigned token with a 400, changing nothing', async () => {
    const me = await buildStudent(ctx.app);
    await patchPrefs(me, { courses: 'immediate', notes: 'daily' });
    const real = signUnsubscribe(key, me.user._id, 'courses');
    // A long token as emails carried them before tokens were short, signed with this key.
    const long = (scope: string) => `${me.user._id}.${scope}.${createHmac('sha256', SECRET).update(`${me.user._id}.courses`).digest('hex')}`;
    const forged = [
      signUnsubscribe(signingKey('some-other-secret-that-is-long-enough!!'), me.user._id, 'courses'),
      // The signature of one kind does not carry over to another.
      long('notes'),
      `${me.user._id}.courses.${'0'.repeat(64)}`,
      `${me.user._id}.courses`,
      // Cut, as a mail program may cut a link.
      real.slice(0, 30),
      'nonsense',
    ];
    expect((await oneClick(long('courses'))).statusCode).toBe(200);
    await patchPrefs(me, { courses: 'immediate' });
    for (const token of forged) {
      const res = await oneClick(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsubscribe_invalid', errors: ['this unsubscribe link is not valid'] });
      const query = `?token=${encodeURIComponent(token)}`;
      expect((await ctx.app.inject({ method: 'GET', url: `${paths.notifications.unsubscribePage}${query}` })).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'GET', url: `${paths.notifications.unsubscribeStatus}${query}` })).statusCode).toBe(400);
    }
    expect((await getPrefs(me)).json().data.preferences).toEqual({ courses: 'immediate', notes: 'daily', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
  });

  it('refuses a body that is not the one-click one, and a missing token', async () => {
    const me = await buildStudent(ctx.app);
    const token = signUnsubscribe(key, me.user._id, 'courses');
    const wrong = await oneClick(token, 'List-Unsubscribe=Yes');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'choice_invalid', field: 'List-Unsubscribe', errors: ['List-Unsubscribe must be One-Click'] });
    const none = await ctx.app.inject({ method: 'POST', url: paths.notifications.unsubscribe, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'field_required', field: 'token', errors: ['Token is required'] });
  });

  it('a GET changes nothing: it sends the browser on to the page that asks first', async () => {
    const me = await buildStudent(ctx.app);
    await patchPrefs(me, { marksheets: 'immediate' });
    const token = signUnsubscribe(key, me.user._id, 'marksheets');
    const res = await ctx.app.inject({ method: 'GET', url: `${paths.notifications.unsubscribePage}?token=${token}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${UNSUBSCRIBE_PAGE}?token=${token}`);
    expect((await getPrefs(me)).json().data.preferences.marksheets).toBe('immediate');
  });

  it('form-encoded bodies are read on this route only: elsewhere they stay a 415', async () => {
    const me = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'courses=daily' });
    expect(res.statusCode).toBe(415);
  });
});
