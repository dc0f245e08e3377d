/**
 * Coursework (docs/product.md#coursework): assignments and class tests, submissions and their
 * signed receipts, marks returned with feedback, the gradebook, and the course stream. The rules
 * that compute (lateness, penalty, final marks, a row's state) are in late-work.ts.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { idField, requiredLine, requiredText, textField, wholeNumber } from './fields';
import { pageQuery } from './courses';
import { WORK_STATES, rubricMaximum, toHundredths } from './late-work';
import { ASSIGNMENT_KINDS, ASSIGNMENT_TITLE_MAX, ATTACHMENTS_MAX, COMMENT_TEXT_MAX, FEEDBACK_MAX, GRACE_MINUTES_DEFAULT, GRACE_MINUTES_RANGE, INSTRUCTIONS_MAX, LATE_PENALTY_DEFAULT, LATE_PENALTY_RANGE, MAX_MARKS_RANGE, POST_TEXT_MAX, RUBRIC_CRITERIA_MAX, RUBRIC_LEVELS_MAX, RUBRIC_TEXT_MAX, SUBMISSION_FILES_MAX, SUBMISSION_TEXT_MAX } from './coursework-limits';
import { API_PREFIX } from './prefix';
import { refusalMessage as says } from './refusals';

export * from './late-work';
export * from './coursework-limits';

// ── Fields ────────────────────────────────────────────────────────────────────

/** A moment as ISO-8601 with its offset (`2026-12-01T17:00:00+05:30` or `…Z`): a due or closing time. */
export const instantField = (field: string) =>
  textField(field, says('instant_invalid', { field }))
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: says('instant_invalid', { field }),
    })
    .transform((v) => new Date(v).toISOString());

/** A whole number in a range, as a number or a form's numeric string. */
const wholeIn = (field: string, { min, max }: { min: number; max: number }) => {
  const range = says('out_of_range', { field, params: { min, max } });
  return wholeNumber(field).pipe(z.number().min(min, { error: range }).max(max, { error: range }));
};

/** Marks: 0 or more, at most two decimals (the range's top is the assignment's, checked by the server). */
export const marksField = (field: string) =>
  z
    .number({ error: says('field_not_number', { field }) })
    .min(0, { error: says('number_too_small', { field, params: { min: 0 } }) })
    .max(MAX_MARKS_RANGE.max, { error: says('number_too_large', { field }) })
    .refine((n) => Math.abs(toHundredths(n) - n * 100) < 1e-6, { error: says('marks_two_decimals', { field }) });

/** A form's "true"/"false" (or a JSON boolean). */
const booleanField = (field: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: says('not_boolean', { field }) }));

const rubricLevelSchema = z.object({
  label: requiredLine('label', RUBRIC_TEXT_MAX),
  marks: marksField('marks'),
});
const rubricCriterionSchema = z.object({
  criterion: requiredLine('criterion', RUBRIC_TEXT_MAX),
  levels: z
    .array(rubricLevelSchema, { error: says('rubric_invalid', { field: 'rubric' }) })
    .min(1, { error: says('rubric_invalid', { field: 'rubric' }) })
    .max(RUBRIC_LEVELS_MAX, { error: says('rubric_invalid', { field: 'rubric' }) }),
});
/** A rubric: criteria × levels, each level worth some marks. */
export const rubricSchema = z
  .array(rubricCriterionSchema, { error: says('rubric_invalid', { field: 'rubric' }) })
  .min(1, { error: says('rubric_invalid', { field: 'rubric' }) })
  .max(RUBRIC_CRITERIA_MAX, { error: says('rubric_invalid', { field: 'rubric' }) })
  .meta({ id: 'Rubric' });
export type Rubric = z.infer<typeof rubricSchema>;

/** A rubric as a multipart field carries it: JSON text; empty means none. */
const rubricText = z.preprocess((v) => {
  if (v === undefined || v === '' || v === null) return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return Symbol('not JSON');
  }
}, rubricSchema.nullable());

/** The rules between fields: closing after due, and a rubric whose best levels make the maximum marks. */
function checkAssignment(a: { dueAt?: string; closesAt?: string | null; rubric?: Rubric | null; maxMarks?: number }, ctx: z.RefinementCtx) {
  if (a.closesAt && a.dueAt && a.closesAt < a.dueAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: says('dates_out_of_order', { field: 'closesAt', params: { after: 'dueAt' } }) });
  }
  if (a.rubric && a.maxMarks !== undefined && rubricMaximum(a.rubric) !== a.maxMarks) {
    ctx.addIssue({ code: 'custom', path: ['rubric'], message: says('rubric_total_mismatch', { params: { total: rubricMaximum(a.rubric), maxMarks: a.maxMarks } }) });
  }
}

const assignmentFields = {
  title: requiredLine('title', ASSIGNMENT_TITLE_MAX),
  instructions: textField('instructions')
    .trim()
    .max(INSTRUCTIONS_MAX, { error: says('too_many_characters', { field: 'instructions', params: { max: INSTRUCTIONS_MAX } }) }),
  maxMarks: wholeIn('maxMarks', MAX_MARKS_RANGE),
  dueAt: instantField('dueAt'),
  graceMinutes: wholeIn('graceMinutes', GRACE_MINUTES_RANGE),
  latePenaltyPercentPerDay: wholeIn('latePenaltyPercentPerDay', LATE_PENALTY_RANGE),
  closesAt: z.preprocess((v) => (v === '' ? null : v), instantField('closesAt').nullable()),
  published: booleanField('published'),
};

/** POST /coursework/course/:courseId: the text fields beside up to five `attachments`. */
export const createAssignmentFields = z
  .object({
    kind: z.enum(ASSIGNMENT_KINDS, { error: says('choice_invalid', { field: 'kind', params: { choices: ASSIGNMENT_KINDS } }) }),
    title: assignmentFields.title,
    instructions: assignmentFields.instructions.default(''),
    maxMarks: assignmentFields.maxMarks,
    dueAt: assignmentFields.dueAt,
    graceMinutes: assignmentFields.graceMinutes.default(GRACE_MINUTES_DEFAULT),
    latePenaltyPercentPerDay: assignmentFields.latePenaltyPercentPerDay.default(LATE_PENALTY_DEFAULT),
    closesAt: assignmentFields.closesAt.default(null),
    rubric: rubricText.default(null),
    published: assignmentFields.published.default(true),
  })
  .superRefine(checkAssignment);
export type CreateAssignmentFields = z.infer<typeof createAssignmentFields>;

/**
 * PATCH /coursework/:assignmentId: any of the create fields but kind and attachments. The rules
 * between fields are checked again by the server against the stored assignment.
 */
export const updateAssignmentBody = z
  .strictObject({
    title: assignmentFields.title.optional(),
    instructions: assignmentFields.instructions.optional(),
    maxMarks: assignmentFields.maxMarks.optional(),
    dueAt: assignmentFields.dueAt.optional(),
    graceMinutes: assignmentFields.graceMinutes.optional(),
    latePenaltyPercentPerDay: assignmentFields.latePenaltyPercentPerDay.optional(),
    closesAt: assignmentFields.closesAt.optional(),
    rubric: rubricSchema.nullable().optional(),
    published: assignmentFields.published.optional(),
  })
  .superRefine(checkAssignment);
export type UpdateAssignmentBody = z.infer<typeof updateAssignmentBody>;

/** PUT /coursework/:assignmentId/extensions/:studentId: the student's own due time; null removes it. */
export const extensionBody = z.strictObject({ dueAt: instantField('dueAt').nullable() });

export const submissionTextField = textField('text').max(SUBMISSION_TEXT_MAX, {
  error: says('too_many_characters', { field: 'text', params: { max: SUBMISSION_TEXT_MAX } }),
});
/** The text field beside a submission's `files`. */
export const submissionFields = z.object({ text: submissionTextField.optional() });
/** A submission of resumable uploads (their ids, from /api/v1/uploads), with text or not. */
export const submitUploadsBody = z.strictObject({
  uploads: z
    .array(idField('uploads'), { error: says('field_required', { field: 'uploads' }) })
    .max(SUBMISSION_FILES_MAX, { error: says('too_many_items', { field: 'uploads', params: { max: SUBMISSION_FILES_MAX } }) }),
  text: submissionTextField.optional(),
});

/**
 * PUT /coursework/:assignmentId/marks/:studentId: marks, or a rubric's level per criterion, or
 * excused; feedback with any of them.
 */
export const markBody = z
  .strictObject({
    marks: marksField('marks').optional(),
    rubric: z.array(z.number({ error: says('rubric_choice_invalid', { field: 'rubric' }) }).int({ error: says('rubric_choice_invalid', { field: 'rubric' }) }).min(0, { error: says('rubric_choice_invalid', { field: 'rubric' }) })).max(RUBRIC_CRITERIA_MAX).optional(),
    feedback: textField('feedback').max(FEEDBACK_MAX, { error: says('too_many_characters', { field: 'feedback', params: { max: FEEDBACK_MAX } }) }).optional(),
    excused: z.boolean({ error: says('not_boolean', { field: 'excused' }) }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.marks !== undefined && b.rubric !== undefined) ctx.addIssue({ code: 'custom', path: ['marks'], message: says('marks_or_rubric', { field: 'marks' }) });
    else if (b.marks === undefined && b.rubric === undefined && !b.excused) ctx.addIssue({ code: 'custom', path: ['marks'], message: says('mark_needs_value', { field: 'marks' }) });
  });
export type MarkBody = z.infer<typeof markBody>;

/** POST /coursework/:assignmentId/return: these students' drafts, or (absent) every draft not yet returned. */
export const returnBody = z.strictObject({
  studentIds: z.array(idField('studentIds'), { error: says('field_required', { field: 'studentIds' }) }).max(5000).optional(),
});

export const gradebookQuery = z.object({
  format: z.enum(['json', 'csv'], { error: says('choice_invalid', { field: 'format', params: { choices: ['json', 'csv'] } }) }).optional(),
});

export const streamPostBody = z.strictObject({ text: requiredText('text', POST_TEXT_MAX) });
export const commentBody = z.strictObject({ text: requiredText('text', COMMENT_TEXT_MAX) });
export const streamPageQuery = pageQuery;

// ── Answers ───────────────────────────────────────────────────────────────────

export const workStateSchema = z.enum(WORK_STATES);

export const attachmentSchema = z.object({ name: z.string(), url: z.string() });

/** A student's own latest submission as the assignment shows it. */
export const mySubmissionSchema = z.object({ state: workStateSchema, attempt: z.number().int(), submittedAt: z.string(), lateMinutes: z.number().int() });

/** Marks as the student sees them once returned. */
export const myMarksSchema = z
  .object({
    marks: z.number().nullable(),
    penalty: z.number().int(),
    finalMarks: z.number().nullable(),
    feedback: z.string().nullable(),
    /** The rubric level chosen per criterion, when marked with the rubric. */
    rubric: z.array(z.number().int()).nullable(),
    excused: z.boolean(),
    returnedAt: z.string(),
  })
  .meta({ id: 'MyMarks' });
export type MyMarks = z.infer<typeof myMarksSchema>;

export const assignmentSchema = z
  .object({
    _id: z.string(),
    courseId: z.string(),
    kind: z.enum(ASSIGNMENT_KINDS),
    title: z.string(),
    instructions: z.string(),
    maxMarks: z.number().int(),
    /** For a student with an extension, their own due time. */
    dueAt: z.string(),
    graceMinutes: z.number().int(),
    latePenaltyPercentPerDay: z.number().int(),
    closesAt: z.string().nullable(),
    rubric: rubricSchema.nullable(),
    attachments: z.array(attachmentSchema),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    // An enrolled student's own view:
    mySubmission: mySubmissionSchema.nullable().optional(),
    /** What submitting now costs; null when submitting is not possible (a test, closed, returned). */
    submitNow: z.object({ lateMinutes: z.number().int(), penalty: z.number().int() }).nullable().optional(),
    myMarks: myMarksSchema.nullable().optional(),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof assignmentSchema>;

export const submissionFileSchema = z.object({ name: z.string(), url: z.string(), bytes: z.number().int(), sha256: z.string() });
export const submissionSchema = z
  .object({
    _id: z.string(),
    attempt: z.number().int(),
    files: z.array(submissionFileSchema),
    text: z.string().nullable(),
    submittedAt: z.string(),
    lateMinutes: z.number().int(),
    penalty: z.number().int(),
  })
  .meta({ id: 'Submission' });
export type Submission = z.infer<typeof submissionSchema>;

/** What a submission receipt's token says (signed with the documents' keys). */
export const submissionClaimsSchema = z
  .object({
    typ: z.literal('submission'),
    /** The student's registration id, as text. */
    sub: z.string(),
    name: z.string(),
    /** The course number. */
    course: z.number().int(),
    assignment: z.object({ _id: z.string(), title: z.string() }),
    attempt: z.number().int(),
    files: z.array(z.object({ name: z.string(), sha256: z.string(), bytes: z.number().int() })),
    /** SHA-256 (hex) of the submitted text, or null without one. */
    text: z.string().nullable(),
    submittedAt: z.string(),
    dueAt: z.string(),
    lateMinutes: z.number().int(),
    iat: z.number().int(),
  })
  .meta({ id: 'SubmissionClaims' });
export type SubmissionClaims = z.infer<typeof submissionClaimsSchema>;

export const receiptSchema = z.object({ token: z.string(), claims: submissionClaimsSchema });
export type Receipt = z.infer<typeof receiptSchema>;

/** A mark as its owner sees it: a draft until returned. */
export const markSchema = z
  .object({
    marks: z.number().nullable(),
    rubric: z.array(z.number().int()).nullable(),
    feedback: z.string().nullable(),
    excused: z.boolean(),
    /** The late penalty of the submission it marks (percent). */
    penalty: z.number().int(),
    finalMarks: z.number().nullable(),
    returnedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Mark' });
export type Mark = z.infer<typeof markSchema>;

export const studentRefSchema = z.object({ _id: z.string(), registrationId: z.number().int(), fullname: z.string() });

export const submissionRowSchema = z.object({
  student: studentRefSchema,
  state: workStateSchema,
  /** The student's own due time when they have an extension, else null. */
  extendedTo: z.string().nullable(),
  submission: submissionSchema.nullable(),
  mark: markSchema.nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRowSchema>;

export const extensionSchema = z.object({ studentId: z.string(), dueAt: z.string().nullable() });

export const gradebookSchema = z.object({
  assignments: z.array(z.object({ _id: z.string(), title: z.string(), kind: z.enum(ASSIGNMENT_KINDS), maxMarks: z.number().int() })),
  rows: z.array(
    z.object({
      student: studentRefSchema,
      cells: z.array(z.object({ state: workStateSchema, finalMarks: z.number().nullable() })),
      total: z.number(),
      percent: z.number().nullable(),
    }),
  ),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

export const myCourseworkMarksSchema = z.object({
  courses: z.array(
    z.object({
      course: z.object({ _id: z.string(), title: z.string(), coursenumber: z.number().int() }),
      marks: z.array(
        z.object({
          assignment: z.object({ _id: z.string(), title: z.string(), kind: z.enum(ASSIGNMENT_KINDS), maxMarks: z.number().int() }),
          marks: z.number().nullable(),
          penalty: z.number().int(),
          finalMarks: z.number().nullable(),
          feedback: z.string().nullable(),
          excused: z.boolean(),
          returnedAt: z.string(),
        }),
      ),
    }),
  ),
});
export type MyCourseworkMarks = z.infer<typeof myCourseworkMarksSchema>;

/** An assignment due soon for the home page's card: the student's published, unsubmitted work due in the next 7 days. */
export const dueSoonSchema = z.object({
  assignments: z.array(z.object({ _id: z.string(), title: z.string(), dueAt: z.string(), course: z.object({ _id: z.string(), title: z.string() }), state: workStateSchema })),
});
export type DueSoon = z.infer<typeof dueSoonSchema>;

const authorSchema = z.object({ _id: z.string(), fullname: z.string() });
export const commentSchema = z.object({ _id: z.string(), author: authorSchema, text: z.string(), createdAt: z.string() }).meta({ id: 'StreamComment' });
export type StreamComment = z.infer<typeof commentSchema>;
export const STREAM_POST_KINDS = ['announcement', 'assignment'] as const;
export const streamPostSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(STREAM_POST_KINDS),
    author: authorSchema,
    text: z.string(),
    assignmentId: z.string().nullable(),
    createdAt: z.string(),
    comments: z.array(commentSchema),
  })
  .meta({ id: 'StreamPost' });
export type StreamPost = z.infer<typeof streamPostSchema>;

// ── Endpoints ─────────────────────────────────────────────────────────────────

const C = `${API_PREFIX}/coursework`;
const SUBMIT_REFUSALS = ['assignment_not_found', 'students_submit_only', 'no_submissions_for_test', 'submissions_closed', 'marks_already_returned', 'submission_empty', 'submission_too_large', 'upload_not_found', 'upload_incomplete', 'rate_limited'] as const;

/** The coursework endpoints. */
export const courseworkApi = {
  create: endpoint({
    method: 'POST',
    path: `${C}/course/:courseId`,
    summary: 'Set an assignment or a class test (owner; multipart fields + up to five `attachments`)',
    multipart: { fields: createAssignmentFields, file: { field: 'attachments', kind: 'notesfile', required: false, max: ATTACHMENTS_MAX } },
    data: z.object({ assignment: assignmentSchema }),
    status: 201,
    errors: ['course_not_found', 'course_owner_only', 'rate_limited', 'instant_invalid', 'rubric_invalid', 'rubric_total_mismatch', 'marks_two_decimals'],
  }),
  ofCourse: endpoint({
    method: 'GET',
    path: `${C}/course/:courseId`,
    summary: "A course's assignments and tests, soonest due first (owner, enrolled students; students see published ones only, each with their own state)",
    data: z.object({ assignments: z.array(assignmentSchema) }),
    errors: ['course_not_found'],
  }),
  get: endpoint({
    method: 'GET',
    path: `${C}/:assignmentId`,
    summary: 'One assignment (owner, enrolled students); a student sees their submission, what submitting now costs and their returned marks',
    data: z.object({ assignment: assignmentSchema }),
    errors: ['assignment_not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${C}/:assignmentId`,
    summary: 'Edit an assignment (owner); a changed due time tells the enrolled students',
    body: updateAssignmentBody,
    data: z.object({ assignment: assignmentSchema }),
    errors: ['assignment_not_found', 'course_owner_only', 'dates_out_of_order', 'rubric_total_mismatch', 'rubric_in_use', 'instant_invalid', 'rubric_invalid', 'marks_two_decimals'],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${C}/:assignmentId`,
    summary: 'Delete an assignment with its submissions, marks and files (owner)',
    data: emptyData,
    errors: ['assignment_not_found', 'course_owner_only'],
  }),
  extend: endpoint({
    method: 'PUT',
    path: `${C}/:assignmentId/extensions/:studentId`,
    summary: "Give one enrolled student their own due time (owner; null removes it); in the audit trail",
    body: extensionBody,
    data: z.object({ extension: extensionSchema }),
    errors: ['assignment_not_found', 'course_owner_only', 'student_not_enrolled', 'instant_invalid'],
  }),
  submit: endpoint({
    method: 'POST',
    path: `${C}/:assignmentId/submission`,
    summary: 'Hand in work (an enrolled student): multipart `files` (up to ten) and/or `text`, or JSON {uploads, text} naming finished resumable uploads; a new attempt replaces the last. Answers a signed receipt',
    multipart: { fields: submissionFields, file: { field: 'files', kind: 'notesfile', required: false, max: SUBMISSION_FILES_MAX } },
    body: submitUploadsBody,
    data: z.object({ submission: submissionSchema, receipt: receiptSchema }),
    status: 201,
    errors: [...SUBMIT_REFUSALS],
  }),
  mySubmission: endpoint({
    method: 'GET',
    path: `${C}/:assignmentId/submission`,
    summary: "The student's own latest submission and its receipt (both null before any)",
    data: z.object({ submission: submissionSchema.nullable(), receipt: receiptSchema.nullable() }),
    errors: ['assignment_not_found', 'students_submit_only'],
  }),
  submissions: endpoint({
    method: 'GET',
    path: `${C}/:assignmentId/submissions`,
    summary: "Every enrolled student's state, latest submission and mark (owner)",
    data: z.object({ rows: z.array(submissionRowSchema) }),
    errors: ['assignment_not_found', 'course_owner_only'],
  }),
  submissionsZip: endpoint({
    method: 'GET',
    path: `${C}/:assignmentId/submissions.zip`,
    summary: 'Every latest submission as one zip, `<registrationId>/<file name>` (owner)',
    data: z.never(),
    produces: 'application/octet-stream',
    errors: ['assignment_not_found', 'course_owner_only', 'storage_unavailable'],
  }),
  mark: endpoint({
    method: 'PUT',
    path: `${C}/:assignmentId/marks/:studentId`,
    summary: "Draft a student's marks (a number, or a rubric level per criterion), feedback, or excuse the work (owner); the student sees nothing until it is returned",
    body: markBody,
    data: z.object({ mark: markSchema }),
    errors: ['assignment_not_found', 'course_owner_only', 'student_not_enrolled', 'out_of_range', 'rubric_missing', 'rubric_choice_invalid', 'marks_two_decimals', 'marks_or_rubric', 'mark_needs_value'],
  }),
  return: endpoint({
    method: 'POST',
    path: `${C}/:assignmentId/return`,
    summary: 'Return drafted marks to their students in one action (owner; these `studentIds`, or every draft not yet returned); each is told',
    body: returnBody,
    data: z.object({ returned: z.number().int() }),
    errors: ['assignment_not_found', 'course_owner_only'],
  }),
  gradebook: endpoint({
    method: 'GET',
    path: `${C}/course/:courseId/gradebook`,
    summary: "A course's gradebook (owner): each student's returned final marks per published item, total and percent; `?format=csv` for a file",
    query: gradebookQuery,
    data: gradebookSchema,
    errors: ['course_not_found', 'course_owner_only'],
  }),
  myMarks: endpoint({
    method: 'GET',
    path: `${C}/me`,
    summary: "A student's returned marks, by course",
    data: myCourseworkMarksSchema,
  }),
  dueSoon: endpoint({
    method: 'GET',
    path: `${C}/due-soon`,
    summary: "A student's published work not yet handed in that is due in the next seven days (or overdue and still open), soonest first: the home page's card",
    data: dueSoonSchema,
  }),
  stream: endpoint({
    method: 'GET',
    path: `${C}/course/:courseId/stream`,
    summary: "A course's stream, newest first, paged (owner, enrolled students)",
    query: streamPageQuery,
    data: z.object({ posts: z.array(streamPostSchema), nextCursor: z.string().nullable() }),
    errors: ['course_not_found', 'cursor_invalid'],
  }),
  post: endpoint({
    method: 'POST',
    path: `${C}/course/:courseId/stream`,
    summary: 'Announce something to the class (owner); the enrolled students are told',
    body: streamPostBody,
    data: z.object({ post: streamPostSchema }),
    status: 201,
    errors: ['course_not_found', 'course_owner_only', 'rate_limited'],
  }),
  comment: endpoint({
    method: 'POST',
    path: `${C}/stream/:postId/comments`,
    summary: "Comment on a post (owner, enrolled students); the post's author is told",
    body: commentBody,
    data: z.object({ comment: commentSchema }),
    status: 201,
    errors: ['post_not_found', 'rate_limited'],
  }),
  deletePost: endpoint({
    method: 'DELETE',
    path: `${C}/stream/:postId`,
    summary: 'Delete a post and its comments (the course owner)',
    data: emptyData,
    errors: ['post_not_found', 'course_owner_only'],
  }),
  deleteComment: endpoint({
    method: 'DELETE',
    path: `${C}/comments/:commentId`,
    summary: 'Delete a comment (its author, the course owner)',
    data: emptyData,
    errors: ['comment_not_found', 'comment_author_only'],
  }),
};
