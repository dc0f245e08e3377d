import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { courses, files, notes, type CourseRow, type NoteRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { refuse } from '../../platform/errors/app-error';
import { existingId } from '../../platform/http/ids';
import { courseLink, professorName } from '../courses';
import { enrolledIn, type NotifyingDeps } from '../notifications';
import type { NoteWithFile } from './notes.presenter';

/** Records an uploaded notes file: the file row and the note share a transaction. */
export async function createNote({ db, notify }: NotifyingDeps, course: CourseRow, owner: UserRow, filename: string, upload: StoredUpload): Promise<NoteWithFile> {
  return db.transaction(async (tx) => {
    const file = await insertFileRow(tx, upload, 'notesfile', course.ownerId);
    const [note] = await tx.insert(notes).values({ id: randomUUID(), courseId: course.id, filename, fileId: file.id, createdAt: new Date() }).returning();
    if (!note) throw new Error('note not inserted');
    await notify(tx, enrolledIn(course.id), {
      content: `${professorName(owner.fullname)} added notes "${filename}" to "${course.title}"`,
      link: courseLink(course.id, 'notes'),
      kind: 'notes',
    });
    return { note, file };
  });
}

/** A course's notes with their files' size and type, oldest first (the order they were added). */
export function notesOfCourse(db: Db, courseId: string): Promise<NoteWithFile[]> {
  return db
    .select({ note: notes, file: { contentType: files.contentType, sizeBytes: files.sizeBytes } })
    .from(notes)
    .innerJoin(files, eq(files.id, notes.fileId))
    .where(eq(notes.courseId, courseId))
    .orderBy(asc(notes.createdAt), asc(notes.id));
}

/** A note with its course, or 404 (a malformed id names no note either). */
export async function noteOr404(db: Db, notesId: string): Promise<{ note: NoteRow; course: CourseRow }> {
  const [row] = await db.select({ note: notes, course: courses }).from(notes).innerJoin(courses, eq(courses.id, notes.courseId)).where(eq(notes.id, existingId(notesId, 'notes_not_found'))).limit(1);
  if (!row) throw refuse('notes_not_found');
  return row;
}

/**
 * Deletes a note and its file row in one transaction, answering the storage key whose bytes the
 * caller removes after the commit. Nobody is notified: a removed file is not news.
 */
export async function deleteNote(db: Db, note: NoteRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    // The note first: it holds the file row (on delete restrict).
    await tx.delete(notes).where(eq(notes.id, note.id));
    const removed = await tx.delete(files).where(eq(files.id, note.fileId)).returning({ key: files.storageKey });
    return removed.map((r) => r.key);
  });
}

/** The course a notes file belongs to, for the download rule; undefined for an orphan. */
export async function courseOfNotesFile(db: Db, fileId: string): Promise<CourseRow | undefined> {
  const [row] = await db.select({ course: courses }).from(notes).innerJoin(courses, eq(courses.id, notes.courseId)).where(eq(notes.fileId, fileId)).limit(1);
  return row?.course;
}

/** The title of the note a notes file belongs to: its download is named after it. */
export async function titleOfNotesFile(db: Db, fileId: string): Promise<string | undefined> {
  const [row] = await db.select({ title: notes.filename }).from(notes).where(eq(notes.fileId, fileId)).limit(1);
  return row?.title;
}
