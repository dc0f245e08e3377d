import { pages, submissionClaimsSchema, type Receipt, type SubmissionClaims } from '@campus/contract';
import { z } from 'zod';
import type { AssignmentRow, CourseRow, SubmissionRowDb, UserRow } from '../../db/schema';
import type { Config } from '../../platform/config/config';
import { mailTemplate } from '../../platform/mail/mail-template';
import { greeting, oneLine } from '../../platform/mail/mail-text';
import type { DocumentSigner } from '../documents';

/** A submitted file as the receipt names it. */
export interface ReceiptFile {
  name: string;
  sha256: string;
  bytes: number;
}

/**
 * What a receipt says of an attempt: who handed in what for which work, when, against which due
 * time and how late. Its `iat` is the submission's time, so signing the same attempt again (the
 * student opening it later) says the same thing.
 */
export function receiptClaims(student: UserRow, course: CourseRow, assignment: AssignmentRow, submission: SubmissionRowDb, files: readonly ReceiptFile[]): SubmissionClaims {
  return submissionClaimsSchema.parse({
    typ: 'submission',
    sub: String(student.registrationId),
    name: student.fullname,
    course: course.coursenumber,
    assignment: { _id: assignment.id, title: assignment.title },
    attempt: submission.attempt,
    files: files.map((f) => ({ name: f.name, sha256: f.sha256, bytes: f.bytes })),
    text: submission.textSha256,
    submittedAt: submission.submittedAt.toISOString(),
    dueAt: submission.dueAt.toISOString(),
    lateMinutes: submission.lateMinutes,
    iat: Math.floor(submission.submittedAt.getTime() / 1000),
  });
}

/** The receipt: its claims signed with the documents' keys (`DocumentSigner.sign`, or `signerNow`'s inside a transaction), checked by anyone at /verify. */
export async function signReceipt(sign: DocumentSigner['sign'], claims: SubmissionClaims): Promise<Receipt> {
  return { token: await sign(claims), claims };
}

/** An instant as the campus reads it: "3 March 2026 at 14:05 (Asia/Kolkata)". */
function campusTime(config: Pick<Config, 'campusTimeZone'>, at: string): string {
  const tz = config.campusTimeZone;
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: tz }).format(new Date(at))} (${tz})`;
}

const KB = 1024;
const size = (bytes: number) => (bytes >= KB * KB ? `${(bytes / (KB * KB)).toFixed(1)} MB` : bytes >= KB ? `${Math.round(bytes / KB)} KB` : `${bytes} bytes`);

/**
 * The receipt, emailed to the student (with mail on): the facts it signs and the link that checks
 * it. The token is no credential (it proves a hand-in, opens nothing), so it travels as a plain
 * parameter. Urgent: the student is waiting for it.
 */
export const receiptEmail = mailTemplate({
  name: 'submission-receipt',
  priority: 'urgent',
  params: z.object({
    fullname: z.string(),
    courseTitle: z.string(),
    claims: submissionClaimsSchema,
    token: z.string(),
  }),
  render: ({ fullname, courseTitle, claims, token }, _secret, { origin, campusName, config }) => ({
    subject: `Receipt: ${oneLine(claims.assignment.title)} (attempt ${claims.attempt})`,
    text: [
      greeting(fullname),
      '',
      `${campusName} received your work for "${oneLine(claims.assignment.title)}" in ${oneLine(courseTitle)} (${claims.course}), attempt ${claims.attempt}.`,
      `Handed in: ${campusTime(config, claims.submittedAt)}; due: ${campusTime(config, claims.dueAt)}.`,
      claims.lateMinutes > 0 ? `It was ${claims.lateMinutes} minutes late.` : 'It was on time.',
      '',
      ...(claims.files.length > 0 ? ['Files:', ...claims.files.map((f) => `- ${oneLine(f.name)}, ${size(f.bytes)}, SHA-256 ${f.sha256}`)] : []),
      ...(claims.text ? [`Text: SHA-256 ${claims.text}`] : []),
      '',
      'This receipt is signed by the portal. Anyone can check it here:',
      `${origin}${pages.verifyToken(token)}`,
      '',
      'A later attempt replaces this one; its receipt then no longer verifies.',
    ].join('\n'),
  }),
});
