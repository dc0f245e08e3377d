import { api, paths, successSchema, type Course } from '@campus/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queriesDuring, storedFiles, useTestApp } from '../../../test/build-app';
import {
  buildCourse,
  buildNote,
  buildProfessor,
  buildStudent,
  courseFields,
  joinCourse,
  loginExamOffice,
  withCookie,
  type TestUser,
} from '../../../test/factories';
import { multipart, pngOfSize, pngThumbnail, textFile, tinyJpeg } from '../../../test/fixtures';
import { courses, notifications } from '../../db/schema';

const ctx = useTestApp();

const get = (url: string, who?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const patch = (url: string, who: TestUser, payload?: object) => ctx.app.inject({ method: 'PATCH', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const create = (who: TestUser, fields: Record<string, string | number | undefined>, files = {}) =>
  ctx.app.inject({ method: 'POST', url: paths.courses.create, ...withCookie(multipart(fields, files), who.cookie) });
const titles = (res: { json(): { data: { listofcourses: Course[] } } }) => res.json().data.listofcourses.map((c) => c.title);
const count = async (table: string) => Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);

describe('POST /courses/create-course', () => {
  it('creates a course from string fields with a thumbnail and exam date: 201 and the course JSON', async () => {
    const prof = await buildProfessor(ctx.app);
    const res = await create(prof, courseFields({ title: ' Compilers ', coursenumber: '211070500', semester: '5', branch: 'Eletronics Engineering', examDate: '2030-12-01' }), pngThumbnail());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true, message: 'course created successfully' });
    const course = body.data.course;
    expect(Object.keys(course).sort()).toEqual(
      ['_id', 'title', 'description', 'coursenumber', 'semester', 'branch', 'thumbnail', 'owner', 'ownername', 'students', 'examDate', 'examDateChangedAt', 'examCentre', 'examStart', 'examEnd', 'createdAt', 'updatedAt'].sort(),
    );
    expect(course).toMatchObject({ title: 'Compilers', coursenumber: 211070500, semester: 5, branch: 'Electronics Engineering', owner: prof.user._id, ownername: prof.user.fullname, students: [], examDate: '2030-12-01', examDateChangedAt: null, examCentre: null });
    expect(course.thumbnail).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const thumb = await get(course.thumbnail, await buildStudent(ctx.app));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('needs no thumbnail or exam date (the web app shows a placeholder, the hall ticket TBA)', async () => {
    const prof = await buildProfessor(ctx.app);
    const res = await create(prof, courseFields({ examDate: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.course).toMatchObject({ thumbnail: '', examDate: null });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ description: '  ' }, 'Description is required'],
    [{ coursenumber: '99999999' }, 'Course number must be at least 100000000'],
    [{ coursenumber: 'CS101' }, 'Course number must be a number'],
    [{ semester: '9' }, 'Semester must be between 1 and 8'],
    [{ branch: 'Astrology' }, 'Branch must be one of the nine branches'],
    [{ examDate: '2026-02-30' }, 'Exam date is not a real calendar date'],
    // PostgreSQL cannot store a NUL: refused as input, never a database error (it was a 500).
    [{ title: 'Com\u0000pilers' }, 'Title contains a character that is not allowed'],
    [{ description: 'bell\u0007' }, 'Description contains a character that is not allowed'],
  ])('refuses %o with a 400 naming the field, keeping no thumbnail', async (override, message) => {
    const prof = await buildProfessor(ctx.app);
    const avatars = storedFiles(ctx);
    const res = await create(prof, { ...courseFields(), ...override }, pngThumbnail());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe(message);
    expect(res.json().field).toBe(Object.keys(override)[0]);
    expect(await count('courses')).toBe(0);
    expect(await count('files where kind = \'thumbnail\'')).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);
  });

  it('refuses a thumbnail that is not an image (415) or too large (413), leaving nothing', async () => {
    const prof = await buildProfessor(ctx.app);
    const avatars = storedFiles(ctx);
    const wrong = await create(prof, courseFields(), { thumbnail: textFile('cover.png', 'not an image') });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ code: 'file_wrong_type', field: 'thumbnail', params: { types: ['png', 'jpeg'], noun: 'image' } });
    const big = await create(prof, courseFields(), { thumbnail: { filename: 'big.png', contentType: 'image/png', data: pngOfSize(5 * 1024 * 1024 + 1) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'file_too_large', field: 'thumbnail', params: { size: '5 MB' } });
    expect(await count('courses')).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);
  });

  it('is refused to students (403), the exam office (403) and the logged-out (401)', async () => {
    const student = await buildStudent(ctx.app);
    const office = await loginExamOffice(ctx.app);
    const avatars = storedFiles(ctx);
    expect((await create(student, courseFields(), pngThumbnail())).statusCode).toBe(403);
    expect((await create(office, courseFields())).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: paths.courses.create, ...multipart(courseFields()) })).statusCode).toBe(401);
    expect(await count('courses')).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);
  });
});

describe('listings', () => {
  it('allcourses: every course, newest first, with owner names and enrolled ids, in one SQL query', async () => {
    const ada = await buildProfessor(ctx.app, { fullname: 'Ada Lovelace' });
    const alan = await buildProfessor(ctx.app, { fullname: 'Alan Turing' });
    const older = await buildCourse(ctx.app, ada, { title: 'Analytical Engines' });
    const newer = await buildCourse(ctx.app, alan, { title: 'Computability' });
    const s1 = await buildStudent(ctx.app);
    const s2 = await buildStudent(ctx.app);
    await joinCourse(ctx.app, s1, older._id);
    await joinCourse(ctx.app, s2, older._id);

    let res!: Awaited<ReturnType<typeof get>>;
    const queries = await queriesDuring(async () => {
      res = await get(paths.courses.all, s1);
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.listofcourses as Course[];
    expect(list.map((c) => c._id)).toEqual([newer._id, older._id]);
    expect(list[1]).toMatchObject({ ownername: 'Ada Lovelace', students: [s1.user._id, s2.user._id] });
    expect(list[0]).toMatchObject({ ownername: 'Alan Turing', students: [] });
    expect(res.json().data).not.toHaveProperty('nextCursor');
    // One statement resolves the session, one builds the whole listing: no N+1.
    expect(queries.filter((q) => !/from "sessions"/.test(q))).toHaveLength(1);
  });

  it('searchbysemester: semester and branch filter; 9 and All (or absent) mean all', async () => {
    const prof = await buildProfessor(ctx.app);
    await buildCourse(ctx.app, prof, { title: 'A', semester: 1, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'B', semester: 2, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'C', semester: 2, branch: 'Textile Engineering' });
    const url = (q: string) => `${paths.courses.bySemester}?${q}`;
    expect(titles(await get(url('semester=2&branch=Civil%20Engineering'), prof))).toEqual(['B']);
    expect(titles(await get(url('semester=2&branch=All'), prof))).toEqual(['C', 'B']);
    expect(titles(await get(url('semester=9&branch=Civil%20Engineering'), prof))).toEqual(['B', 'A']);
    expect(titles(await get(url('semester=9&branch=All'), prof))).toEqual(['C', 'B', 'A']);
    expect(titles(await get(paths.courses.bySemester, prof))).toEqual(['C', 'B', 'A']);
    const bad = await get(url('semester=10'), prof);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Semester must be between 1 and 9');
  });

  it('searchbytitle: case-insensitive substring, the text taken literally', async () => {
    const prof = await buildProfessor(ctx.app);
    await buildCourse(ctx.app, prof, { title: 'Data Structures' });
    await buildCourse(ctx.app, prof, { title: 'Big DATA systems' });
    await buildCourse(ctx.app, prof, { title: '100% Practical_Labs' });
    await buildCourse(ctx.app, prof, { title: 'Thermodynamics' });
    const search = async (title: string) => titles(await get(`${paths.courses.byTitle}?title=${encodeURIComponent(title)}`, prof));
    expect(await search('data')).toEqual(['Big DATA systems', 'Data Structures']);
    expect(await search('%')).toEqual(['100% Practical_Labs']);
    expect(await search('_')).toEqual(['100% Practical_Labs']);
    expect(await search('.*')).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect(await search('')).toHaveLength(4);
  });

  it('searchbytitle: semester and branch narrow the search when given', async () => {
    const prof = await buildProfessor(ctx.app);
    await buildCourse(ctx.app, prof, { title: 'Data 1', semester: 1, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'Data 2', semester: 2, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'Data 3', semester: 2, branch: 'Textile Engineering' });
    const url = (q: string) => `${paths.courses.byTitle}?title=data&${q}`;
    expect(titles(await get(url('semester=2'), prof))).toEqual(['Data 3', 'Data 2']);
    expect(titles(await get(url('semester=2&branch=Civil%20Engineering'), prof))).toEqual(['Data 2']);
    expect(titles(await get(url('semester=9&branch=All'), prof))).toEqual(['Data 3', 'Data 2', 'Data 1']);
  });

  it('searchbyowner and searchbymycoursesteacher: only my courses, filtered; students are refused', async () => {
    const me = await buildProfessor(ctx.app);
    const other = await buildProfessor(ctx.app);
    await buildCourse(ctx.app, me, { title: 'Mine 1', semester: 1 });
    await buildCourse(ctx.app, me, { title: 'Mine 4', semester: 4 });
    await buildCourse(ctx.app, other, { title: 'Theirs', semester: 4 });
    expect(titles(await get(paths.courses.byOwner, me))).toEqual(['Mine 4', 'Mine 1']);
    expect(titles(await get(`${paths.courses.myCoursesTeacher}?semester=4&branch=All`, me))).toEqual(['Mine 4']);
    const student = await buildStudent(ctx.app);
    expect((await get(paths.courses.byOwner, student)).statusCode).toBe(403);
    expect((await get(paths.courses.myCoursesTeacher, student)).statusCode).toBe(403);
  });

  it('searchbystudent and searchbymycourses: joined courses in the order joined, filtered; professors are refused', async () => {
    const prof = await buildProfessor(ctx.app);
    const first = await buildCourse(ctx.app, prof, { title: 'First', semester: 3 });
    const second = await buildCourse(ctx.app, prof, { title: 'Second', semester: 5 });
    await buildCourse(ctx.app, prof, { title: 'Not joined' });
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, second._id);
    await joinCourse(ctx.app, student, first._id);
    expect(titles(await get(paths.courses.byStudent, student))).toEqual(['Second', 'First']);
    expect(titles(await get(`${paths.courses.myCourses}?semester=3&branch=All`, student))).toEqual(['First']);
    expect(titles(await get(`${paths.courses.myCourses}?semester=9&branch=Textile%20Engineering`, student))).toEqual([]);
    expect((await get(paths.courses.byStudent, prof)).statusCode).toBe(403);
    expect((await get(paths.courses.myCourses, prof)).statusCode).toBe(403);
  });
});

describe('one course', () => {
  it('getcourse: the course and its owner name; 404 for unknown and malformed ids', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Grace Hopper' });
    const course = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    const res = await get(paths.courses.get(course._id), student);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ course: { ...course }, owner: 'Grace Hopper' });
    expect((await get(paths.courses.get('00000000-0000-4000-8000-000000000000'), student)).statusCode).toBe(404);
    expect((await get(paths.courses.get('nope'), student)).json()).toMatchObject({ code: 'course_not_found', errors: ['course not found'] });
  });

  it('updatecourse: the owner edits; an absent exam date is kept, null clears it', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { examDate: '2030-12-01' });
    const edit = { title: 'Renamed', description: 'New text', semester: '6', branch: 'Civil Engineering' };
    const res = await patch(paths.courses.update(course._id), prof, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.course).toMatchObject({ title: 'Renamed', description: 'New text', semester: 6, branch: 'Civil Engineering', examDate: '2030-12-01', coursenumber: course.coursenumber });
    expect(res.json().data.course.updatedAt > course.updatedAt).toBe(true);
    const moved = await patch(paths.courses.update(course._id), prof, { ...edit, examDate: '2031-01-15' });
    expect(moved.json().data.course.examDate).toBe('2031-01-15');
    const cleared = await patch(paths.courses.update(course._id), prof, { ...edit, examDate: null });
    expect(cleared.json().data.course.examDate).toBeNull();
  });

  it('updatecourse: refused to another professor (403) and students (403), 404 for unknown; nothing changes', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Original' });
    const edit = { title: 'Hijacked', description: 'x', semester: 1, branch: 'Civil Engineering' };
    const stranger = await patch(paths.courses.update(course._id), await buildProfessor(ctx.app), edit);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('course_owner_only');
    expect((await patch(paths.courses.update(course._id), await buildStudent(ctx.app), edit)).statusCode).toBe(403);
    expect((await patch(paths.courses.update('00000000-0000-4000-8000-000000000000'), prof, edit)).statusCode).toBe(404);
    const bad = await patch(paths.courses.update(course._id), prof, { ...edit, semester: 12 });
    expect(bad.statusCode).toBe(400);
    expect((await get(paths.courses.get(course._id), prof)).json().data.course.title).toBe('Original');
  });
});

const UNKNOWN = { title: '', description: '', semester: 3, branch: 'Computer Engineering' };
/** The edit form's fields for `course` as they are, with `changes`. */
const editOf = (course: Course, changes: Record<string, unknown> = {}) => ({ ...UNKNOWN, title: course.title, description: course.description, semester: course.semester, branch: course.branch, ...changes });
/** The exam news so far, oldest first: who got what. */
const examNews = async () =>
  (await ctx.database.db.select({ to: notifications.recipientId, content: notifications.content, link: notifications.link }).from(notifications).where(eq(notifications.kind, 'exams')).orderBy(asc(notifications.seq)));

describe('exam dates are news', () => {
  it('setting, moving and clearing the date each tell every enrolled student, in plain words, with the admit card (or the course) as link; nobody else', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const course = await buildCourse(ctx.app, prof, { title: 'Data Structures' });
    const [ada, bo, outsider] = [await buildStudent(ctx.app), await buildStudent(ctx.app), await buildStudent(ctx.app)];
    await joinCourse(ctx.app, ada, course._id);
    await joinCourse(ctx.app, bo, course._id);
    const edit = (changes: Record<string, unknown>) => patch(paths.courses.update(course._id), prof, editOf(course, changes));
    // A date set or moved changes the admit card: the news links to it, to download again; a removed one, to the course.
    const told = async (content: string, link = '/hallticket') => {
      const news = (await examNews()).filter((n) => n.content === content);
      expect(news.map((n) => n.to).sort()).toEqual([ada.user._id, bo.user._id].sort());
      expect(news.every((n) => n.link === link)).toBe(true);
    };

    // One INSERT … SELECT for the whole class, never one per student.
    const queries = await queriesDuring(async () => expect((await edit({ examDate: '2030-12-05' })).statusCode).toBe(200));
    expect(queries.filter((q) => /insert into "notifications"/i.test(q))).toHaveLength(1);
    await told('Prof. Asha Rao set the exam of "Data Structures" for Thursday, 5 December 2030: download your admit card again');

    expect((await edit({ examDate: '2030-12-12' })).statusCode).toBe(200);
    await told('Prof. Asha Rao moved the exam of "Data Structures" from Thursday, 5 December 2030 to Thursday, 12 December 2030: download your admit card again');

    expect((await edit({ examDate: null })).statusCode).toBe(200);
    await told('Prof. Asha Rao removed the exam date of "Data Structures" (it was Thursday, 12 December 2030): the exam date is no longer set', `/course/${course._id}`);

    expect(await examNews()).toHaveLength(6);
    expect((await examNews()).some((n) => n.to === outsider.user._id || n.to === prof.user._id)).toBe(false);
    // The students see it in their notifications.
    const list = (await get(paths.notifications.list, ada)).json().data.unreadnotifications as { content: string }[];
    expect(list[0]!.content).toContain('no longer set');
  });

  it('tells nobody when the date is unchanged: the same date sent again, no date sent, other fields edited', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { examDate: '2030-12-05' });
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    expect((await patch(paths.courses.update(course._id), prof, editOf(course, { examDate: '2030-12-05', title: 'Renamed' }))).statusCode).toBe(200);
    expect((await patch(paths.courses.update(course._id), prof, editOf(course, { description: 'New words' }))).statusCode).toBe(200);
    const cleared = await buildCourse(ctx.app, prof);
    await joinCourse(ctx.app, student, cleared._id);
    expect((await patch(paths.courses.update(cleared._id), prof, editOf(cleared, { examDate: null }))).statusCode).toBe(200);
    expect((await patch(paths.courses.update(cleared._id), prof, editOf(cleared, { examDate: '' }))).statusCode).toBe(200);
    expect(await examNews()).toEqual([]);
  });

  it('a course created with a date tells nobody of it (nobody can have joined yet); the new course\'s cohort hears of the course as before', async () => {
    const prof = await buildProfessor(ctx.app);
    const cohort = await buildStudent(ctx.app, { semester: 6, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { examDate: '2030-12-05', semester: 6, branch: 'Civil Engineering' });
    expect(await examNews()).toEqual([]);
    expect((await get(paths.notifications.list, cohort)).json().data.unreadnotifications).toHaveLength(1);
  });
});

describe('an exam date is not in the past', () => {
  /** The campus clock at 01:30 on 16 May 2030 in Kolkata, still 15 May in UTC. */
  const campus = () => ctx.extraApp({ now: () => new Date('2030-05-15T20:00:00Z'), campusTimeZone: 'Asia/Kolkata' });

  it('create-course: a day before today on the campus is a 400 naming the field; today is fine', async () => {
    const app = await campus();
    const prof = await buildProfessor(app);
    const before = await app.inject({ method: 'POST', url: paths.courses.create, ...withCookie(multipart(courseFields({ examDate: '2030-05-15' }), pngThumbnail()), prof.cookie) });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ code: 'exam_date_in_past', field: 'examDate', errors: ['Exam date must not be in the past'] });
    expect(await count('courses')).toBe(0);
    expect(await count("files where kind = 'thumbnail'")).toBe(0);
    expect((await buildCourse(app, prof, { examDate: '2030-05-16' })).examDate).toBe('2030-05-16');
  });

  it('updatecourse: a new date in the past is refused and nothing changes; an unchanged past date still saves the other fields', async () => {
    const app = await campus();
    const prof = await buildProfessor(app);
    const student = await buildStudent(app);
    const course = await buildCourse(app, prof, { title: 'Old course', examDate: '2030-06-01' });
    await joinCourse(app, student, course._id);
    const refused = await app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: editOf(course, { title: 'Changed', examDate: '2030-05-01' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'exam_date_in_past', field: 'examDate', errors: ['Exam date must not be in the past'] });
    expect((await app.inject({ method: 'GET', url: paths.courses.get(course._id), headers: { cookie: prof.cookie } })).json().data.course).toMatchObject({ title: 'Old course', examDate: '2030-06-01' });
    expect(await examNews()).toEqual([]);

    // The exam took place: the date is now in the past, and the title can still be corrected.
    await ctx.database.db.update(courses).set({ examDate: '2030-04-20' }).where(eq(courses.id, course._id));
    for (const examDate of ['2030-04-20', undefined]) {
      const res = await app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: editOf(course, { title: `Old course (${examDate ?? 'kept'})`, examDate }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.course).toMatchObject({ title: `Old course (${examDate ?? 'kept'})`, examDate: '2030-04-20' });
    }
    // Clearing a past date is no date in the past.
    expect((await app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: editOf(course, { examDate: null }) })).statusCode).toBe(200);
  });
});

describe('when the exam date changed (examDateChangedAt)', () => {
  it('null while the date is as first set; the moment of the last move, clearing or re-setting after that', async () => {
    const prof = await buildProfessor(ctx.app);
    const dated = await buildCourse(ctx.app, prof, { examDate: '2030-12-05' });
    expect(dated.examDateChangedAt).toBeNull();
    const edit = async (course: Course, changes: Record<string, unknown>) => (await patch(paths.courses.update(course._id), prof, editOf(course, changes))).json().data.course as Course;
    expect((await edit(dated, { title: 'Renamed', examDate: '2030-12-05' })).examDateChangedAt).toBeNull();
    const moved = await edit(dated, { examDate: '2030-12-06' });
    expect(Date.parse(moved.examDateChangedAt!)).toBeGreaterThanOrEqual(Date.parse(dated.createdAt));
    expect((await get(paths.courses.get(dated._id), prof)).json().data.course.examDateChangedAt).toBe(moved.examDateChangedAt);
    // Other edits leave it as it was.
    expect((await edit(dated, { description: 'More words' })).examDateChangedAt).toBe(moved.examDateChangedAt);

    const undated = await buildCourse(ctx.app, prof);
    // The first date given later is the first date: no change to speak of.
    expect((await edit(undated, { examDate: '2030-12-05' })).examDateChangedAt).toBeNull();
    const cleared = await edit(undated, { examDate: null });
    expect(cleared.examDateChangedAt).toEqual(expect.any(String));
    const again = await edit(undated, { examDate: '2030-12-09' });
    expect(again.examDateChangedAt).toEqual(expect.any(String));
    expect(again.examDateChangedAt! >= cleared.examDateChangedAt!).toBe(true);
  });
});

describe('course numbers are unique', () => {
  it('a second course with a number already used is a 409 naming the course number, keeping nothing', async () => {
    const prof = await buildProfessor(ctx.app);
    const other = await buildProfessor(ctx.app);
    await buildCourse(ctx.app, prof, { coursenumber: 211070900 });
    const before = storedFiles(ctx);
    // The same number however it is written: a number, digits, digits with spaces and a leading zero.
    for (const coursenumber of [211070900, '211070900', ' 0211070900 ']) {
      const res = await create(other, courseFields({ coursenumber }), pngThumbnail());
      expect(res.statusCode, String(coursenumber)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'coursenumber_taken', field: 'coursenumber', errors: ['Course number is already used by another course'] });
    }
    expect(await count('courses')).toBe(1);
    expect(await count("files where kind = 'thumbnail'")).toBe(0);
    expect(storedFiles(ctx)).toEqual(before);
    // The next number is free.
    expect((await create(other, courseFields({ coursenumber: 211070901 }))).statusCode).toBe(201);
  });
});

describe('the exam times', () => {
  it('are set at create (optional), shown in the course and its listings, kept when an edit leaves them out, changed, and cleared together', async () => {
    const prof = await buildProfessor(ctx.app);
    const made = await create(prof, { ...courseFields(), examDate: '2030-12-05', examStart: '09:30', examEnd: '12:30' });
    expect(made.statusCode, made.body).toBe(201);
    const course = made.json().data.course as Course;
    expect(course).toMatchObject({ examStart: '09:30', examEnd: '12:30' });
    expect(await buildCourse(ctx.app, prof)).toMatchObject({ examStart: null, examEnd: null });
    const edit = async (changes: Record<string, unknown>) => {
      const res = await patch(paths.courses.update(course._id), prof, editOf(course, changes));
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json().data.course as Course;
      return [c.examStart, c.examEnd];
    };
    expect(await edit({})).toEqual(['09:30', '12:30']);
    expect(await edit({ examStart: '14:00', examEnd: '17:00' })).toEqual(['14:00', '17:00']);
    const listed = (await get(paths.courses.byOwner, prof)).json().data.listofcourses as Course[];
    expect(listed.find((c) => c._id === course._id)).toMatchObject({ examStart: '14:00', examEnd: '17:00' });
    expect(await edit({ examStart: '', examEnd: '' })).toEqual([null, null]);
    const half = await patch(paths.courses.update(course._id), prof, editOf(course, { examStart: '09:00' }));
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'exam_end_needed', field: 'examEnd', errors: ['Exam end time is needed with a start time (give both, or neither)'] });
  });

  it('a moved, set or cleared time is news to the enrolled students, as a moved date is, and raises the revision', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const course = await buildCourse(ctx.app, prof, { title: 'Data Structures', examDate: '2030-12-05' });
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const edit = async (changes: Record<string, unknown>) => expect((await patch(paths.courses.update(course._id), prof, editOf(course, changes))).statusCode).toBe(200);
    const revision = async () => (await ctx.database.db.select({ r: courses.examDateRevision }).from(courses).where(eq(courses.id, course._id)))[0]!.r;
    await edit({ examStart: '09:30', examEnd: '12:30' });
    await edit({ examStart: '09:30', examEnd: '12:30', title: 'Data Structures' });
    await edit({ examStart: '14:00', examEnd: '17:00' });
    await edit({ examDate: '2030-12-06' });
    await edit({ examStart: null, examEnd: null });
    expect((await examNews()).map((n) => [n.content, n.link])).toEqual([
      ['Prof. Asha Rao set the exam of "Data Structures" on Thursday, 5 December 2030 for 09:30 AM to 12:30 PM: download your admit card again', '/hallticket'],
      ['Prof. Asha Rao moved the exam of "Data Structures" on Thursday, 5 December 2030 to 02:00 PM to 05:00 PM (it was 09:30 AM to 12:30 PM): download your admit card again', '/hallticket'],
      ['Prof. Asha Rao moved the exam of "Data Structures" from Thursday, 5 December 2030 (02:00 PM to 05:00 PM) to Friday, 6 December 2030 (02:00 PM to 05:00 PM): download your admit card again', '/hallticket'],
      ['Prof. Asha Rao removed the time of the exam of "Data Structures" on Friday, 6 December 2030 (it is to be announced): download your admit card again', '/hallticket'],
    ]);
    expect(await revision()).toBe(4);
  });
});

describe('the exam centre', () => {
  it('is set at create (optional), shown in the course, kept when an edit leaves it out, changed, and cleared by null or empty', async () => {
    const prof = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    const made = await create(prof, { ...courseFields(), examCentre: ' Main Block, Hall 2 ' });
    expect(made.statusCode).toBe(201);
    const course = made.json().data.course as Course;
    expect(course.examCentre).toBe('Main Block, Hall 2');
    expect((await get(paths.courses.get(course._id), student)).json().data.course.examCentre).toBe('Main Block, Hall 2');
    expect((await buildCourse(ctx.app, prof)).examCentre).toBeNull();
    expect((await create(prof, { ...courseFields(), examCentre: '' })).json().data.course.examCentre).toBeNull();

    const edit = async (changes: Record<string, unknown>) => {
      const res = await patch(paths.courses.update(course._id), prof, editOf(course, changes));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.course.examCentre as string | null;
    };
    expect(await edit({})).toBe('Main Block, Hall 2');
    expect(await edit({ examCentre: 'Library, Room 4' })).toBe('Library, Room 4');
    expect(await edit({ examCentre: null })).toBeNull();
    expect(await edit({ examCentre: 'Library, Room 4' })).toBe('Library, Room 4');
    expect(await edit({ examCentre: '  ' })).toBeNull();
    const listed = (await get(paths.courses.byOwner, prof)).json().data.listofcourses as Course[];
    expect(listed.find((c) => c._id === course._id)!.examCentre).toBeNull();

    const long = await patch(paths.courses.update(course._id), prof, editOf(course, { examCentre: 'x'.repeat(121) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'too_many_characters', field: 'examCentre', params: { max: 120 }, errors: ['Exam centre must be at most 120 characters'] });
  });
});

describe('membership', () => {
  it('join and leave, each 409 on repeat; the course answers with its students', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    const joined = await patch(paths.courses.join(course._id), student);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data.course.students).toEqual([student.user._id]);
    const again = await patch(paths.courses.join(course._id), student);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_joined', errors: ['you have already joined this course'] });
    const left = await patch(paths.courses.leave(course._id), student);
    expect(left.statusCode).toBe(200);
    expect(left.json().data.course.students).toEqual([]);
    const leftAgain = await patch(paths.courses.leave(course._id), student);
    expect(leftAgain.statusCode).toBe(409);
    expect(leftAgain.json()).toMatchObject({ code: 'not_joined', errors: ['you have not joined this course'] });
  });

  it('twenty simultaneous joins by one student give one success and 409s', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => patch(paths.courses.join(course._id), student)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await count('enrollments')).toBe(1);
  });

  it('only students join (professors 403), unknown courses 404', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    expect((await patch(paths.courses.join(course._id), prof)).statusCode).toBe(403);
    expect((await patch(paths.courses.join('00000000-0000-4000-8000-000000000000'), await buildStudent(ctx.app))).statusCode).toBe(404);
  });

  it('studentsofcourse: names, registration ids and ids in the order joined', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const a = await buildStudent(ctx.app, { fullname: 'Student A' });
    const b = await buildStudent(ctx.app, { fullname: 'Student B' });
    await joinCourse(ctx.app, b, course._id);
    await joinCourse(ctx.app, a, course._id);
    const res = await get(paths.courses.students(course._id), a);
    expect(res.json().data).toEqual({
      studentsofcourse: [
        { name: 'Student B', regid: b.user.registrationId, studentobjectid: b.user._id },
        { name: 'Student A', regid: a.user.registrationId, studentobjectid: a.user._id },
      ],
      students: [b.user._id, a.user._id],
    });
  });

  it('removestudent: the owner removes an enrolled student; 404 when not enrolled; 403 for anyone else', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const url = paths.courses.removeStudent(course._id, student.user._id);
    expect((await patch(url, await buildProfessor(ctx.app))).statusCode).toBe(403);
    expect((await patch(url, student)).statusCode).toBe(403);
    const removed = await patch(url, prof);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.course.students).toEqual([]);
    const again = await patch(url, prof);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'student_not_enrolled', errors: ['student is not enrolled in this course'] });
    const malformed = await patch(paths.courses.removeStudent(course._id, 'nope'), prof);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'student_not_found', errors: ['student not found'] });
  });

  it('examdates: one entry per joined course in the order of searchbystudent, DD/MM/YYYY or TBA', async () => {
    const prof = await buildProfessor(ctx.app);
    const dated = await buildCourse(ctx.app, prof, { examDate: '2030-12-01' });
    const undated = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    expect((await get(paths.courses.examDates, student)).json().data).toEqual({ examdates: [] });
    await joinCourse(ctx.app, student, undated._id);
    await joinCourse(ctx.app, student, dated._id);
    expect((await get(paths.courses.examDates, student)).json().data).toEqual({ examdates: ['TBA', '01/12/2030'] });
    expect(titles(await get(paths.courses.byStudent, student))).toEqual([undated.title, dated.title]);
    expect((await get(paths.courses.examDates, prof)).statusCode).toBe(403);
  });
});

describe('PATCH /courses/updatecoursethumbnail/:courseId', () => {
  const replace = (who: TestUser, courseId: string, files: Record<string, { filename: string; contentType: string; data: Buffer }>, fields: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PATCH', url: paths.courses.updateThumbnail(courseId), ...withCookie(multipart(fields, files), who.cookie) });
  const jpeg = { thumbnail: { filename: 'new.jpg', contentType: 'image/jpeg', data: tinyJpeg() } };

  it('the owner replaces the thumbnail: {course} with the new one, the old URL gone and its bytes removed', async () => {
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, {}, pngThumbnail());
    const reader = await buildStudent(ctx.app);
    // Read once, so the instance's copy of the course page must be forgotten.
    expect((await get(paths.courses.get(course._id), reader)).json().data.course.thumbnail).toBe(course.thumbnail);
    const files = storedFiles(ctx).length;
    const res = await replace(owner, course._id, jpeg);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, success: true });
    expect(Object.keys(res.json().data)).toEqual(['course']);
    const changed = res.json().data.course as Course;
    expect(changed).toMatchObject({ _id: course._id, title: course.title, owner: owner.user._id });
    expect(changed.thumbnail).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(changed.thumbnail).not.toBe(course.thumbnail);
    expect((await get(paths.courses.get(course._id), reader)).json().data.course.thumbnail).toBe(changed.thumbnail);
    const thumb = await get(changed.thumbnail, reader);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await get(course.thumbnail, reader)).statusCode).toBe(404);
    expect(await count("files where kind = 'thumbnail'")).toBe(1);
    await vi.waitFor(() => expect(storedFiles(ctx)).toHaveLength(files));
  });

  it('gives a course without a thumbnail its first', async () => {
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner);
    expect(course.thumbnail).toBe('');
    const res = await replace(owner, course._id, pngThumbnail());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.course.thumbnail).toMatch(/^\/files\//);
  });

  it('is 403 for anyone but the owner and 404 for an unknown course, storing nothing', async () => {
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, {}, pngThumbnail());
    const others = [await buildProfessor(ctx.app), await buildStudent(ctx.app), await loginExamOffice(ctx.app)];
    const files = storedFiles(ctx);
    for (const other of others) {
      const res = await replace(other, course._id, pngThumbnail());
      expect(res.statusCode).toBe(403);
      expect(res.json().success).toBe(false);
    }
    expect((await replace(owner, '00000000-0000-4000-8000-000000000000', pngThumbnail())).statusCode).toBe(404);
    expect(storedFiles(ctx)).toEqual(files);
    expect((await get(paths.courses.get(course._id), owner)).json().data.course.thumbnail).toBe(course.thumbnail);
  });

  it('refuses no file (400), a file that is not an image (415) and one over 5 MB (413), keeping the old thumbnail', async () => {
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, {}, pngThumbnail());
    const files = storedFiles(ctx);
    const none = await replace(owner, course._id, {}, { other: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'field_required', field: 'thumbnail', errors: ['Thumbnail is required'] });
    // The name and the claimed type say png; the bytes decide.
    const wrong = await replace(owner, course._id, { thumbnail: textFile('cover.png', 'not an image') });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ code: 'file_wrong_type', field: 'thumbnail', errors: ['Thumbnail must be a png or jpeg image'] });
    const big = await replace(owner, course._id, { thumbnail: { filename: 'big.png', contentType: 'image/png', data: pngOfSize(5 * 1024 * 1024 + 1) } });
    expect(big.statusCode).toBe(413);
    expect(storedFiles(ctx)).toEqual(files);
    expect((await get(course.thumbnail, owner)).statusCode).toBe(200);
  });
});

describe('DELETE /courses/deletecourse', () => {
  it('removes the course, its notes, enrolments and files; nothing stays reachable', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, {}, pngThumbnail());
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const note = await buildNote(ctx.app, prof, course._id);
    expect(storedFiles(ctx).length).toBe(4); // two avatars, the thumbnail, the notes file

    const res = await ctx.app.inject({ method: 'DELETE', url: paths.courses.delete(course._id), headers: { cookie: prof.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: {}, message: 'course deleted successfully', success: true });

    expect(await count('courses')).toBe(0);
    expect(await count('enrollments')).toBe(0);
    expect(await count('notes')).toBe(0);
    expect(await count("files where kind in ('thumbnail', 'notesfile')")).toBe(0);
    expect(storedFiles(ctx).length).toBe(2);
    expect((await get(paths.courses.get(course._id), student)).statusCode).toBe(404);
    expect((await get(paths.notes.ofCourse(course._id), prof)).statusCode).toBe(404);
    expect((await get(note.notesfile, prof)).statusCode).toBe(404);
    expect((await get(course.thumbnail, student)).statusCode).toBe(404);
    expect((await get(paths.courses.byStudent, student)).json().data.listofcourses).toEqual([]);
  });

  it('is refused to another professor and to students (403); 404 for an unknown course', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const del = (id: string, who: TestUser) => ctx.app.inject({ method: 'DELETE', url: paths.courses.delete(id), headers: { cookie: who.cookie } });
    expect((await del(course._id, await buildProfessor(ctx.app))).statusCode).toBe(403);
    expect((await del(course._id, await buildStudent(ctx.app))).statusCode).toBe(403);
    expect((await del('00000000-0000-4000-8000-000000000000', prof)).statusCode).toBe(404);
    expect(await count('courses')).toBe(1);
  });
});

describe('GET /users/getuser for professors', () => {
  it('a professor reads a student enrolled in one of their courses, and no one else', async () => {
    const prof = await buildProfessor(ctx.app);
    const other = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const student = await buildStudent(ctx.app);
    const stranger = await buildStudent(ctx.app);
    expect((await get(paths.users.getUser(student.user._id), prof)).statusCode).toBe(404);
    await joinCourse(ctx.app, student, course._id);
    const seen = await get(paths.users.getUser(student.user._id), prof);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.user.registrationId).toBe(student.user.registrationId);
    expect((await get(paths.users.getUser(student.user._id), other)).statusCode).toBe(404);
    expect((await get(paths.users.getUser(stranger.user._id), prof)).statusCode).toBe(404);
    expect((await get(paths.users.getUser(other.user._id), prof)).statusCode).toBe(404);
    await patch(paths.courses.leave(course._id), student);
    expect((await get(paths.users.getUser(student.user._id), prof)).statusCode).toBe(404);
  });
});

describe('revalidating course listings (ETag)', () => {
  it('every listing answers 304 while nothing changed, and the new list after a change', async () => {
    const prof = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    await joinCourse(ctx.app, student, course._id);
    const listings: [string, TestUser][] = [
      [paths.courses.all, student],
      [`${paths.courses.bySemester}?semester=3`, student],
      [`${paths.courses.byTitle}?title=Course`, student],
      [paths.courses.byOwner, prof],
      [paths.courses.byStudent, student],
      [paths.courses.myCourses, student],
      [paths.courses.myCoursesTeacher, prof],
    ];
    const ask = (url: string, who: TestUser, tag?: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...(tag ? { 'if-none-match': tag } : {}) } });
    const tags = new Map<string, string>();
    for (const [url, who] of listings) {
      const first = await ask(url, who);
      expect(first.headers.etag, url).toBeDefined();
      tags.set(url, first.headers.etag as string);
      expect((await ask(url, who, tags.get(url))).statusCode, url).toBe(304);
    }
    // The owner renames the course: every listing holding it has changed.
    await ctx.app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: { title: 'Course renamed', description: 'x', semester: 3, branch: 'Computer Engineering' } });
    for (const [url, who] of listings) expect((await ask(url, who, tags.get(url))).statusCode, url).toBe(200);
  });
});

describe('listings written as JSON directly', () => {
  it('list each course exactly as getcourse presents it, field for field and in the same order', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Zoë "Z" O\'Brien \\ 教授' });
    const plain = await buildCourse(ctx.app, prof, { title: 'Plain', examDate: undefined });
    const awkward = await buildCourse(
      ctx.app,
      prof,
      { title: 'Quotes " and \\ backslash, </script> & emoji 🎓', description: 'Line one\nLine two\ttabbed — “curly” ‘quotes’ and ünïcödé', examDate: '2031-01-31', examCentre: 'Block "C" \\ Hall <2> — ünïcödé' },
      pngThumbnail(),
    );
    const students = [await buildStudent(ctx.app), await buildStudent(ctx.app)];
    for (const s of students) await joinCourse(ctx.app, s, awkward._id);
    // Moved once: examDateChangedAt is a moment in the listing too.
    const moved = await patch(paths.courses.update(awkward._id), prof, { title: awkward.title, description: awkward.description, semester: 3, branch: 'Computer Engineering', examDate: '2031-02-01' });
    expect(moved.json().data.course.examDateChangedAt).toEqual(expect.any(String));
    const answer = (await ctx.app.inject({ method: 'GET', url: paths.courses.all, headers: { cookie: prof.cookie } })).json();
    // The writer passes the serializer: hold it to the contract's schema, with nothing more in it.
    expect(successSchema(api.courses.all.data).parse(answer)).toEqual(answer);
    const paged = (await ctx.app.inject({ method: 'GET', url: `${paths.courses.all}?limit=1`, headers: { cookie: prof.cookie } })).json();
    expect(successSchema(api.courses.all.data).parse(paged)).toEqual(paged);
    expect(paged.data.nextCursor).toEqual(expect.any(String));
    const listed = answer.data.listofcourses as Course[];
    expect(listed.map((c) => c._id).sort()).toEqual([plain._id, awkward._id].sort());
    for (const course of listed) {
      const one = (await ctx.app.inject({ method: 'GET', url: paths.courses.get(course._id), headers: { cookie: prof.cookie } })).json().data.course;
      expect(JSON.stringify(course)).toBe(JSON.stringify(one));
    }
    expect(listed.find((c) => c._id === awkward._id)!.students).toEqual(students.map((s) => s.user._id));
  });
});

describe('course pages from the instance’s copy', () => {
  const page = (app: typeof ctx.app, id: string, who: TestUser) => app.inject({ method: 'GET', url: paths.courses.get(id), headers: { cookie: who.cookie } });
  /** What the bus carries to another instance arrives in milliseconds: well under the copies' 10 s. */
  const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 20 });

  it('answers a repeated getcourse without a course query', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    expect((await page(ctx.app, course._id, prof)).statusCode).toBe(200);
    const queries = await queriesDuring(() => page(ctx.app, course._id, prof));
    expect(queries.filter((q) => q.includes('"courses"'))).toEqual([]);
  });

  it('shows every change at once on this instance and, through the bus, on another', async () => {
    const other = await ctx.extraApp({});
    const prof = await buildProfessor(ctx.app, { fullname: 'First Name' });
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Before' });
    for (const app of [ctx.app, other]) expect((await page(app, course._id, student)).json().data.course.students).toEqual([]);

    await joinCourse(ctx.app, student, course._id);
    expect((await page(ctx.app, course._id, student)).json().data.course.students).toEqual([student.user._id]);
    await soon(async () => expect((await page(other, course._id, student)).json().data.course.students).toEqual([student.user._id]));

    await ctx.app.inject({ method: 'PATCH', url: paths.courses.leave(course._id), headers: { cookie: student.cookie } });
    await soon(async () => expect((await page(other, course._id, student)).json().data.course.students).toEqual([]));

    await ctx.app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: { title: 'After', description: 'x', semester: 3, branch: 'Computer Engineering' } });
    expect((await page(ctx.app, course._id, student)).json().data.course.title).toBe('After');
    await soon(async () => expect((await page(other, course._id, student)).json().data.course.title).toBe('After'));

    // The owner's name is on the page: renaming themselves reaches every copy.
    await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: prof.cookie }, payload: { email: prof.user.email, fullname: 'Second Name', branch: prof.user.branch, semester: prof.user.semester } });
    await soon(async () => expect((await page(other, course._id, student)).json().data.owner).toBe('Second Name'));

    await ctx.app.inject({ method: 'DELETE', url: paths.courses.delete(course._id), headers: { cookie: prof.cookie } });
    expect((await page(ctx.app, course._id, student)).statusCode).toBe(404);
    await soon(async () => expect((await page(other, course._id, student)).statusCode).toBe(404));
  });
});

describe('catalogue pages from the instance’s copy', () => {
  const list = (app: typeof ctx.app, url: string, who: TestUser) => app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 20 });

  it('answers a repeated page, the same for everyone, without a query and with the same tag', async () => {
    const prof = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    await buildCourse(ctx.app, prof, { title: 'Kept' });
    const first = await list(ctx.app, `${paths.courses.all}?limit=48`, prof);
    let again!: Awaited<ReturnType<typeof list>>;
    // On PostgreSQL the database's word of the course just created may come after the first
    // page was kept, and drop it once: the page is kept again after that.
    await soon(async () => {
      const queries = await queriesDuring(async () => {
        again = await list(ctx.app, `${paths.courses.all}?limit=48`, student);
      });
      expect(queries.filter((q) => q.includes('"courses"'))).toEqual([]);
    });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // A user's own list is theirs: never from the shared pages.
    expect(titles(await list(ctx.app, paths.courses.byStudent, student))).toEqual([]);
  });

  it('shows a change made by anything, on this instance and another: the database itself announces it', async () => {
    const other = await ctx.extraApp({});
    const prof = await buildProfessor(ctx.app, { fullname: 'First Name' });
    const student = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Before' });
    const urls = [paths.courses.all, `${paths.courses.all}?limit=48`, `${paths.courses.byTitle}?title=Before`, `${paths.courses.bySemester}?semester=3`];
    const everywhere = async (check: (listed: Course | undefined, url: string) => void) => {
      for (const app of [ctx.app, other])
        for (const url of urls) {
          const listed = ((await list(app, url, student)).json().data.listofcourses as Course[]).find((c) => c._id === course._id);
          check(listed, url);
        }
    };
    await everywhere((c, url) => expect(c?.title, url).toBe('Before'));

    // Joining on the other instance: this one hears of it from the database.
    await joinCourse(other, student, course._id);
    await soon(() => everywhere((c, url) => expect(c?.students, url).toEqual([student.user._id])));

    // Written past the courses API (as the registrar's roster or an operator would).
    await ctx.database.db.execute(sql`update courses set description = 'Written elsewhere' where id = ${course._id}`);
    await soon(() => everywhere((c, url) => expect(c?.description, url).toBe('Written elsewhere')));

    // The owner's name is on every listed course.
    await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: prof.cookie }, payload: { email: prof.user.email, fullname: 'Second Name', branch: prof.user.branch, semester: prof.user.semester } });
    await soon(() => everywhere((c, url) => expect(c?.ownername, url).toBe('Second Name')));

    // The owner's own change shows at once on the instance that made it.
    await patch(paths.courses.update(course._id), prof, { title: 'Before, renamed', description: 'x', semester: 3, branch: 'Computer Engineering' });
    expect(titles(await list(ctx.app, paths.courses.all, student))).toContain('Before, renamed');
    await ctx.app.inject({ method: 'DELETE', url: paths.courses.delete(course._id), headers: { cookie: prof.cookie } });
    expect(titles(await list(ctx.app, paths.courses.all, student))).not.toContain('Before, renamed');
    await soon(() => everywhere((c, url) => expect(c, url).toBeUndefined()));
  });
});
