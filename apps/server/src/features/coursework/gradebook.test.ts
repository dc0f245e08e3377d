import { paths } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { assignmentExtensions } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { insertAssignment, insertSubmission } from '../../../test/coursework-factories';
import { buildCourse, buildProfessor, buildStudent, joinCourse, type TestUser } from '../../../test/factories';

const ctx = useTestApp();
const HOUR = 60 * 60_000;

const send = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/**
 * A class of three (Ada, Ben, Cyd) with four published items and a draft: Ada's work marked,
 * some of it late, one excused; Ben's only drafted; Cyd's nothing.
 */
async function markedClass() {
  const db = ctx.database.db;
  const owner = await buildProfessor(ctx.app);
  const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
  const [ada, ben, cyd] = [await buildStudent(ctx.app, { fullname: 'Ada' }), await buildStudent(ctx.app, { fullname: 'Ben' }), await buildStudent(ctx.app, { fullname: 'Cyd' })] as const;
  for (const s of [cyd, ada, ben]) await joinCourse(ctx.app, s, course._id);
  const now = Date.now();
  const past = await insertAssignment(db, course._id, { title: '=HYPERLINK("x")', maxMarks: 10, dueAt: new Date(now - 72 * HOUR) });
  const test = await insertAssignment(db, course._id, { kind: 'test', title: 'Quiz', maxMarks: 20, dueAt: new Date(now - 48 * HOUR) });
  const excused = await insertAssignment(db, course._id, { title: 'Ode', maxMarks: 50, dueAt: new Date(now - 24 * HOUR) });
  const future = await insertAssignment(db, course._id, { title: 'Epic', maxMarks: 30, dueAt: new Date(now + 72 * HOUR) });
  await insertAssignment(db, course._id, { title: 'Unpublished', published: false });
  // Ada: the past one a day and a bit late (10 %), marked 8 → 7.2; the quiz 15; the ode excused.
  await insertSubmission(db, past.id, ada.user._id, new Date(past.dueAt.getTime() + 20 * HOUR));
  const put = (a: { id: string }, s: TestUser, body: unknown) => send('PUT', paths.coursework.mark(a.id, s.user._id), owner, body);
  await put(past, ada, { marks: 8 });
  await put(test, ada, { marks: 15 });
  await put(excused, ada, { excused: true });
  await send('POST', paths.coursework.return(past.id), owner, {});
  await send('POST', paths.coursework.return(test.id), owner, {});
  await send('POST', paths.coursework.return(excused.id), owner, {});
  // Ben: a submission on time, then a draft after the returns: the gradebook shows it unmarked.
  await insertSubmission(db, future.id, ben.user._id, new Date(now));
  await put(past, ben, { marks: 9 });
  // Cyd has an extension on the past one: not yet missing.
  await db.insert(assignmentExtensions).values({ assignmentId: past.id, studentId: cyd.user._id, dueAt: new Date(now + 24 * HOUR) });
  return { owner, course, ada, ben, cyd, items: { past, test, excused, future } };
}

describe('GET /coursework/course/:courseId/gradebook', () => {
  it("shows each student's returned final marks per published item, the total and percent, excused work left out", async () => {
    const { owner, course, ada, ben, cyd, items } = await markedClass();
    const res = await send('GET', paths.coursework.gradebook(course._id), owner);
    expect(res.statusCode).toBe(200);
    const book = res.json().data;
    expect(book.assignments).toEqual([
      { _id: items.past.id, title: '=HYPERLINK("x")', kind: 'assignment', maxMarks: 10 },
      { _id: items.test.id, title: 'Quiz', kind: 'test', maxMarks: 20 },
      { _id: items.excused.id, title: 'Ode', kind: 'assignment', maxMarks: 50 },
      { _id: items.future.id, title: 'Epic', kind: 'assignment', maxMarks: 30 },
    ]);
    expect(book.rows.map((r: { student: { fullname: string } }) => r.student.fullname)).toEqual(['Ada', 'Ben', 'Cyd']);
    const [rowA, rowB, rowC] = book.rows;
    expect(rowA).toEqual({
      student: { _id: ada.user._id, registrationId: ada.user.registrationId, fullname: 'Ada' },
      cells: [
        { state: 'returned', finalMarks: 7.2 },
        { state: 'returned', finalMarks: 15 },
        { state: 'excused', finalMarks: null },
        { state: 'assigned', finalMarks: null },
      ],
      total: 22.2,
      percent: 74,
    });
    expect(rowB).toMatchObject({ student: { _id: ben.user._id }, cells: [{ state: 'marked', finalMarks: null }, { state: 'assigned' }, { state: 'missing' }, { state: 'submitted' }], total: 0, percent: null });
    expect(rowC).toMatchObject({ student: { _id: cyd.user._id }, cells: [{ state: 'assigned' }, { state: 'assigned' }, { state: 'missing' }, { state: 'assigned' }], total: 0, percent: null });
  });

  it('as CSV: a file, every cell safe from formulas', async () => {
    const { owner, course, ada } = await markedClass();
    const res = await send('GET', `${paths.coursework.gradebook(course._id)}?format=csv`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="gradebook-${course.coursenumber}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(`registration id,name,"'=HYPERLINK(""x"")",Quiz,Ode,Epic,total,percent`);
    expect(lines[1]).toBe(`${ada.user.registrationId},Ada,7.2,15,excused,assigned,22.2,74`);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('is the owner’s alone: 403 for an enrolled student, 404 for anyone else', async () => {
    const { course, ada } = await markedClass();
    expect((await send('GET', paths.coursework.gradebook(course._id), ada)).json().code).toBe('course_owner_only');
    const other = await buildProfessor(ctx.app);
    expect((await send('GET', paths.coursework.gradebook(course._id), other)).json().code).toBe('course_not_found');
  });
});
