import type { Assignment, Receipt, StreamPost, Submission } from '@campus/contract/coursework';
import { aProfessor, aStudent } from '../../test/fixtures';

const COURSE_ID = '7c0a0000-0000-4000-8000-000000000001';
const minutes = (n: number) => n * 60_000;

/** A moment `ms` from now, as the server writes one. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A published assignment of aCourse() (courses/test-data), due in two days, as its student sees it: nothing handed in yet. */
export function anAssignment(patch: Partial<Assignment> = {}): Assignment {
  return {
    _id: 'a5500000-0000-4000-8000-000000000001',
    courseId: COURSE_ID,
    kind: 'assignment',
    title: 'Pipe flow report',
    instructions: 'Measure the flow.\nWrite it up.',
    maxMarks: 20,
    dueAt: fromNow(minutes(2 * 24 * 60)),
    graceMinutes: 15,
    latePenaltyPercentPerDay: 10,
    closesAt: null,
    rubric: null,
    attachments: [{ name: 'Lab sheet.pdf', url: '/files/lab-sheet' }],
    published: true,
    publishedAt: '2026-11-01T09:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    mySubmission: null,
    submitNow: { lateMinutes: 0, penalty: 0 },
    myMarks: null,
    ...patch,
  };
}

export function aSubmission(patch: Partial<Submission> = {}): Submission {
  return {
    _id: '5b000000-0000-4000-8000-000000000001',
    attempt: 1,
    files: [{ name: 'report.pdf', url: '/files/report', bytes: 2_516_582, sha256: 'ab'.repeat(32) }],
    text: 'See the attached report.',
    submittedAt: '2026-11-20T10:05:00.000Z',
    lateMinutes: 0,
    penalty: 0,
    ...patch,
  };
}

/** The signed receipt of `submission` (the token is opaque to the page; /verify's tests sign real ones). */
export function aReceipt(submission: Submission, assignment: Assignment = anAssignment()): Receipt {
  const student = aStudent();
  return {
    token: `eyJhbGciOiJFUzI1NiJ9.receipt-${submission.attempt}.signature`,
    claims: {
      typ: 'submission',
      sub: String(student.registrationId),
      name: student.fullname,
      course: 211070555,
      assignment: { _id: assignment._id, title: assignment.title },
      attempt: submission.attempt,
      files: submission.files.map(({ name, sha256, bytes }) => ({ name, sha256, bytes })),
      text: submission.text === null ? null : 'cd'.repeat(32),
      submittedAt: submission.submittedAt,
      dueAt: assignment.dueAt,
      lateMinutes: submission.lateMinutes,
      iat: 1_795_000_000,
    },
  };
}

/** A post to aCourse()'s stream by its owner. */
export function aPost(n: number, patch: Partial<StreamPost> = {}): StreamPost {
  const owner = aProfessor();
  return {
    _id: `90500000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'announcement',
    author: { _id: owner._id, fullname: owner.fullname },
    text: `Announcement ${n}`,
    assignmentId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    comments: [],
    ...patch,
  };
}
