import { paths } from '@campus/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, streamComments, streamPosts } from '../../db/schema';
import { queriesDuring, useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse, type TestUser } from '../../../test/factories';

const ctx = useTestApp();

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const post = (courseId: string, who: TestUser, text: string) => send('POST', paths.coursework.post(courseId), who, { text });
const comment = (postId: string, who: TestUser, text: string) => send('POST', paths.coursework.comment(postId), who, { text });
const page = (courseId: string, who: TestUser, query = '') => send('GET', `${paths.coursework.stream(courseId)}${query}`, who);

const toldOf = (userId: string) =>
  ctx.database.db
    .select({ content: notifications.content, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'coursework')))
    .orderBy(asc(notifications.seq));

async function streamClass() {
  const owner = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
  const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
  const student = await buildStudent(ctx.app, { fullname: 'Ada Lane' });
  const classmate = await buildStudent(ctx.app, { fullname: 'Ben Ray' });
  for (const s of [student, classmate]) await joinCourse(ctx.app, s, course._id);
  return { owner, course, student, classmate };
}

describe('the course stream', () => {
  it('the owner announces (201) and every enrolled student is told; students may not announce', async () => {
    const { owner, course, student, classmate } = await streamClass();
    const res = await post(course._id, owner, '  Class moves to room 4 on Friday.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.post).toEqual({
      _id: expect.any(String),
      kind: 'announcement',
      author: { _id: owner.user._id, fullname: 'Asha Rao' },
      text: 'Class moves to room 4 on Friday.',
      assignmentId: null,
      createdAt: expect.any(String),
      comments: [],
    });
    for (const s of [student, classmate]) {
      expect(await toldOf(s.user._id)).toEqual([{ content: 'Prof. Asha Rao posted in "Poetry": Class moves to room 4 on Friday.', link: `/course/${course._id}/stream` }]);
    }
    expect((await post(course._id, student, 'me too')).json()).toMatchObject({ statusCode: 403, code: 'course_owner_only' });
    const outsider = await buildProfessor(ctx.app);
    expect((await post(course._id, outsider, 'hi')).json()).toMatchObject({ statusCode: 404, code: 'course_not_found' });
  });

  it('pages newest first with a cursor, each post with its comments oldest first, the comments in one query', async () => {
    const { owner, course, student, classmate } = await streamClass();
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push((await post(course._id, owner, `Post ${n}`)).json().data.post._id);
    await comment(ids[4]!, student, 'first');
    await comment(ids[4]!, classmate, 'second');
    await comment(ids[3]!, owner, 'on four');
    await comment(ids[0]!, student, 'on one');

    let first: Awaited<ReturnType<typeof page>> | undefined;
    const queries = await queriesDuring(async () => {
      first = await page(course._id, student, '?limit=2');
    });
    expect(first?.statusCode).toBe(200);
    const { posts, nextCursor } = first!.json().data;
    expect(posts.map((p: { text: string }) => p.text)).toEqual(['Post 5', 'Post 4']);
    expect(posts[0].comments.map((c: { text: string; author: { fullname: string } }) => [c.author.fullname, c.text])).toEqual([
      ['Ada Lane', 'first'],
      ['Ben Ray', 'second'],
    ]);
    expect(posts[1].comments.map((c: { text: string }) => c.text)).toEqual(['on four']);
    expect(queries.filter((q) => q.includes('"stream_comments"'))).toHaveLength(1);

    const second = (await page(course._id, student, `?limit=2&cursor=${nextCursor}`)).json().data;
    expect(second.posts.map((p: { text: string }) => p.text)).toEqual(['Post 3', 'Post 2']);
    const last = (await page(course._id, owner, `?limit=2&cursor=${second.nextCursor}`)).json().data;
    expect(last.posts.map((p: { text: string; comments: { text: string }[] }) => [p.text, p.comments.map((c) => c.text)])).toEqual([['Post 1', ['on one']]]);
    expect(last.nextCursor).toBeNull();

    const bad = await page(course._id, student, '?cursor=bm90LWEtY3Vyc29y');
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'cursor_invalid', field: 'cursor' });
    const outsider = await buildStudent(ctx.app);
    expect((await page(course._id, outsider)).json()).toMatchObject({ statusCode: 404, code: 'course_not_found' });
  });

  it("a comment tells the post's author, unless they wrote it; outsiders find no post", async () => {
    const { owner, course, student } = await streamClass();
    const postId = (await post(course._id, owner, 'Questions welcome')).json().data.post._id;
    const res = await comment(postId, student, 'When is the test?');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.comment).toEqual({ _id: expect.any(String), author: { _id: student.user._id, fullname: 'Ada Lane' }, text: 'When is the test?', createdAt: expect.any(String) });
    expect(await toldOf(owner.user._id)).toEqual([{ content: 'Ada Lane commented on your post in "Poetry": When is the test?', link: `/course/${course._id}/stream` }]);
    await comment(postId, owner, 'Friday.');
    expect(await toldOf(owner.user._id)).toHaveLength(1);
    const outsider = await buildStudent(ctx.app);
    expect((await comment(postId, outsider, 'hi')).json()).toMatchObject({ statusCode: 404, code: 'post_not_found' });
    expect((await comment('not-an-id', student, 'hi')).json()).toMatchObject({ statusCode: 404, code: 'post_not_found' });
  });

  it('deletes: a post by the owner (its comments with it); a comment by its author or the owner, nobody else', async () => {
    const { owner, course, student, classmate } = await streamClass();
    const postId = (await post(course._id, owner, 'Notes are up')).json().data.post._id;
    const mine = (await comment(postId, student, 'Thanks')).json().data.comment._id;
    const theirs = (await comment(postId, classmate, 'Thank you')).json().data.comment._id;
    const third = (await comment(postId, classmate, 'Again')).json().data.comment._id;

    expect((await send('DELETE', paths.coursework.deleteComment(theirs), student)).json()).toMatchObject({ statusCode: 403, code: 'comment_author_only' });
    expect((await send('DELETE', paths.coursework.deleteComment(mine), student)).statusCode).toBe(200);
    expect((await send('DELETE', paths.coursework.deleteComment(theirs), owner)).statusCode).toBe(200);
    expect((await send('DELETE', paths.coursework.deleteComment(mine), student)).json()).toMatchObject({ statusCode: 404, code: 'comment_not_found' });
    const outsider = await buildStudent(ctx.app);
    expect((await send('DELETE', paths.coursework.deleteComment(third), outsider)).json()).toMatchObject({ statusCode: 404, code: 'comment_not_found' });

    expect((await send('DELETE', paths.coursework.deletePost(postId), student)).json()).toMatchObject({ statusCode: 403, code: 'course_owner_only' });
    expect((await send('DELETE', paths.coursework.deletePost(postId), outsider)).json()).toMatchObject({ statusCode: 404, code: 'post_not_found' });
    expect((await send('DELETE', paths.coursework.deletePost(postId), owner)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(streamPosts)).toEqual([]);
    expect(await ctx.database.db.select().from(streamComments)).toEqual([]);
    expect((await send('DELETE', paths.coursework.deletePost(postId), owner)).json()).toMatchObject({ statusCode: 404, code: 'post_not_found' });
  });
});
