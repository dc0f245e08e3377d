import { api, paths, successSchema, type NotificationItem, type NotificationsData, type RecentNotifications } from '@campus/contract';
import { sql } from 'drizzle-orm';
import net from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db/database';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildNote, buildProfessor, buildStudent, joinCourse, loginAs, type TestUser } from '../../../test/factories';
import { openSse } from '../../../test/sse-client';
import { oneUser, type Recipients } from './recipients';

const ctx = useTestApp();

const get = (url: string, who: TestUser) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const patch = (url: string, who: TestUser) => ctx.app.inject({ method: 'PATCH', url, headers: { cookie: who.cookie } });
const listOf = async (who: TestUser): Promise<NotificationsData> => (await get(paths.notifications.list, who)).json().data;
const contents = async (who: TestUser) => (await listOf(who)).notifications.map((n) => n.content);

describe('who is told (docs/product.md#notifications-who-is-told)', () => {
  it('a new course: the students of its branch and semester, and nobody else', async () => {
    const prof = await buildProfessor(ctx.app, { semester: 5, branch: 'Civil Engineering' });
    const cohort = [await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' }), await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' })];
    const others = [
      await buildStudent(ctx.app, { semester: 4, branch: 'Civil Engineering' }),
      await buildStudent(ctx.app, { semester: 5, branch: 'Textile Engineering' }),
      await buildProfessor(ctx.app, { semester: 5, branch: 'Civil Engineering' }),
    ];
    const course = await buildCourse(ctx.app, prof, { title: 'Hydraulics', semester: 5, branch: 'Civil Engineering' });
    for (const s of cohort) {
      const [n] = (await listOf(s)).unreadnotifications;
      expect(n).toMatchObject({ content: `Prof. ${prof.user.fullname} created the course "Hydraulics" for Civil Engineering, semester 5`, link: `/course/${course._id}` });
    }
    for (const who of [prof, ...others]) expect(await contents(who)).toEqual([]);
  });

  it('a join: the owner, led to the course\'s students; leaving tells nobody', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Optics', semester: 2 });
    const student = await buildStudent(ctx.app, { fullname: 'Ada Student', semester: 7 });
    await joinCourse(ctx.app, student, course._id);
    expect(await contents(prof)).toEqual(['Ada Student joined your course "Optics"']);
    expect((await listOf(prof)).notifications[0]!.link).toBe(`/course/${course._id}/enrolled`);
    await patch(paths.courses.leave(course._id), student);
    expect(await contents(prof)).toHaveLength(1);
    expect(await contents(student)).toEqual([]);
  });

  it('a removal by the owner: the student removed, told by whom', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const course = await buildCourse(ctx.app, prof, { title: 'Optics', semester: 2 });
    const student = await buildStudent(ctx.app, { semester: 7 });
    const bystander = await buildStudent(ctx.app, { semester: 7 });
    await joinCourse(ctx.app, student, course._id);
    await joinCourse(ctx.app, bystander, course._id);
    await patch(paths.courses.removeStudent(course._id, student.user._id), prof);
    expect(await contents(student)).toEqual(['Prof. Asha Rao removed you from the course "Optics"']);
    expect(await contents(bystander)).toEqual([]);
    expect(await contents(prof)).toHaveLength(2); // the two joins only
  });

  it('notes added and the course deleted: the enrolled students only, told by whom; notes lead to the Notes tab', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Dr. Meera Iyer' });
    const course = await buildCourse(ctx.app, prof, { title: 'Optics', semester: 2 });
    const enrolled = await buildStudent(ctx.app, { semester: 7 });
    const outsider = await buildStudent(ctx.app, { semester: 7 });
    await joinCourse(ctx.app, enrolled, course._id);
    await buildNote(ctx.app, prof, course._id, undefined, 'Week 1');
    await ctx.app.inject({ method: 'DELETE', url: paths.courses.delete(course._id), headers: { cookie: prof.cookie } });
    const items = (await listOf(enrolled)).notifications;
    expect(items.map((n) => n.content)).toEqual(['Dr. Meera Iyer deleted the course "Optics"', 'Dr. Meera Iyer added notes "Week 1" to "Optics"']);
    expect(items[0]).not.toHaveProperty('link');
    expect(items[1]!.link).toBe(`/course/${course._id}/notes`);
    expect(await contents(outsider)).toEqual([]);
    expect(await contents(prof)).toEqual([`${enrolled.user.fullname} joined your course "Optics"`]);
  });

  it('a refused change tells nobody (the fan-out shares its transaction)', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { semester: 2 });
    const student = await buildStudent(ctx.app, { semester: 7 });
    await joinCourse(ctx.app, student, course._id);
    expect((await patch(paths.courses.join(course._id), student)).statusCode).toBe(409);
    expect(await contents(prof)).toHaveLength(1);
  });
});

describe('GET /notifications/getnotification', () => {
  it('lists my own, newest first, split into unread and read, with `date` when created', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    for (const content of ['first', 'second', 'third']) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content, link: null, kind: null });
    await ctx.app.notify(ctx.database.db, oneUser(other.user._id), { content: 'not mine', link: null, kind: null });
    const before = await listOf(me);
    // The order the answer always had (the serializer writes the schema's order).
    expect(Object.keys(before)).toEqual(['unreadnotifications', 'readnotifications', 'notifications']);
    expect(before.unreadnotifications.map((n) => n.content)).toEqual(['third', 'second', 'first']);
    const second = before.unreadnotifications[1]!;
    expect(Object.keys(second).sort()).toEqual(['content', 'date', 'notificationid']);
    expect(Math.abs(Date.parse(second.date) - Date.now())).toBeLessThan(60_000);
    expect(new Date(second.date).toISOString()).toBe(second.date);

    expect((await patch(paths.notifications.read(second.notificationid), me)).statusCode).toBe(200);
    const after = await listOf(me);
    expect(after.unreadnotifications.map((n) => n.content)).toEqual(['third', 'first']);
    expect(after.readnotifications.map((n) => n.content)).toEqual(['second']);
    expect(after.notifications.map((n) => n.content)).toEqual(['third', 'second', 'first']);
  });

  it('is written as the serializer would write it: held to the contract\'s schema and to the items /recent serializes', async () => {
    const me = await buildStudent(ctx.app);
    const awkward = [
      { content: 'Quotes " and \\ backslash, </script> & emoji 🎓', link: '/course/x?a="b"&c=\\' },
      { content: 'Line one\nLine two\ttabbed — “curly” ünïcödé \u2028 \u0007', link: null },
      { content: '', link: '' },
    ];
    for (const n of awkward) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { ...n, kind: null });
    const answer = (await get(paths.notifications.list, me)).json();
    expect(successSchema(api.notifications.list.data).parse(answer)).toEqual(answer);
    const recent = (await get(`${paths.notifications.recent}?limit=10`, me)).json().data as RecentNotifications;
    // Byte for byte what the schema's serializer writes for the same notifications.
    expect(JSON.stringify(answer.data.unreadnotifications)).toBe(JSON.stringify(recent.notifications));
    expect(JSON.stringify(answer.data.notifications)).toBe(JSON.stringify(recent.notifications));
    expect(answer.data.unreadnotifications.map((n: NotificationItem) => n.content)).toEqual(awkward.map((n) => n.content).reverse());
  });

  it('holds the newest 500 unread and the newest 100 read', async () => {
    const me = await buildStudent(ctx.app);
    const db = ctx.database.db;
    // 150 read ones, then 600 unread ones: inserted in bulk, in order.
    await db.execute(sql`insert into notifications (recipient_id, content, created_at, read_at)
      select ${me.user._id}, 'read ' || n, now(), now() from generate_series(1, 150) as n order by n`);
    await db.execute(sql`insert into notifications (recipient_id, content, created_at)
      select ${me.user._id}, 'unread ' || n, now() from generate_series(1, 600) as n order by n`);
    const data = await listOf(me);
    expect(data.unreadnotifications).toHaveLength(500);
    expect(data.unreadnotifications[0]!.content).toBe('unread 600');
    expect(data.unreadnotifications.at(-1)!.content).toBe('unread 101');
    expect(data.readnotifications).toHaveLength(100);
    expect(data.readnotifications[0]!.content).toBe('read 150');
    expect(data.notifications).toHaveLength(600);
  });
});

describe('marking read', () => {
  it('readnotification: the recipient only; anyone else (and unknown or malformed ids) 404, changing nothing', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'mine', link: null, kind: null });
    const [mine] = (await listOf(me)).unreadnotifications as [NotificationItem];
    const refused = await patch(paths.notifications.read(mine.notificationid), other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'notification_not_found', errors: ['notification not found'] });
    expect((await patch(paths.notifications.read(String(Number(mine.notificationid) + 1_000_000)), me)).statusCode).toBe(404);
    for (const malformed of ['00000000-0000-4000-8000-000000000000', 'nope', '0', '-1', '1.5', '9'.repeat(40)]) {
      expect((await patch(paths.notifications.read(malformed), me)).statusCode).toBe(404);
    }
    expect((await listOf(me)).unreadnotifications).toHaveLength(1);
    // Reading twice is fine: it stays read.
    expect((await patch(paths.notifications.read(mine.notificationid), me)).statusCode).toBe(200);
    expect((await patch(paths.notifications.read(mine.notificationid), me)).statusCode).toBe(200);
    expect((await listOf(me)).readnotifications).toHaveLength(1);
  });

  it('a deleted user’s notifications go with them (no one else’s)', async () => {
    const gone = await buildStudent(ctx.app);
    const stays = await buildStudent(ctx.app);
    for (const who of [gone, gone, stays]) await ctx.app.notify(ctx.database.db, oneUser(who.user._id), { content: 'x', link: null, kind: null });
    await ctx.database.db.execute(sql`delete from users where id = ${gone.user._id}`);
    const left = await ctx.database.db.execute(sql`select recipient_id from notifications where recipient_id in (${gone.user._id}, ${stays.user._id})`);
    expect((left as unknown as { rows: { recipient_id: string }[] }).rows.map((r) => r.recipient_id)).toEqual([stays.user._id]);
  });

  it('readallnotifications: every unread one of mine, nobody else’s', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    for (const who of [me, me, other]) await ctx.app.notify(ctx.database.db, oneUser(who.user._id), { content: 'x', link: null, kind: null });
    expect((await patch(paths.notifications.readAll, me)).statusCode).toBe(200);
    expect((await listOf(me)).unreadnotifications).toHaveLength(0);
    expect((await listOf(me)).readnotifications).toHaveLength(2);
    expect((await listOf(other)).unreadnotifications).toHaveLength(1);
  });
});

describe('GET /notifications/stream (Server-Sent Events)', () => {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const stream = (who: TestUser, headers: Record<string, string> = {}) => openSse(`${base}${paths.notifications.stream}`, { cookie: who.cookie, ...headers });

  it('refuses the logged-out with 401', async () => {
    const res = await fetch(`${base}${paths.notifications.stream}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('starts with the unread count, then pushes each new notification with the new count', async () => {
    const prof = await buildProfessor(ctx.app);
    const me = await buildStudent(ctx.app, { semester: 6, branch: 'Textile Engineering' });
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'before', link: null, kind: null });
    const sse = await stream(me);
    expect(sse.status).toBe(200);
    expect(JSON.parse((await sse.next('unread')).data)).toEqual({ unread: 1 });
    const course = await buildCourse(ctx.app, prof, { title: 'Weaving', semester: 6, branch: 'Textile Engineering' });
    const event = await sse.next('notification', 1000);
    expect(Number(event.id)).toBeGreaterThan(0);
    expect(JSON.parse(event.data)).toMatchObject({ unread: 2, notification: { content: `Prof. ${prof.user.fullname} created the course "Weaving" for Textile Engineering, semester 6`, link: `/course/${course._id}` } });
    // The stream and the list describe a notification alike, to the millisecond.
    const listed = (await listOf(me)).unreadnotifications[0];
    expect(JSON.parse(event.data).notification).toEqual(listed);
    // Reading elsewhere (another tab) updates the count here.
    await patch(paths.notifications.readAll, me);
    expect(JSON.parse((await sse.next('unread', 1000)).data)).toEqual({ unread: 0 });
    sse.close();
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const me = await buildStudent(ctx.app);
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'one', link: null, kind: null });
    const first = await stream(me);
    await first.next('unread');
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'two', link: null, kind: null });
    const seen = await first.next('notification', 1000);
    first.close();
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'three', link: null, kind: null });
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'four', link: null, kind: null });
    const again = await stream(me, { 'last-event-id': seen.id! });
    expect(JSON.parse((await again.next('notification')).data).notification.content).toBe('three');
    expect(JSON.parse((await again.next('notification')).data).notification.content).toBe('four');
    expect(JSON.parse((await again.next('unread')).data)).toEqual({ unread: 4 });
    again.close();
  });

  it('closes when its session is logged out, and only that session’s stream', async () => {
    const me = await buildStudent(ctx.app);
    const otherCookie = await loginAs(ctx.app, me.user.registrationId, me.password);
    const mine = await stream(me);
    const other = await stream({ ...me, cookie: otherCookie });
    await mine.next('unread');
    await other.next('unread');
    await ctx.app.inject({ method: 'POST', url: paths.users.logout, headers: { cookie: me.cookie } });
    await expect(Promise.race([mine.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 1000))])).resolves.toBe('ended');
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'still here', link: null, kind: null });
    expect(JSON.parse((await other.next('notification', 1000)).data).notification.content).toBe('still here');
    other.close();
  });

  it('a password change closes the streams of the user’s other sessions at once, not the changing one’s', async () => {
    const me = await buildStudent(ctx.app);
    const elsewhere = await stream({ ...me, cookie: await loginAs(ctx.app, me.user.registrationId, me.password) });
    const here = await stream(me);
    await elsewhere.next('unread');
    await here.next('unread');
    const changed = await ctx.app.inject({
      method: 'POST',
      url: paths.users.changePassword,
      headers: { cookie: me.cookie },
      payload: { oldpassword: me.password, newpassword: 'a-brand-new-passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    await expect(Promise.race([elsewhere.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 1000))])).resolves.toBe('ended');
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'after the change', link: null, kind: null });
    expect(JSON.parse((await here.next('notification', 1000)).data).notification.content).toBe('after the change');
    here.close();
  });

  it('closes an expired session’s stream at the periodic check, without the heartbeat extending it', async () => {
    const me = await buildStudent(ctx.app);
    const sse = await stream(me);
    await sse.next('unread');
    await ctx.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${me.user._id}`);
    await ctx.app.notificationHub.checkSessions();
    await expect(Promise.race([sse.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 1000))])).resolves.toBe('ended');
  });

  it('server shutdown ends open streams instead of waiting for them', async () => {
    const extra = await ctx.extraApp({});
    const url = await extra.listen({ port: 0, host: '127.0.0.1' });
    const me = await buildStudent(ctx.app);
    const sse = await openSse(`${url}${paths.notifications.stream}`, { cookie: me.cookie });
    await sse.next('unread');
    const started = Date.now();
    await extra.close();
    await sse.ended;
    expect(Date.now() - started).toBeLessThan(2000);
    // Its browser comes back soon, and not at the same moment as everyone else's.
    expect(sse.retry()).toBeGreaterThanOrEqual(500);
    expect(sse.retry()).toBeLessThanOrEqual(2_500);
  });
});

describe('GET /notifications/unread-count', () => {
  it('answers my unread count alone, a few bytes', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    for (const content of ['one', 'two', 'three']) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content, link: null, kind: null });
    await ctx.app.notify(ctx.database.db, oneUser(other.user._id), { content: 'theirs', link: null, kind: null });
    const [first] = (await listOf(me)).unreadnotifications;
    await patch(paths.notifications.read(first!.notificationid), me);
    const res = await get(paths.notifications.unreadCount, me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unread: 2 });
    expect(res.rawPayload.length).toBeLessThan(200);
  });
});

describe('GET /notifications/recent', () => {
  it('answers my newest unread ones (5 unless told), newest first, with the unread count; never read ones or anyone else\'s', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    for (let i = 1; i <= 7; i++) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: `n${i}`, link: i === 7 ? '/marksheet' : null, kind: null });
    await ctx.app.notify(ctx.database.db, oneUser(other.user._id), { content: 'theirs', link: null, kind: null });
    const n7 = (await listOf(me)).unreadnotifications[0]!;
    const n6 = (await listOf(me)).unreadnotifications[1]!;
    await patch(paths.notifications.read(n6.notificationid), me);

    const res = await get(paths.notifications.recent, me);
    expect(res.statusCode).toBe(200);
    const data: RecentNotifications = res.json().data;
    expect(data.unread).toBe(6);
    expect(data.notifications.map((n) => n.content)).toEqual(['n7', 'n5', 'n4', 'n3', 'n2']);
    // The same item shape as getnotification's.
    expect(data.notifications[0]).toEqual(n7);
    expect(data.notifications[1]).not.toHaveProperty('link');

    const two = (await get(`${paths.notifications.recent}?limit=2`, me)).json().data as RecentNotifications;
    expect(two).toEqual({ notifications: [n7, expect.objectContaining({ content: 'n5' })], unread: 6 });
    const all = (await get(`${paths.notifications.recent}?limit=20`, me)).json().data as RecentNotifications;
    expect(all.notifications).toHaveLength(6);
    expect((await get(paths.notifications.recent, other)).json().data).toMatchObject({ notifications: [{ content: 'theirs' }], unread: 1 });
  });

  it.each([['0'], ['21'], ['abc'], ['1.5']])('refuses limit=%s with a 400 naming the field', async (limit) => {
    const me = await buildStudent(ctx.app);
    const res = await get(`${paths.notifications.recent}?limit=${limit}`, me);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/^Limit /);
    expect(res.json().field).toBe('limit');
  });

  it('is for logged-in users only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: paths.notifications.recent });
    expect(res.statusCode).toBe(401);
  });

  it('leaves getnotification as it was', async () => {
    const me = await buildStudent(ctx.app);
    for (let i = 1; i <= 7; i++) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: `n${i}`, link: null, kind: null });
    const list = await listOf(me);
    expect(list.unreadnotifications).toHaveLength(7);
    expect(Object.keys(list).sort()).toEqual(['notifications', 'readnotifications', 'unreadnotifications']);
  });
});

describe('the list kept by each instance', () => {
  it('is sent again only while nothing changed, whichever instance made the change', async () => {
    const other = await ctx.extraApp({});
    const me = await buildStudent(ctx.app);
    const onOther = (url: string, method: 'GET' | 'PATCH' = 'GET') => other.inject({ method, url, headers: { cookie: me.cookie } });
    const contentsHere = async () => {
      const list = await listOf(me);
      return list.notifications.map((n) => `${n.content}${list.readnotifications.some((r) => r.notificationid === n.notificationid) ? ' (read)' : ''}`);
    };
    for (const content of ['one', 'two', 'three']) await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content, link: null, kind: null });
    expect(await contentsHere()).toEqual(['three', 'two', 'one']);
    expect(await contentsHere()).toEqual(['three', 'two', 'one']);
    // A new one, made through the other instance's code.
    await other.notify(ctx.database.db, oneUser(me.user._id), { content: 'four', link: null, kind: null });
    expect(await contentsHere()).toEqual(['four', 'three', 'two', 'one']);
    // Read on the other instance: this one's copy is not sent.
    const two = (await listOf(me)).notifications.find((n) => n.content === 'two')!;
    expect((await onOther(paths.notifications.read(two.notificationid), 'PATCH')).statusCode).toBe(200);
    expect(await contentsHere()).toEqual(['four', 'three', 'two (read)', 'one']);
    // Deleted (as a retention sweep would): gone here too.
    await ctx.database.db.execute(sql`delete from notifications where recipient_id = ${me.user._id} and content = 'one'`);
    expect(await contentsHere()).toEqual(['four', 'three', 'two (read)']);
    expect((await onOther(paths.notifications.list)).json().data).toEqual(await listOf(me));
  });
});

describe('revalidating the list (ETag)', () => {
  it('answers 304 with no body while nothing changed, and the new list once something did', async () => {
    const me = await buildStudent(ctx.app);
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'first', link: null, kind: null });
    const first = await get(paths.notifications.list, me);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await ctx.app.inject({ method: 'GET', url: paths.notifications.list, headers: { cookie: me.cookie, 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'second', link: null, kind: null });
    const changed = await ctx.app.inject({ method: 'GET', url: paths.notifications.list, headers: { cookie: me.cookie, 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json().data.unreadnotifications).toHaveLength(2);
    // Another user never gets my tag's 304: their list is another body.
    const other = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.notifications.list, headers: { cookie: other.cookie, 'if-none-match': changed.headers.etag as string } })).statusCode).toBe(200);
  });
});

describe('bounded streams', () => {
  /** An instance with small stream caps, listening; its streams are opened with `open`. */
  async function capped(perUser: number, perInstance: number) {
    const app = await ctx.extraApp({ streams: { perUser, perInstance } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (who: TestUser) => {
      const sse = await openSse(`${url}${paths.notifications.stream}`, { cookie: who.cookie });
      // The first event is sent once the stream has joined the hub.
      await sse.next('unread');
      return sse;
    };
    return { app, url, open };
  }
  const endsWithin = (sse: { ended: Promise<void> }, ms: number) =>
    Promise.race([sse.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), ms))]);

  it('closes a user’s oldest stream when they open one past their cap, asking it to come back in a minute', async () => {
    const { app, open } = await capped(3, 1000);
    const me = await buildStudent(ctx.app);
    const other = await buildStudent(ctx.app);
    const theirs = await open(other);
    const tabs = [];
    for (let i = 0; i < 30; i++) tabs.push(await open(me));
    expect(app.notificationHub.size).toBe(4);
    for (const tab of tabs.slice(0, 27)) {
      await expect(endsWithin(tab, 1000)).resolves.toBe('ended');
      expect(tab.retry()).toBe(60_000);
    }
    // The newest three stay live, and so does everybody else's.
    await ctx.app.notify(ctx.database.db, oneUser(me.user._id), { content: 'still here', link: null, kind: null });
    for (const tab of tabs.slice(27)) expect(JSON.parse((await tab.next('notification', 1000)).data).notification.content).toBe('still here');
    await expect(endsWithin(theirs, 100)).resolves.toBe('open');
    for (const sse of [...tabs, theirs]) sse.close();
  });

  it('closes the instance’s oldest stream when it is full', async () => {
    const { app, open } = await capped(5, 2);
    const [a, b, c] = [await buildStudent(ctx.app), await buildStudent(ctx.app), await buildStudent(ctx.app)];
    const first = await open(a);
    const second = await open(b);
    const third = await open(c);
    await expect(endsWithin(first, 1000)).resolves.toBe('ended');
    expect(first.retry()).toBe(60_000);
    expect(app.notificationHub.size).toBe(2);
    await expect(endsWithin(second, 100)).resolves.toBe('open');
    second.close();
    third.close();
  });

  it('drops a client that stops reading rather than buffering for it, and keeps one that reads', async () => {
    const { app, url, open } = await capped(5, 1000);
    const stalled = await buildStudent(ctx.app);
    const reader = await buildStudent(ctx.app);
    const healthy = await open(reader);
    // A raw client that reads the stream's start, then never reads again.
    const { port } = new URL(url);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write(`GET ${paths.notifications.stream} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${stalled.cookie}\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    await vi.waitFor(() => expect(app.notificationHub.size).toBe(2));
    socket.pause();
    // n notifications for one user: an audience no selector names, made here for the test alone.
    const many = (id: string, n: number) => sql`select ${id}::uuid from generate_series(1, ${n})` as Recipients;
    const notice = { content: 'x'.repeat(200), link: '/all-notifications', kind: null };
    // About 7 MB of frames: more than the socket's kernel buffers (~4 MB here) and our bound.
    await ctx.app.notify(ctx.database.db, many(stalled.user._id, 20_000), notice);
    await vi.waitFor(() => expect(app.notificationHub.size).toBe(1), { timeout: 10_000 });
    // A reader gets a burst as large as a reconnect's replay, whole.
    await ctx.app.notify(ctx.database.db, many(reader.user._id, 500), notice);
    let unread = 0;
    for (let i = 0; i < 500; i++) unread = JSON.parse((await healthy.next('notification', 5_000)).data).unread;
    expect(unread).toBe(500);
    expect(app.notificationHub.size).toBe(1);
    socket.destroy();
    healthy.close();
  });
});

describe('across instances', () => {
  // Two instances need a PostgreSQL server: an embedded PGlite belongs to one process.
  it.skipIf(!process.env.TEST_DATABASE_URL)('a notification created through instance A reaches an SSE client of instance B within a second', async () => {
    const databaseB = await openDatabase({ databaseUrl: ctx.databaseUrl, pgliteDir: '' });
    const appB = await buildApp(ctx.config, { database: databaseB, logger: false });
    try {
      const urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
      const prof = await buildProfessor(ctx.app);
      const student = await buildStudent(ctx.app, { semester: 8, branch: 'Production Engineering' });
      const onB = await openSse(`${urlB}${paths.notifications.stream}`, { cookie: student.cookie });
      await onB.next('unread');
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = Date.now();
        await buildCourse(ctx.app, prof, { title: `Lean ${i}`, semester: 8, branch: 'Production Engineering' });
        const event = JSON.parse((await onB.next('notification', 1000)).data);
        delays.push(Date.now() - sent);
        expect(event).toMatchObject({ unread: i + 1, notification: { content: `Prof. ${prof.user.fullname} created the course "Lean ${i}" for Production Engineering, semester 8` } });
      }
      expect(Math.max(...delays)).toBeLessThan(1000);
      onB.close();
    } finally {
      await appB.close();
      await databaseB.close();
    }
  });
});
