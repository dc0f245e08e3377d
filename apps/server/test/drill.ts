import { createHash } from 'node:crypto';
import { paths, type Course } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/database';
import { buildCourse, buildEvent, buildNote, buildProfessor, buildStudent, loginExamOffice, withCookie, type TestUser } from './factories';
import { multipart, pngOfSize, textFile, tinyPdf } from './fixtures';

/**
 * What the restore drills (embedded, and PostgreSQL with a bucket) make through the API and then
 * look for in the restored portal.
 */
export const DRILL_TABLES = ['users', 'courses', 'notes', 'events', 'marksheets', 'notifications', 'files', 'applications', 'sessions'] as const;
export type DrillTable = (typeof DRILL_TABLES)[number];
/** Each table's key, as text. */
const KEY: Partial<Record<DrillTable, string>> = { notifications: 'seq', sessions: 'token_hash' };

export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function idsOf(db: Db, table: DrillTable): Promise<Set<string>> {
  const result = await db.execute(sql.raw(`select ${KEY[table] ?? 'id'}::text as id from ${table}`));
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

export async function allIds(db: Db): Promise<Record<DrillTable, Set<string>>> {
  return Object.fromEntries(await Promise.all(DRILL_TABLES.map(async (t) => [t, await idsOf(db, t)] as const))) as Record<DrillTable, Set<string>>;
}

export async function fileRows(db: Db): Promise<{ id: string; key: string }[]> {
  return rowsOf<{ id: string; key: string }>(await db.execute(sql`select id::text as id, storage_key as key from files`));
}

export interface Campus {
  professor: TestUser;
  student: TestUser;
  firstCourse: Course;
  /** What each upload sent, by the file's URL: the bytes a restored file must equal. */
  uploaded: Map<string, Buffer>;
}

/** Users, courses with thumbnails (joined: notifications), notes, an event, an application and a marksheet. */
export async function makeCampus(app: FastifyInstance): Promise<Campus> {
  const uploaded = new Map<string, Buffer>();
  const professor = await buildProfessor(app);
  const student = await buildStudent(app);
  const examOffice = await loginExamOffice(app);
  let firstCourse: Course | undefined;
  for (let i = 0; i < 3; i += 1) {
    const thumbnail = pngOfSize(2_000 + i * 97);
    const course = await buildCourse(app, professor, {}, { thumbnail: { filename: 'cover.png', contentType: 'image/png', data: thumbnail } });
    uploaded.set(course.thumbnail!, thumbnail);
    firstCourse ??= course;
    const joined = await app.inject({ method: 'PATCH', url: paths.courses.join(course._id), headers: { cookie: student.cookie } });
    if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.body}`);
    const text = `notes of course ${i}\n`.repeat(100 + i);
    const note = await buildNote(app, professor, course._id, textFile(`week${i}.txt`, text));
    uploaded.set(note.notesfile, Buffer.from(text));
  }
  const eventThumbnail = pngOfSize(3_333);
  const event = await buildEvent(app, student, {}, { thumbnail: { filename: 'e.png', contentType: 'image/png', data: eventThumbnail } });
  uploaded.set(event.thumbnail!, eventThumbnail);
  const applied = await app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: student.cookie }, payload: { semester: 1 } });
  if (applied.statusCode !== 201) throw new Error(`apply failed: ${applied.body}`);
  const pdf = tinyPdf('semester 2 results');
  const marksheet = await app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 2 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: pdf } }), examOffice.cookie) });
  if (marksheet.statusCode !== 201) throw new Error(`marksheet failed: ${marksheet.body}`);
  uploaded.set(marksheet.json().data.marksheet.marksheet as string, pdf);
  return { professor, student, firstCourse: firstCourse!, uploaded };
}

/**
 * Creates a note and a course with a thumbnail, again and again, until `stop()`; resolves with how
 * many rounds finished. The uploads are recorded in `campus.uploaded`.
 */
export function keepWriting(app: FastifyInstance, campus: Campus): { stop: () => Promise<number> } {
  let writing = true;
  let rounds = 0;
  const done = (async () => {
    while (writing) {
      const n = rounds + 1;
      const text = `written during the backup ${n}\n`;
      const note = await buildNote(app, campus.professor, campus.firstCourse._id, textFile(`during${n}.txt`, text), `During ${n}`);
      campus.uploaded.set(note.notesfile, Buffer.from(text));
      const thumbnail = pngOfSize(4_000 + n);
      const made = await buildCourse(app, campus.professor, {}, { thumbnail: { filename: 'c.png', contentType: 'image/png', data: thumbnail } });
      campus.uploaded.set(made.thumbnail!, thumbnail);
      rounds = n;
    }
  })();
  return {
    stop: async () => {
      writing = false;
      await done;
      return rounds;
    },
  };
}
