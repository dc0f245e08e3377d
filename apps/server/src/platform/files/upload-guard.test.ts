import { paths } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, courseFields, eventFields, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, pngOfSize, pngThumbnail, textFile, tinyPdf, type FilePart } from '../../../test/fixtures';

/** One user cannot fill the disk or flood the portal: per-user upload and creation limits, and a storage quota. */
const ctx = useTestApp();
const KB = 1024;
const hour = 3_600_000;

const createCourse = (app: FastifyInstance, who: TestUser, files: Record<string, FilePart> = pngThumbnail()) =>
  app.inject({ method: 'POST', url: paths.courses.create, ...withCookie(multipart(courseFields(), files), who.cookie) });
const addNotes = (app: FastifyInstance, who: TestUser, courseId: string, bytes: number) =>
  app.inject({ method: 'POST', url: paths.notes.create(courseId), ...withCookie(multipart({ filename: 'Week' }, { notesfile: textFile('w.txt', 'x'.repeat(bytes)) }), who.cookie) });
const hostEvent = (app: FastifyInstance, who: TestUser) =>
  app.inject({ method: 'POST', url: paths.events.create, ...withCookie(multipart(eventFields(), {}), who.cookie) });
const replaceAvatar = (app: FastifyInstance, who: TestUser, data = pngOfSize(KB)) =>
  app.inject({ method: 'PATCH', url: paths.users.avatar, ...withCookie(multipart({}, { avatar: { filename: 'a.png', contentType: 'image/png', data } }), who.cookie) });
const uploadMarksheet = (app: FastifyInstance, office: TestUser, studentId: string, semester: number, bytes: number) =>
  app.inject({
    method: 'POST',
    url: paths.marksheets.create(studentId),
    ...withCookie(multipart({ semester }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: Buffer.concat([tinyPdf(), Buffer.alloc(bytes)]) } }), office.cookie),
  });

describe('uploads per user', () => {
  it('are limited per hour (429 before the body is read), per user, and not for the exam office', async () => {
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, uploadsPerUser: { max: 2, windowMs: hour } } });
    const prof = await buildProfessor(ctx.app);
    expect((await createCourse(app, prof)).statusCode).toBe(201);
    expect((await replaceAvatar(app, prof)).statusCode).toBe(200);
    const files = storedFiles(ctx).length;
    const limited = await createCourse(app, prof);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', params: { limit: 'uploads' } });
    expect(limited.json().errors[0]).toMatch(/^too many uploads this hour; try again in (59|60) minutes$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(storedFiles(ctx)).toHaveLength(files);
    // Another user has their own allowance.
    expect((await createCourse(app, await buildProfessor(ctx.app))).statusCode).toBe(201);
    // The exam office uploads every student's marksheets at results time.
    const office = await loginExamOffice(ctx.app);
    const students = [await buildStudent(ctx.app, { semester: 8 }), await buildStudent(ctx.app, { semester: 8 })];
    for (const s of students) for (const semester of [1, 2]) expect((await uploadMarksheet(app, office, s.user._id, semester, KB)).statusCode).toBe(201);
  });
});

describe('creating courses, notes and events', () => {
  it('is limited per user and per hour, each kind counted apart', async () => {
    const app = await ctx.extraApp({ rateLimits: { ...ctx.config.rateLimits, createPerUser: { max: 2, windowMs: hour } } });
    const prof = await buildProfessor(ctx.app);
    expect((await createCourse(app, prof, {})).statusCode).toBe(201);
    expect((await createCourse(app, prof, {})).statusCode).toBe(201);
    const limited = await createCourse(app, prof, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', params: { limit: 'courses' } });
    expect(limited.json().errors[0]).toMatch(/^too many courses created this hour; try again in/);

    const course = await buildCourse(ctx.app, prof);
    for (let i = 0; i < 2; i++) expect((await addNotes(app, prof, course._id, 10)).statusCode).toBe(201);
    const notes = (await addNotes(app, prof, course._id, 10)).json();
    expect(notes).toMatchObject({ code: 'rate_limited', params: { limit: 'notes' } });
    expect(notes.errors[0]).toMatch(/^too many notes added this hour/);

    for (let i = 0; i < 2; i++) expect((await hostEvent(app, prof)).statusCode).toBe(201);
    const events = (await hostEvent(app, prof)).json();
    expect(events).toMatchObject({ code: 'rate_limited', params: { limit: 'events' } });
    expect(events.errors[0]).toMatch(/^too many events created this hour/);
  });
});

describe('the storage quota', () => {
  it('refuses the file that would pass it, leaving nothing, and frees what a deletion frees', async () => {
    const app = await ctx.extraApp({ uploadQuotaBytes: 100 * KB });
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    expect((await addNotes(app, prof, course._id, 60 * KB)).statusCode).toBe(201);
    const files = storedFiles(ctx);
    const over = await addNotes(app, prof, course._id, 60 * KB);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'over_quota', params: { quota: '100 KB' }, errors: ['this would take your uploads past your storage quota of 100 KB; delete some of your files first'] });
    expect(storedFiles(ctx)).toEqual(files);
    // Deleting the course deletes its notes: the space is free again.
    expect((await app.inject({ method: 'DELETE', url: paths.courses.delete(course._id), headers: { cookie: prof.cookie } })).statusCode).toBe(200);
    const another = await buildCourse(ctx.app, prof);
    expect((await addNotes(app, prof, another._id, 60 * KB)).statusCode).toBe(201);
  });

  it('refuses any upload once full, before reading its body', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    expect((await addNotes(ctx.app, prof, course._id, 60 * KB)).statusCode).toBe(201);
    // The quota is now below what the professor keeps (an operator lowered it): even a request
    // whose body is not a form at all is refused by the quota first.
    const app = await ctx.extraApp({ uploadQuotaBytes: 50 * KB });
    const full = await app.inject({ method: 'POST', url: paths.notes.create(course._id), headers: { cookie: prof.cookie, 'content-type': 'multipart/form-data; boundary=x' }, payload: 'garbage' });
    expect(full.statusCode).toBe(413);
    expect(full.json().code).toBe('over_quota');
    expect(full.json().errors[0]).toMatch(/storage quota/);
  });

  it('does not count marksheets against the student, nor bind the exam office', async () => {
    const app = await ctx.extraApp({ uploadQuotaBytes: 100 * KB });
    const office = await loginExamOffice(ctx.app);
    const student = await buildStudent(ctx.app, { semester: 8 });
    for (const semester of [1, 2, 3]) expect((await uploadMarksheet(app, office, student.user._id, semester, 60 * KB)).statusCode).toBe(201);
    expect((await replaceAvatar(app, student, pngOfSize(50 * KB))).statusCode).toBe(200);
  });
});
