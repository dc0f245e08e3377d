import { createHash } from 'node:crypto';
import { REFUSALS, admitCardClaimsSchema, marksheetClaimsSchema, wallClockIn, type AdmitCardClaims, type MarksheetClaims, type Verification } from '@campus/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { courses, enrollments, files, marksheets, users, type MarksheetRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/errors/app-error';
import type { FileStore } from '../../platform/files/file-store';
import { isUuid } from '../../platform/http/ids';
import type { DocumentKeys } from './document-keys';

/** What issuing and checking documents needs, bound once when the routes register. */
export interface DocumentsDeps {
  db: Db;
  keys: DocumentKeys;
  fileStore: FileStore;
  campusTimeZone: string;
  now: () => Date;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone. */
export function dayStartsAt(timeZone: string, isoDate: string): Date {
  const guess = Date.parse(`${isoDate}T00:00:00Z`);
  const { date, time } = wallClockIn(timeZone, new Date(guess));
  const shownAsUtc = Date.parse(`${date}T${time}:00Z`);
  return new Date(guess - (shownAsUtc - guess));
}

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A student's admit card, signed: their papers with exam dates, soonest first. It expires when
 * the day after the last exam ends on campus: short validity stands in for revocation, as the
 * EU's certificates did, so a gate needs no list of withdrawn cards.
 */
export async function signedAdmitCard({ db, keys, campusTimeZone, now }: DocumentsDeps, student: UserRow): Promise<{ token: string; claims: AdmitCardClaims }> {
  const papers = await db
    .select({ coursenumber: courses.coursenumber, title: courses.title, examDate: courses.examDate })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.studentId, student.id), isNotNull(courses.examDate)))
    .orderBy(asc(courses.examDate), asc(courses.coursenumber));
  const last = papers.at(-1)?.examDate;
  if (!last) throw badRequest(REFUSALS.noExamDatesYet);
  const claims = admitCardClaimsSchema.parse({
    typ: 'admitcard',
    sub: String(student.registrationId),
    name: student.fullname,
    semester: student.semester,
    branch: student.branch,
    courses: papers,
    iat: seconds(now()),
    exp: seconds(dayStartsAt(campusTimeZone, addDays(last, 2))),
  });
  return { token: await keys.sign(claims), claims };
}

/** The SHA-256 of a marksheet's file, read from the store once and kept on the row. */
async function fileDigest({ db, fileStore }: DocumentsDeps, marksheet: MarksheetRow): Promise<string> {
  if (marksheet.sha256) return marksheet.sha256;
  const [file] = await db.select({ key: files.storageKey }).from(files).where(eq(files.id, marksheet.fileId));
  if (!file) throw new Error('a marksheet names a file that is gone');
  const hash = createHash('sha256');
  for await (const chunk of await fileStore.get(file.key)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  // Kept only if the row still names the file just read: a replacement meanwhile keeps its own (null) digest.
  await db.update(marksheets).set({ sha256 }).where(and(eq(marksheets.id, marksheet.id), eq(marksheets.fileId, marksheet.fileId)));
  return sha256;
}

/** A marksheet, signed with the digest of its file, for its owner or the exam office (404 for anyone else). */
export async function signedMarksheet(deps: DocumentsDeps, viewer: UserRow, marksheetId: string): Promise<{ token: string; claims: MarksheetClaims }> {
  const [row] = isUuid(marksheetId)
    ? await deps.db.select({ marksheet: marksheets, owner: users }).from(marksheets).innerJoin(users, eq(users.id, marksheets.ownerId)).where(eq(marksheets.id, marksheetId))
    : [];
  if (!row || (row.owner.id !== viewer.id && !viewer.isExamOffice)) throw notFound(REFUSALS.marksheetNotFound);
  const claims = marksheetClaimsSchema.parse({
    typ: 'marksheet',
    sub: String(row.owner.registrationId),
    name: row.owner.fullname,
    semester: row.marksheet.semester,
    sha256: await fileDigest(deps, row.marksheet),
    iat: seconds(deps.now()),
  });
  return { token: await deps.keys.sign(claims), claims };
}

/**
 * Whether a token is a document this portal issued and still stands by: signed by a published
 * key, unexpired, of a known kind; a marksheet's file still the one its digest names (one since
 * replaced, or removed, is `replaced`).
 */
export async function verifyDocument(deps: DocumentsDeps, token: string): Promise<Verification> {
  const signed = await deps.keys.verify(token, deps.now());
  if (!signed.ok) return { valid: false, reason: signed.reason };
  const admitCard = admitCardClaimsSchema.safeParse(signed.payload);
  if (admitCard.success) return { valid: true, claims: admitCard.data };
  const marksheet = marksheetClaimsSchema.safeParse(signed.payload);
  if (!marksheet.success) return { valid: false, reason: 'invalid' };
  const { sub, semester, sha256 } = marksheet.data;
  const [current] = /^\d+$/.test(sub)
    ? await deps.db
        .select({ marksheet: marksheets })
        .from(marksheets)
        .innerJoin(users, eq(users.id, marksheets.ownerId))
        .where(and(eq(users.registrationId, Number(sub)), eq(marksheets.semester, semester)))
    : [];
  if (!current || (await fileDigest(deps, current.marksheet)) !== sha256) return { valid: false, reason: 'replaced' };
  return { valid: true, claims: marksheet.data };
}
