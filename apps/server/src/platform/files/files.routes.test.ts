import { paths, type Marksheet } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildNote, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, textFile, tinyPdf, tinyPng } from '../../../test/fixtures';

const ctx = useTestApp();

const get = (url: string, who: TestUser) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/** A course with its owner, an enrolled student, and one note of the given file and title. */
async function courseWithNote(title: string, file = { filename: 'upload.pdf', contentType: 'application/pdf', data: tinyPdf('lecture') }) {
  const owner = await buildProfessor(ctx.app);
  const course = await buildCourse(ctx.app, owner);
  const student = await buildStudent(ctx.app);
  await joinCourse(ctx.app, student, course._id);
  const note = await buildNote(ctx.app, owner, course._id, file, title);
  return { owner, student, note };
}

async function marksheetOf(semester: number) {
  const student = await buildStudent(ctx.app, { semester: 4 });
  const office = await loginExamOffice(ctx.app);
  const body = multipart({ semester }, { marksheet: { filename: 'scan-0042.pdf', contentType: 'application/pdf', data: tinyPdf('marks') } });
  const res = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(body, office.cookie) });
  expect(res.statusCode).toBe(201);
  return { student, office, marksheet: res.json().data.marksheet as Marksheet };
}

describe('GET /files/:fileId?inline=1 (the viewer page shows the file)', () => {
  it('a pdf answers inline with ?inline=1, framable by our own pages only and sandboxed; attachment without it', async () => {
    const { student, note } = await courseWithNote('Lecture 1');
    const shown = await get(`${note.notesfile}?inline=1`, student);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="Lecture 1.pdf"/);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(shown.headers['content-security-policy']).split(/;\s*/);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");

    for (const url of [note.notesfile, `${note.notesfile}?inline=0`]) {
      const saved = await get(url, student);
      expect(saved.statusCode).toBe(200);
      expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="Lecture 1.pdf"/);
      // A download is never framed: the app's own policy, framed by nobody.
      expect(saved.headers['x-frame-options']).toBe('DENY');
      expect(saved.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('png and jpeg show inline too; other types stay attachments even when asked', async () => {
    const png = await courseWithNote('Diagram', { filename: 'd.png', contentType: 'image/png', data: tinyPng() });
    expect((await get(`${png.note.notesfile}?inline=1`, png.student)).headers['content-disposition']).toMatch(/^inline; filename="Diagram.png"/);
    const text = await courseWithNote('Reading list', textFile('list.txt', 'chapter one'));
    const res = await get(`${text.note.notesfile}?inline=1`, text.student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Reading list.txt"/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps the access rules: a stranger gets 404 with ?inline=1 as without, the owner and enrolled student 200', async () => {
    const { owner, student, note } = await courseWithNote('Lecture 1');
    const stranger = await buildStudent(ctx.app);
    for (const who of [owner, student]) expect((await get(`${note.notesfile}?inline=1`, who)).statusCode).toBe(200);
    for (const url of [`${note.notesfile}?inline=1`, note.notesfile]) {
      const res = await get(url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'file_not_found', errors: ['file not found'] });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    expect((await ctx.app.inject({ method: 'GET', url: `${note.notesfile}?inline=1` })).statusCode).toBe(401);
  });

  it("the app's own answers may frame our files (frame-src 'self') and are framed by nobody", async () => {
    const { student } = await courseWithNote('Lecture 1');
    const res = await get(paths.users.currentUser, student);
    const csp = String(res.headers['content-security-policy']).split(/;\s*/);
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('sandbox');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('a bad inline value is a 400 naming the field', async () => {
    const { student, note } = await courseWithNote('Lecture 1');
    const res = await get(`${note.notesfile}?inline=yes`, student);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'inline_invalid', field: 'inline', errors: ['inline must be 1 or 0'] });
  });
});

describe('downloads are named after their title', () => {
  it('a marksheet: "Marksheet semester 3.pdf", not the uploaded name, for its owner and the exam office', async () => {
    const { student, office, marksheet } = await marksheetOf(3);
    for (const who of [student, office]) {
      for (const url of [marksheet.marksheet, `${marksheet.marksheet}?inline=1`]) {
        const res = await get(url, who);
        expect(res.headers['content-disposition']).toMatch(/; filename="Marksheet semester 3.pdf"; filename\*=UTF-8''Marksheet%20semester%203.pdf$/);
      }
    }
    expect((await get(`${marksheet.marksheet}?inline=1`, await buildStudent(ctx.app))).statusCode).toBe(404);
  });

  it('unsafe characters go, non-ASCII is kept in filename* with an ASCII fallback, the extension is not doubled', async () => {
    const cases: [string, string, string][] = [
      // title, ASCII filename, filename* (UTF-8, percent-encoded)
      ['Week 1: "intro" / overview\\part', 'Week 1 intro overview part.pdf', 'Week%201%20intro%20overview%20part.pdf'],
      ['Résumé 日本', 'Resume __.pdf', 'R%C3%A9sum%C3%A9%20%E6%97%A5%E6%9C%AC.pdf'],
      ['../../etc/passwd', 'etc passwd.pdf', 'etc%20passwd.pdf'],
      ["Notes (it's 100%).PDF", "Notes (it's 100_).PDF", 'Notes%20%28it%27s%20100%25%29.PDF'],
    ];
    for (const [title, ascii, utf8] of cases) {
      const { student, note } = await courseWithNote(title);
      const res = await get(note.notesfile, student);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`);
    }
  });
});
