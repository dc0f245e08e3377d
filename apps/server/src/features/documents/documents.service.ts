import { createHash } from 'node:crypto';
import { admitCardClaimsSchema, marksheetClaimsSchema, submissionClaimsSchema, wallClockIn, type AdmitCardClaims, type MarksheetClaims, type SubmissionClaims, type Verification } from '@campus/contract';
import { codeOf, codePayload, looksLikeCode, openCode } from '@campus/contract/document-code';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { courses, enrollments, files, marksheets, submissions, users, type MarksheetRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
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
  /** A link to the avatar `fileId` that loads without a session for a while (photo-links.ts); null without one. */
  photoLink: (fileId: string | null) => string | null;
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
export async function signedAdmitCard({ db, keys, campusTimeZone, now }: DocumentsDeps, student: UserRow): Promise<{ token: string; claims: AdmitCardClaims; code: string }> {
  // A first campus sign-in may leave them unset until the student picks them: no card names none.
  if (student.semester === null || student.branch === null) throw refuse('admit_card_needs_cohort');
  const papers = await datedPapers(db, student.id);
  const last = papers.at(-1)?.examDate;
  if (!last) throw refuse('no_exam_dates_yet');
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
  const code = codeOf(await keys.signBytes(codePayload({ ...claims, papers: claims.courses })));
  return { token: await keys.sign(claims), claims, code };
}

/** A student's papers that have an exam date, soonest first: what their admit card lists. */
function datedPapers(db: Db, studentId: string) {
  return db
    .select({ coursenumber: courses.coursenumber, title: courses.title, examDate: courses.examDate })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.studentId, studentId), isNotNull(courses.examDate)))
    .orderBy(asc(courses.examDate), asc(courses.coursenumber));
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
  if (!row || (row.owner.id !== viewer.id && !viewer.isExamOffice)) throw refuse('marksheet_not_found');
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

/** The student a document names (its `sub`, a registration id), or undefined. */
async function namedStudent(db: Db, sub: string): Promise<UserRow | undefined> {
  if (!/^\d{1,15}$/.test(sub)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.registrationId, Number(sub)));
  return user;
}

/**
 * Whether an admit card's papers are still the student's, on the same days: false when a date
 * moved, or a paper is no longer theirs or no longer dated, since it was issued (a newer card
 * exists). A paper added since leaves the card current: what it lists still holds.
 */
async function stillCurrent(db: Db, student: UserRow | undefined, papers: readonly { coursenumber: number; examDate: string }[]): Promise<boolean> {
  if (!student) return false;
  const now = new Map((await datedPapers(db, student.id)).map((p) => [p.coursenumber, p.examDate]));
  return papers.every((p) => now.get(p.coursenumber) === p.examDate);
}

/** The answer for a genuine admit card: its claims, the student's photo, whether it is current. */
async function admitCardVerdict(deps: DocumentsDeps, claims: AdmitCardClaims): Promise<Verification> {
  const student = await namedStudent(deps.db, claims.sub);
  return { valid: true, claims, photo: deps.photoLink(student?.avatarFileId ?? null), current: await stillCurrent(deps.db, student, claims.courses) };
}

/**
 * An admit card's printed code (document-code.ts): its JWS checked with the same keys, then its
 * expiry. The claims it answers are the contract's, each paper's title empty: the code does not
 * carry them.
 */
async function verifyCode(deps: DocumentsDeps, code: string): Promise<Verification> {
  const opened = openCode(code, (await deps.keys.jwks()).keys.map((k) => k.kid!));
  const payload = opened && (await deps.keys.verifyBytes(opened.jws));
  // The signed bytes must be the ones the code was read as: nothing else is trusted.
  if (!opened || payload === null || payload !== codePayload(opened.facts)) return { valid: false, reason: 'invalid' };
  const { facts } = opened;
  if (facts.exp <= seconds(deps.now())) return { valid: false, reason: 'expired' };
  const claims = admitCardClaimsSchema.safeParse({
    typ: 'admitcard',
    sub: facts.sub,
    name: facts.name,
    semester: facts.semester,
    branch: facts.branch,
    courses: facts.papers.map((p) => ({ coursenumber: p.coursenumber, title: '', examDate: p.examDate })),
    iat: facts.iat,
    exp: facts.exp,
  });
  if (!claims.success) return { valid: false, reason: 'invalid' };
  return admitCardVerdict(deps, claims.data);
}

/**
 * A coursework receipt stands while its attempt is the student's latest: one a later attempt
 * replaced (or whose assignment was deleted since) is `replaced`.
 */
async function receiptVerdict(deps: DocumentsDeps, claims: SubmissionClaims): Promise<Verification> {
  const student = await namedStudent(deps.db, claims.sub);
  const [attempt] =
    student && isUuid(claims.assignment._id)
      ? await deps.db
          .select({ replacedAt: submissions.replacedAt })
          .from(submissions)
          .where(and(eq(submissions.assignmentId, claims.assignment._id), eq(submissions.studentId, student.id), eq(submissions.attempt, claims.attempt)))
      : [];
  if (!attempt || attempt.replacedAt) return { valid: false, reason: 'replaced' };
  return { valid: true, claims, photo: deps.photoLink(student?.avatarFileId ?? null), current: null };
}

/**
 * Whether a token is a document this portal issued and still stands by: signed by a published
 * key, unexpired, of a known kind; a marksheet's file still the one its digest names (one since
 * replaced, or removed, is `replaced`).
 */
export async function verifyDocument(deps: DocumentsDeps, token: string): Promise<Verification> {
  if (looksLikeCode(token)) return verifyCode(deps, token);
  const signed = await deps.keys.verify(token, deps.now());
  if (!signed.ok) return { valid: false, reason: signed.reason };
  const admitCard = admitCardClaimsSchema.safeParse(signed.payload);
  if (admitCard.success) return admitCardVerdict(deps, admitCard.data);
  const receipt = submissionClaimsSchema.safeParse(signed.payload);
  if (receipt.success) return receiptVerdict(deps, receipt.data);
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
  const owner = await namedStudent(deps.db, sub);
  return { valid: true, claims: marksheet.data, photo: deps.photoLink(owner?.avatarFileId ?? null), current: null };
}
