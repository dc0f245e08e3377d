import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { courses, notes, type CourseRow, type NoteRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { courseLink, enrolledIn } from '../courses/courses.service';
import { notify } from '../notifications/notifications.service';

/** Records an uploaded notes file: the file row and the note share a transaction. */
export async function createNote(db: Db, course: CourseRow, filename: string, upload: StoredUpload): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const file = await insertFileRow(tx, upload, 'notesfile', course.ownerId);
    const [note] = await tx.insert(notes).values({ id: randomUUID(), courseId: course.id, filename, fileId: file.id, createdAt: new Date() }).returning();
    if (!note) throw new Error('note not inserted');
    await notify(tx, enrolledIn(course.id), {
      content: `New notes "${filename}" in "${course.title}"`,
      link: courseLink(course.id),
    });
    return note;
  });
}

/** A course's notes, oldest first (the order they were added). */
export function notesOfCourse(db: Db, courseId: string): Promise<NoteRow[]> {
  return db.select().from(notes).where(eq(notes.courseId, courseId)).orderBy(asc(notes.createdAt), asc(notes.id));
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
