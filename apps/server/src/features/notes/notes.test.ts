import { paths } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { buildCourse, buildNote, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, textFile, tinyPdf, tinyPng, type FilePart } from '../../../test/fixtures';

const ctx = useTestApp();

const get = (url: string, who?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const upload = (courseId: string, who: TestUser, fields: Record<string, string | undefined>, files: Record<string, FilePart>) =>
  ctx.app.inject({ method: 'POST', url: paths.notes.create(courseId), ...withCookie(multipart(fields, files), who.cookie) });
const noteRows = async () => Number(((await ctx.database.db.execute(sql`select count(*)::int as n from notes`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

async function courseWithOwner() {
  const owner = await buildProfessor(ctx.app);
  const course = await buildCourse(ctx.app, owner);
  return { owner, course };
}

describe('POST /notes/create-notes', () => {
  it('the owner adds a notes file: 201, the literal message, and the note', async () => {
    const { owner, course } = await courseWithOwner();
    const pdf = tinyPdf('week one');
    const res = await upload(course._id, owner, { filename: ' Week 1 ' }, { notesfile: { filename: 'week1.pdf', contentType: 'application/pdf', data: pdf } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 201, success: true, message: 'notes added successfully' });
    const note = res.json().data.notes;
    expect(Object.keys(note).sort()).toEqual(['_id', 'createdAt', 'filename', 'notesfile', 'size', 'type']);
    expect(note.filename).toBe('Week 1');
    expect(note).toMatchObject({ size: pdf.length, type: 'application/pdf' });
    const download = await get(note.notesfile, owner);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Week 1.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('accepts every notes type of FILE_LIMITS by its bytes, whatever the name says', async () => {
    const { owner, course } = await courseWithOwner();
    const zip = Buffer.from('504b0304140000000000', 'hex');
    for (const [name, data] of [['a.txt', Buffer.from('plain words')], ['b.bin', tinyPng()], ['c.zip', Buffer.concat([zip, Buffer.alloc(40)])]] as const) {
      const res = await upload(course._id, owner, { filename: name }, { notesfile: { filename: name, contentType: 'application/octet-stream', data } });
      expect(res.statusCode, name).toBe(201);
    }
  });

  it('refuses other professors, students and the exam office (403) before storing a byte; unknown course 404', async () => {
    const { owner, course } = await courseWithOwner();
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const others = [await buildProfessor(ctx.app), student, await loginExamOffice(ctx.app)];
    const filesBefore = storedFiles(ctx);
    for (const who of others) {
      expect((await upload(course._id, who, { filename: 'x' }, { notesfile: textFile('x.txt', 'x') })).statusCode).toBe(403);
    }
    expect(storedFiles(ctx)).toEqual(filesBefore);
    expect((await upload('00000000-0000-4000-8000-000000000000', owner, { filename: 'x' }, { notesfile: textFile('x.txt', 'x') })).statusCode).toBe(404);
    expect(await noteRows()).toBe(0);
  });

  it('refuses a missing name or file (400), a wrong type (415) and more than 50 MB (413), leaving nothing', async () => {
    const { owner, course } = await courseWithOwner();
    const before = storedFiles(ctx);
    const missingName = await upload(course._id, owner, {}, { notesfile: textFile('a.txt', 'a') });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json()).toMatchObject({ code: 'field_required', field: 'filename', errors: ['File name is required'] });
    const missingFile = await upload(course._id, owner, { filename: 'a' }, {});
    expect(missingFile.statusCode).toBe(400);
    expect(missingFile.json()).toMatchObject({ code: 'field_required', field: 'notesfile', errors: ['Notes file is required'] });
    const exe = await upload(course._id, owner, { filename: 'a' }, { notesfile: { filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]) } });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'file_wrong_type', field: 'notesfile', params: { noun: 'file' } });
    const huge = await upload(course._id, owner, { filename: 'a' }, { notesfile: { filename: 'a.txt', contentType: 'text/plain', data: Buffer.alloc(50 * 1024 * 1024 + 1, 0x61) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'file_too_large', field: 'notesfile', params: { size: '50 MB' }, errors: ['Notes file must be at most 50 MB'] });
    expect(await noteRows()).toBe(0);
    expect(storedFiles(ctx)).toEqual(before);
  });
});

describe('reading notes', () => {
  it('owner, enrolled students and any professor read the list and download; others do not', async () => {
    const { owner, course } = await courseWithOwner();
    const note = await buildNote(ctx.app, owner, course._id, textFile('w1.txt', 'lecture one'), 'Week 1');
    const enrolled = await buildStudent(ctx.app);
    await joinCourse(ctx.app, enrolled, course._id);
    const outsider = await buildStudent(ctx.app);
    const readers = [owner, enrolled, await buildProfessor(ctx.app), await loginExamOffice(ctx.app)];

    for (const who of readers) {
      const list = await get(paths.notes.ofCourse(course._id), who);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual({ notesofcourse: [note] });
      const file = await get(note.notesfile, who);
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('lecture one');
    }
    const refused = await get(paths.notes.ofCourse(course._id), outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'join_to_read_notes', errors: ['join the course to read its notes'] });
    // The URL alone gives nothing: the file is "not found" for those who may not read it.
    expect((await get(note.notesfile, outsider)).statusCode).toBe(404);
    expect((await get(note.notesfile)).statusCode).toBe(401);
  });

  it('a removed student loses the notes and their files at once', async () => {
    const { owner, course } = await courseWithOwner();
    const note = await buildNote(ctx.app, owner, course._id);
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    expect((await get(note.notesfile, student)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'PATCH', url: paths.courses.removeStudent(course._id, student.user._id), headers: { cookie: owner.cookie } });
    expect((await get(paths.notes.ofCourse(course._id), student)).statusCode).toBe(403);
    expect((await get(note.notesfile, student)).statusCode).toBe(404);
  });

  it('lists notes in the order they were added; 404 for an unknown course', async () => {
    const { owner, course } = await courseWithOwner();
    await buildNote(ctx.app, owner, course._id, textFile('1.txt', 'one'), 'One');
    await buildNote(ctx.app, owner, course._id, textFile('2.txt', 'two'), 'Two');
    const list = await get(paths.notes.ofCourse(course._id), owner);
    expect(list.json().data.notesofcourse.map((n: { filename: string }) => n.filename)).toEqual(['One', 'Two']);
    // Each with its stored size in bytes and the MIME type read from its bytes.
    expect(list.json().data.notesofcourse.map((n: { size: number; type: string }) => [n.size, n.type])).toEqual([
      [3, 'text/plain'],
      [3, 'text/plain'],
    ]);
    expect((await get(paths.notes.ofCourse('00000000-0000-4000-8000-000000000000'), owner)).statusCode).toBe(404);
  });
});

describe('DELETE /notes/delete-notes', () => {
  const remove = (notesId: string, who?: TestUser) => ctx.app.inject({ method: 'DELETE', url: paths.notes.delete(notesId), headers: who ? { cookie: who.cookie } : {} });

  it('the owner deletes a note: {} with the message, gone from the list, its file gone from the store and the URL', async () => {
    const { owner, course } = await courseWithOwner();
    const kept = await buildNote(ctx.app, owner, course._id, textFile('1.txt', 'one'), 'One');
    const filesBefore = storedFiles(ctx);
    const gone = await buildNote(ctx.app, owner, course._id, textFile('2.txt', 'two'), 'Two');
    expect(storedFiles(ctx)).toHaveLength(filesBefore.length + 1);

    const res = await remove(gone._id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, success: true, data: {}, message: 'notes deleted successfully' });
    expect((await get(paths.notes.ofCourse(course._id), owner)).json().data).toEqual({ notesofcourse: [kept] });
    expect(storedFiles(ctx)).toEqual(filesBefore);
    expect((await get(gone.notesfile, owner)).statusCode).toBe(404);
    expect((await get(kept.notesfile, owner)).statusCode).toBe(200);
    // Gone is gone: a second delete finds nothing.
    expect((await remove(gone._id, owner)).statusCode).toBe(404);
  });

  it('notifies no one', async () => {
    const { owner, course } = await courseWithOwner();
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const note = await buildNote(ctx.app, owner, course._id);
    const unread = async () => (await get(paths.notifications.unreadCount, student)).json().data.unread;
    const before = await unread();
    expect((await remove(note._id, owner)).statusCode).toBe(200);
    expect(await unread()).toBe(before);
  });

  it('refuses readers who are not the owner (403), hides the note from those who may not read it (404), keeps the note', async () => {
    const { owner, course } = await courseWithOwner();
    const note = await buildNote(ctx.app, owner, course._id);
    const enrolled = await buildStudent(ctx.app);
    await joinCourse(ctx.app, enrolled, course._id);
    for (const reader of [enrolled, await buildProfessor(ctx.app), await loginExamOffice(ctx.app)]) {
      const res = await remove(note._id, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'course_owner_only', errors: ['only the owner of this course can do this'] });
    }
    const outsider = await remove(note._id, await buildStudent(ctx.app));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'notes_not_found', errors: ['notes not found'] });
    expect((await remove(note._id)).statusCode).toBe(401);
    expect(await noteRows()).toBe(1);
    expect((await get(note.notesfile, owner)).statusCode).toBe(200);
  });

  it('404 for an unknown or malformed id', async () => {
    const { owner } = await courseWithOwner();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await remove(id, owner);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'notes_not_found', errors: ['notes not found'] });
    }
  });
});
