import { paths, type Assignment } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queriesDuring, storedFiles, useTestApp } from '../../../test/build-app';
import { buildProfessor, buildStudent, type TestUser } from '../../../test/factories';
import { textFile, tinyPdf } from '../../../test/fixtures';
import { buildClass, form, inMinutes, setWork } from './coursework.test-kit';

const ctx = useTestApp();
const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'PUT', url: string, who?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const count = async (table: string) => Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);
const notices = async (who: TestUser) => (await call('GET', paths.notifications.list, who)).json().data.unreadnotifications as { content: string; link?: string }[];

describe('POST /coursework/course/:courseId', () => {
  it('the owner sets an assignment with two attachments: 201, downloadable by the class, posted and told', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 2);
    const pdf = tinyPdf('brief');
    const work = await setWork(ctx.app, owner, courseId, { graceMinutes: 5, latePenaltyPercentPerDay: 20 }, [
      ['attachments', { filename: 'brief.pdf', contentType: 'application/pdf', data: pdf }],
      ['attachments', textFile('data.txt', '1 2 3')],
    ]);
    expect(work).toMatchObject({ courseId, kind: 'assignment', title: 'Essay on graphs', maxMarks: 20, graceMinutes: 5, latePenaltyPercentPerDay: 20, closesAt: null, rubric: null, published: true });
    expect(work.publishedAt).not.toBeNull();
    expect(work.attachments.map((a) => a.name)).toEqual(['brief.pdf', 'data.txt']);
    for (const who of [owner, students[0]!]) {
      const file = await call('GET', work.attachments[0]!.url, who);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    // Nobody outside the class reads them.
    expect((await call('GET', work.attachments[1]!.url, await buildStudent(ctx.app))).statusCode).toBe(404);
    const told = await notices(students[1]!);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('"Essay on graphs"');
    expect(told[0]!.link).toBe(`/assignment/${work._id}`);
    const stream = (await ctx.database.db.execute(sql`select kind, text, assignment_id from stream_posts`)) as unknown as { rows: unknown[] };
    expect(stream.rows).toEqual([{ kind: 'assignment', text: 'Essay on graphs', assignment_id: work._id }]);
  });

  it('a draft is hidden from students (404) and tells nobody; publishing it later posts and tells', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const draft = await setWork(ctx.app, owner, courseId, { published: 'false' });
    expect(draft).toMatchObject({ published: false, publishedAt: null });
    const student = students[0]!;
    expect((await call('GET', paths.coursework.get(draft._id), student)).json()).toMatchObject({ code: 'assignment_not_found' });
    expect((await call('GET', paths.coursework.ofCourse(courseId), student)).json().data.assignments).toEqual([]);
    expect(await notices(student)).toEqual([]);
    expect(await count('stream_posts')).toBe(0);
    const published = await call('PATCH', paths.coursework.update(draft._id), owner, { published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.assignment.publishedAt).not.toBeNull();
    expect(await notices(student)).toHaveLength(1);
    expect(await count('stream_posts')).toBe(1);
    expect((await call('GET', paths.coursework.get(draft._id), student)).statusCode).toBe(200);
    // Taken back to a draft: gone for the students and from the stream, and nobody is told.
    expect((await call('PATCH', paths.coursework.update(draft._id), owner, { published: false })).statusCode).toBe(200);
    expect((await call('GET', paths.coursework.get(draft._id), student)).statusCode).toBe(404);
    expect(await count('stream_posts')).toBe(0);
    expect(await notices(student)).toHaveLength(1);
  });

  it('refuses students, other professors (403/404) and bad fields (400), storing nothing', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const stranger = await buildProfessor(ctx.app);
    const before = storedFiles(ctx);
    const attach: [string, ReturnType<typeof textFile>][] = [['attachments', textFile('a.txt', 'a')]];
    const post = (who: TestUser, fields: Record<string, string | number | undefined>) =>
      ctx.app.inject({ method: 'POST', url: paths.coursework.create(courseId), ...form(who.cookie, { kind: 'assignment', title: 'T', maxMarks: 10, dueAt: inMinutes(60), ...fields }, attach) });
    expect((await post(students[0]!, {})).statusCode).toBe(403);
    expect((await post(stranger, {})).json()).toMatchObject({ code: 'course_not_found' });
    expect((await post(owner, { closesAt: inMinutes(10) })).json()).toMatchObject({ code: 'dates_out_of_order', field: 'closesAt' });
    expect((await post(owner, { rubric: JSON.stringify([{ criterion: 'C', levels: [{ label: 'L', marks: 4 }] }]) })).json()).toMatchObject({ code: 'rubric_total_mismatch' });
    expect((await post(owner, { dueAt: 'tomorrow' })).json()).toMatchObject({ code: 'instant_invalid', field: 'dueAt' });
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: paths.coursework.create(courseId),
      ...form(owner.cookie, { kind: 'assignment', title: 'T', maxMarks: 10, dueAt: inMinutes(60) }, Array.from({ length: 6 }, (_, i) => ['attachments', textFile(`${i}.txt`, 'x')] as [string, ReturnType<typeof textFile>])),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'too_many_items', field: 'attachments', params: { max: 5 } });
    const exe = await ctx.app.inject({
      method: 'POST',
      url: paths.coursework.create(courseId),
      ...form(owner.cookie, { kind: 'assignment', title: 'T', maxMarks: 10, dueAt: inMinutes(60) }, [['attachments', textFile('ok.txt', 'fine')], ['attachments', { filename: 'x.pdf', contentType: 'application/pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) }]]),
    });
    expect(exe.statusCode).toBe(415);
    expect(await count('assignments')).toBe(0);
    expect(storedFiles(ctx)).toEqual(before);
  });
});

describe('GET /coursework/course/:courseId and /coursework/:assignmentId', () => {
  it('lists soonest due first; a student sees published work only, with their own standing', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const later = await setWork(ctx.app, owner, courseId, { title: 'Later', dueAt: inMinutes(3000) });
    const sooner = await setWork(ctx.app, owner, courseId, { title: 'Sooner', dueAt: inMinutes(60) });
    const draft = await setWork(ctx.app, owner, courseId, { title: 'Draft', dueAt: inMinutes(10), published: 'false' });
    const overdue = await setWork(ctx.app, owner, courseId, { title: 'Overdue', dueAt: inMinutes(-20), graceMinutes: 15, latePenaltyPercentPerDay: 10 });
    const test = await setWork(ctx.app, owner, courseId, { title: 'Quiz', kind: 'test', dueAt: inMinutes(120) });

    const mine = (await call('GET', paths.coursework.ofCourse(courseId), owner)).json().data.assignments as Assignment[];
    expect(mine.map((a) => a.title)).toEqual(['Overdue', 'Draft', 'Sooner', 'Quiz', 'Later']);
    expect(mine[0]).not.toHaveProperty('mySubmission');

    const theirs = (await call('GET', paths.coursework.ofCourse(courseId), students[0]!)).json().data.assignments as Assignment[];
    expect(theirs.map((a) => a._id)).toEqual([overdue._id, sooner._id, test._id, later._id]);
    expect(theirs.map((a) => a._id)).not.toContain(draft._id);
    const [o, s, t] = theirs;
    expect(o).toMatchObject({ mySubmission: null, myMarks: null });
    // Due 20 minutes ago with 15 of grace: handing in now is 5 (or 6, as the minute turns) minutes late, a day's 10%.
    expect(o!.submitNow!.penalty).toBe(10);
    expect(o!.submitNow!.lateMinutes).toBeGreaterThanOrEqual(5);
    expect(s!.submitNow).toEqual({ lateMinutes: 0, penalty: 0 });
    expect(t!.submitNow).toBeNull();

    const one = await call('GET', paths.coursework.get(sooner._id), students[0]!);
    expect(one.json().data.assignment).toMatchObject({ _id: sooner._id, mySubmission: null, submitNow: { lateMinutes: 0, penalty: 0 } });
    expect((await call('GET', paths.coursework.get(sooner._id), await buildStudent(ctx.app))).statusCode).toBe(404);
    expect((await call('GET', paths.coursework.get('not-an-id'), owner)).statusCode).toBe(404);
  });

  it('reads the list in a fixed number of queries, however many assignments', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    await setWork(ctx.app, owner, courseId);
    const few = await queriesDuring(() => call('GET', paths.coursework.ofCourse(courseId), students[0]!));
    for (let i = 0; i < 4; i++) await setWork(ctx.app, owner, courseId, { title: `W${i}` }, [['attachments', textFile('a.txt', 'a')]]);
    const many = await queriesDuring(() => call('GET', paths.coursework.ofCourse(courseId), students[0]!));
    expect(many.length).toBe(few.length);
  });
});

describe('PATCH and DELETE /coursework/:assignmentId', () => {
  it('a changed due time tells the class and is checked against the stored closing time', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const work = await setWork(ctx.app, owner, courseId, { closesAt: inMinutes(8 * 24 * 60) });
    const before = (await notices(students[0]!)).length;
    const moved = await call('PATCH', paths.coursework.update(work._id), owner, { dueAt: inMinutes(2 * 24 * 60) });
    expect(moved.statusCode).toBe(200);
    const told = await notices(students[0]!);
    expect(told).toHaveLength(before + 1);
    expect(told[0]!.content).toContain('changed the due time');
    const rev = (await ctx.database.db.execute(sql`select due_revision, reminded_at from assignments where id = ${work._id}`)) as unknown as { rows: { due_revision: number; reminded_at: unknown }[] };
    expect(rev.rows[0]).toMatchObject({ due_revision: 1, reminded_at: null });
    // A reminder sent for the old due time does not stand for the new one.
    await ctx.database.db.execute(sql`update assignments set reminded_at = now() where id = ${work._id}`);
    expect((await call('PATCH', paths.coursework.update(work._id), owner, { dueAt: inMinutes(3 * 24 * 60) })).statusCode).toBe(200);
    const again = (await ctx.database.db.execute(sql`select due_revision, reminded_at from assignments where id = ${work._id}`)) as unknown as { rows: { due_revision: number; reminded_at: unknown }[] };
    expect(again.rows[0]).toMatchObject({ due_revision: 2, reminded_at: null });
    // Only the title: nobody is told.
    expect((await call('PATCH', paths.coursework.update(work._id), owner, { title: 'Renamed' })).json().data.assignment.title).toBe('Renamed');
    expect(await notices(students[0]!)).toHaveLength(before + 2);
    // A due time after the stored closing time.
    const late = await call('PATCH', paths.coursework.update(work._id), owner, { dueAt: inMinutes(9 * 24 * 60) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'dates_out_of_order', field: 'closesAt' });
    // A rubric that does not make the stored maximum.
    const rubric = [{ criterion: 'Clarity', levels: [{ label: 'Good', marks: 5 }] }];
    expect((await call('PATCH', paths.coursework.update(work._id), owner, { rubric })).json()).toMatchObject({ code: 'rubric_total_mismatch' });
    expect((await call('PATCH', paths.coursework.update(work._id), owner, { rubric, maxMarks: 5 })).statusCode).toBe(200);
    expect((await call('PATCH', paths.coursework.update(work._id), students[0]!, { title: 'x' })).json()).toMatchObject({ code: 'course_owner_only' });
  });

  it('a rubric marks were given with cannot change (409)', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const rubric = [{ criterion: 'Clarity', levels: [{ label: 'Poor', marks: 0 }, { label: 'Good', marks: 10 }] }];
    const work = await setWork(ctx.app, owner, courseId, { maxMarks: 10, rubric: JSON.stringify(rubric) });
    await ctx.database.db.execute(sql`insert into assignment_marks (assignment_id, student_id, marks_hundredths, rubric) values (${work._id}, ${students[0]!.user._id}, 1000, '[1]'::jsonb)`);
    const changed = await call('PATCH', paths.coursework.update(work._id), owner, { rubric: [{ criterion: 'Clarity', levels: [{ label: 'Top', marks: 10 }] }] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'rubric_in_use', field: 'rubric' });
    // The same rubric sent again is no change.
    expect((await call('PATCH', paths.coursework.update(work._id), owner, { rubric })).statusCode).toBe(200);
  });

  it('the owner deletes an assignment: its attachments go from the store', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app);
    const before = storedFiles(ctx);
    const work = await setWork(ctx.app, owner, courseId, {}, [['attachments', textFile('a.txt', 'a')]]);
    expect(storedFiles(ctx)).toHaveLength(before.length + 1);
    expect((await call('DELETE', paths.coursework.delete(work._id), students[0]!)).statusCode).toBe(403);
    expect((await call('DELETE', paths.coursework.delete(work._id), owner)).statusCode).toBe(200);
    expect(storedFiles(ctx)).toEqual(before);
    expect(await count('assignments')).toBe(0);
    expect(await count('stream_posts')).toBe(0);
    expect((await call('GET', work.attachments[0]!.url, owner)).statusCode).toBe(404);
    expect((await call('DELETE', paths.coursework.delete(work._id), owner)).statusCode).toBe(404);
  });
});

describe('PUT /coursework/:assignmentId/extensions/:studentId', () => {
  it("gives an enrolled student their own due time, shown to them and in their activity; null removes it", async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 2);
    const work = await setWork(ctx.app, owner, courseId, { dueAt: inMinutes(-60) });
    const [student, other] = [students[0]!, students[1]!];
    const own = inMinutes(24 * 60);
    const res = await call('PUT', paths.coursework.extend(work._id, student.user._id), owner, { dueAt: own });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.extension).toEqual({ studentId: student.user._id, dueAt: own });
    expect((await call('GET', paths.coursework.get(work._id), student)).json().data.assignment).toMatchObject({ dueAt: own, submitNow: { lateMinutes: 0, penalty: 0 } });
    expect((await call('GET', paths.coursework.get(work._id), other)).json().data.assignment.dueAt).toBe(work.dueAt);
    const activity = (await call('GET', paths.users.activity, student)).json().data.entries as { action: string; details: Record<string, unknown> }[];
    expect(activity[0]).toMatchObject({ action: 'coursework.extension_granted', details: { assignment: { _id: work._id, title: work.title }, changes: { dueAt: { from: null, to: own } } } });
    expect((await call('PUT', paths.coursework.extend(work._id, student.user._id), owner, { dueAt: null })).json().data.extension).toEqual({ studentId: student.user._id, dueAt: null });
    expect((await call('GET', paths.coursework.get(work._id), student)).json().data.assignment.dueAt).toBe(work.dueAt);
    const outsider = await buildStudent(ctx.app);
    expect((await call('PUT', paths.coursework.extend(work._id, outsider.user._id), owner, { dueAt: own })).json()).toMatchObject({ code: 'student_not_enrolled' });
    expect((await call('PUT', paths.coursework.extend(work._id, 'nobody'), owner, { dueAt: own })).statusCode).toBe(404);
    expect((await call('PUT', paths.coursework.extend(work._id, other.user._id), student, { dueAt: own })).statusCode).toBe(403);
  });
});
