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

describe('GET /coursework/due-soon', () => {
  it("lists a student's open work due within seven days or overdue but still open, not handed in, soonest first", async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
    const elsewhere = await buildCourse(ctx.app, owner, { title: 'Not mine' });
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * HOUR);
    const tomorrow = await insertAssignment(db, course._id, { title: 'Tomorrow', dueAt: at(24) });
    const overdueOpen = await insertAssignment(db, course._id, { title: 'Overdue, open', dueAt: at(-30) });
    const quiz = await insertAssignment(db, course._id, { kind: 'test', title: 'Quiz', dueAt: at(100) });
    await insertAssignment(db, course._id, { title: 'Overdue, closed', dueAt: at(-30), closesAt: at(-1) });
    await insertAssignment(db, course._id, { kind: 'test', title: 'Past quiz', dueAt: at(-2) });
    await insertAssignment(db, course._id, { title: 'Next month', dueAt: at(24 * 30) });
    await insertAssignment(db, course._id, { title: 'Draft', dueAt: at(10), published: false });
    await insertAssignment(db, elsewhere._id, { title: 'Other course', dueAt: at(10) });
    const handedIn = await insertAssignment(db, course._id, { title: 'Handed in', dueAt: at(5) });
    await insertSubmission(db, handedIn.id, student.user._id);
    const excused = await insertAssignment(db, course._id, { title: 'Excused', dueAt: at(5) });
    await send('PUT', paths.coursework.mark(excused.id, student.user._id), owner, { excused: true });
    // An extension moves one beyond the week.
    const extended = await insertAssignment(db, course._id, { title: 'Extended', dueAt: at(6) });
    await db.insert(assignmentExtensions).values({ assignmentId: extended.id, studentId: student.user._id, dueAt: at(24 * 9) });

    const res = await send('GET', paths.coursework.dueSoon, student);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.assignments).toEqual([
      { _id: overdueOpen.id, title: 'Overdue, open', dueAt: overdueOpen.dueAt.toISOString(), course: { _id: course._id, title: 'Poetry' }, state: 'missing' },
      { _id: tomorrow.id, title: 'Tomorrow', dueAt: tomorrow.dueAt.toISOString(), course: { _id: course._id, title: 'Poetry' }, state: 'assigned' },
      { _id: quiz.id, title: 'Quiz', dueAt: quiz.dueAt.toISOString(), course: { _id: course._id, title: 'Poetry' }, state: 'assigned' },
    ]);
    expect((await send('GET', paths.coursework.dueSoon, owner)).statusCode).toBe(403);
  });
});

describe('GET /coursework/me', () => {
  it("answers a student's returned marks by course, never a draft, each with its penalty and final marks", async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const [algebra, poetry] = [await buildCourse(ctx.app, owner, { title: 'Algebra' }), await buildCourse(ctx.app, owner, { title: 'Poetry' })];
    const student = await buildStudent(ctx.app);
    for (const c of [poetry, algebra]) await joinCourse(ctx.app, student, c._id);
    const late = await insertAssignment(db, poetry._id, { title: 'Sonnets', maxMarks: 20, dueAt: new Date(Date.now() - 72 * HOUR), latePenaltyPercentPerDay: 25 });
    await insertSubmission(db, late.id, student.user._id, new Date(late.dueAt.getTime() + 3 * HOUR));
    const quiz = await insertAssignment(db, algebra._id, { kind: 'test', title: 'Quiz', maxMarks: 10 });
    const drafted = await insertAssignment(db, algebra._id, { title: 'Proofs' });
    for (const [a, marks] of [[late, 17], [quiz, 7.5], [drafted, 3]] as const) await send('PUT', paths.coursework.mark(a.id, student.user._id), owner, { marks, feedback: `on ${a.title}` });
    for (const a of [late, quiz]) await send('POST', paths.coursework.return(a.id), owner, {});

    const res = await send('GET', paths.coursework.myMarks, student);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.courses).toEqual([
      {
        course: { _id: algebra._id, title: 'Algebra', coursenumber: algebra.coursenumber },
        marks: [{ assignment: { _id: quiz.id, title: 'Quiz', kind: 'test', maxMarks: 10 }, marks: 7.5, penalty: 0, finalMarks: 7.5, feedback: 'on Quiz', excused: false, returnedAt: expect.any(String) }],
      },
      {
        course: { _id: poetry._id, title: 'Poetry', coursenumber: poetry.coursenumber },
        marks: [{ assignment: { _id: late.id, title: 'Sonnets', kind: 'assignment', maxMarks: 20 }, marks: 17, penalty: 25, finalMarks: 12.75, feedback: 'on Sonnets', excused: false, returnedAt: expect.any(String) }],
      },
    ]);
    // Another student's marks are not in it.
    const other = await buildStudent(ctx.app);
    expect((await send('GET', paths.coursework.myMarks, other)).json().data).toEqual({ courses: [] });
  });
});
