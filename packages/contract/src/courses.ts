import { z } from 'zod';
import { BRANCHES, DEFAULT_BRANCH, DEFAULT_SEMESTER } from './constants';
import { refusalMessage as says } from './refusals';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { API_PREFIX } from './prefix';
import { branchField, branchFilterField, calendarDateField, idNumberField, lineField, requiredLine, requiredText, semesterField, semesterFilterField, textField, wholeNumber } from './fields';

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 5000;
/** The most courses one listing page may hold when the caller asks for pages (`limit`). */
export const LIST_LIMIT_MAX = 500;
/** An exam centre is one line: a hall and a building, as an admit card prints it. */
export const EXAM_CENTRE_MAX = 120;


export const coursenumberField = idNumberField('coursenumber');

/**
 * An exam date: `YYYY-MM-DD`, or empty / null for "not set yet" (the hall ticket then says TBA).
 * Multipart forms can only send text, so the empty string means "no date" too.
 */
export const examDateField = z.preprocess(
  (v) => (v === '' || v === null ? null : v),
  calendarDateField('examDate').nullable(),
);

/**
 * Where the course's exam is sat, one line (`Main Block, Hall 2`); empty or null for "not said"
 * (the admit card then prints the campus's default). Multipart forms send text only, so the
 * empty string (or only spaces) means none too.
 */
export const examCentreField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  lineField('examCentre')
    .trim()
    .max(EXAM_CENTRE_MAX, { error: says('too_many_characters', { field: 'examCentre', params: { max: EXAM_CENTRE_MAX } }) })
    .nullable(),
);

/** An exam time on the campus's clock: `HH:MM`, 24-hour, zero-padded (so that text order is time order). */
export const EXAM_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When the exam starts or ends (`examStart`, `examEnd`): `HH:MM`, or empty / null for "not said"
 * (the admit card then says the time is to be announced). Both or neither: `examTimesAgree`.
 */
export const examTimeField = (field: 'examStart' | 'examEnd') =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    textField(field)
      .trim()
      // The words of an event's time, so the web app says both the same way.
      .regex(EXAM_TIME_PATTERN, { error: says('time_invalid', { field }) })
      .nullable(),
  );

/**
 * Both exam times or neither, and the end after the start; the issue names the field to fix.
 * Half a time would mean nothing, so an update that gives either sets the pair (the one left
 * out counts as none): leaving both out keeps them, clearing either clears both.
 */
export const examTimesAgree = (body: { examStart?: string | null; examEnd?: string | null }, ctx: z.RefinementCtx) => {
  const { examStart: start, examEnd: end } = body;
  if (start == null && end == null) return;
  if (start == null) ctx.addIssue({ code: 'custom', path: ['examStart'], message: says('exam_start_needed') });
  else if (end == null) ctx.addIssue({ code: 'custom', path: ['examEnd'], message: says('exam_end_needed') });
  else if (end <= start) ctx.addIssue({ code: 'custom', path: ['examEnd'], message: says('exam_end_before_start') });
};

/** POST /courses/create-course: the text fields of the multipart body (the thumbnail travels beside them). */
export const createCourseBody = z.object({
  title: requiredLine('title', COURSE_TITLE_MAX),
  description: requiredText('description', COURSE_DESCRIPTION_MAX),
  coursenumber: coursenumberField,
  semester: semesterField.default(DEFAULT_SEMESTER),
  branch: branchField.default(DEFAULT_BRANCH),
  examDate: examDateField.optional(),
  examCentre: examCentreField.optional(),
  examStart: examTimeField('examStart').optional(),
  examEnd: examTimeField('examEnd').optional(),
}).superRefine(examTimesAgree);
export type CreateCourseBody = z.infer<typeof createCourseBody>;
export type CreateCourseInput = z.input<typeof createCourseBody>;

/**
 * PATCH /courses/updatecourse/:courseId. examDate, examCentre and the exam times absent:
 * unchanged; null or '': cleared (the two times go together).
 */
export const updateCourseBody = z.object({
  title: requiredLine('title', COURSE_TITLE_MAX),
  description: requiredText('description', COURSE_DESCRIPTION_MAX),
  semester: semesterField,
  branch: branchField,
  examDate: examDateField.optional(),
  examCentre: examCentreField.optional(),
  examStart: examTimeField('examStart').optional(),
  examEnd: examTimeField('examEnd').optional(),
}).superRefine(examTimesAgree);
export type UpdateCourseBody = z.infer<typeof updateCourseBody>;
export type UpdateCourseInput = z.input<typeof updateCourseBody>;

const LIMIT_RANGE = says('out_of_range', { field: 'limit', params: { min: 1, max: LIST_LIMIT_MAX } });

/** What a cursor the server did not hand out gets (the routes say it too). */
export const CURSOR_INVALID = says('cursor_invalid', { field: 'cursor' });

/** Optional paging of any listing: without `limit` the whole list comes back (existing clients expect it). */
export const pageQuery = z.object({
  limit: wholeNumber('limit')
    .pipe(z.number().min(1, { error: LIMIT_RANGE }).max(LIST_LIMIT_MAX, { error: LIMIT_RANGE }))
    .optional(),
  cursor: textField('cursor', CURSOR_INVALID).max(200, { error: CURSOR_INVALID }).optional(),
});

export const courseFilterQuery = pageQuery.extend({
  semester: semesterFilterField,
  branch: branchFilterField,
});
export type CourseFilterQuery = z.infer<typeof courseFilterQuery>;

/** Title search; semester and branch may narrow it too (the web app's one combined query). */
export const titleSearchQuery = courseFilterQuery.extend({
  title: textField('title').max(COURSE_TITLE_MAX, { error: says('too_many_characters', { field: 'title', params: { max: COURSE_TITLE_MAX } }) }).default(''),
});

/** A course as JSON. */
export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  coursenumber: z.number().int(),
  semester: z.number().int(),
  branch: z.enum(BRANCHES),
  /** A /files URL, or '' when the course has no thumbnail (the web app shows a placeholder). */
  thumbnail: z.string(),
  owner: z.string(),
  ownername: z.string(),
  students: z.array(z.string()),
  examDate: z.string().nullable(),
  /**
   * When the exam date last changed after it was first set (moved, cleared, or set again after
   * being cleared), ISO-8601; null while it is as first set, or was never set.
   */
  examDateChangedAt: z.string().nullable(),
  /** Where the exam is sat, one line; null when the course does not say (the campus default applies). */
  examCentre: z.string().nullable(),
  /** When the exam starts and ends, `HH:MM` on the campus's clock (CAMPUS_TZ); both null when not said. */
  examStart: z.string().nullable(),
  examEnd: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'Course' });
export type Course = z.infer<typeof courseSchema>;

/** Every course listing answers this; `nextCursor` appears only when paging with `limit`. */
export const courseListSchema = z.object({
  listofcourses: z.array(courseSchema),
  nextCursor: z.string().nullable().optional(),
});
export type CourseList = z.infer<typeof courseListSchema>;

export const courseWithOwnerSchema = z.object({
  course: courseSchema,
  /** The owner's full name (`owner` here is the name, not the id: docs/product.md#existing-clients). */
  owner: z.string(),
});
export type CourseWithOwner = z.infer<typeof courseWithOwnerSchema>;

/** What a write to one course answers: the course as it now is. */
export const courseEnvelopeData = z.object({ course: courseSchema });

export const enrolledStudentSchema = z.object({
  name: z.string(),
  regid: z.number().int(),
  studentobjectid: z.string(),
});
export type EnrolledStudent = z.infer<typeof enrolledStudentSchema>;

export const studentsOfCourseSchema = z.object({
  studentsofcourse: z.array(enrolledStudentSchema),
  students: z.array(z.string()),
});
export type StudentsOfCourse = z.infer<typeof studentsOfCourseSchema>;

/** One entry per course of /searchbystudent, same order: `DD/MM/YYYY`, or `TBA`. */
export const examDatesSchema = z.object({ examdates: z.array(z.string()) });
export type ExamDates = z.infer<typeof examDatesSchema>;

const C = `${API_PREFIX}/courses`;

/** What a course's exam date and times may be refused for, beyond their fields' own format (`examTimesAgree`, and a date already past). */
const EXAM_REFUSALS = ['exam_date_in_past', 'exam_start_needed', 'exam_end_needed', 'exam_end_before_start'] as const;

/** The courses endpoints. */
export const coursesApi = {
  all: endpoint({ method: 'GET', path: `${C}/allcourses`, summary: 'Every course, newest first', query: pageQuery, data: courseListSchema }),
  bySemester: endpoint({ method: 'GET', path: `${C}/searchbysemester`, summary: 'Courses by semester (9 = all) and branch (All = all)', query: courseFilterQuery, data: courseListSchema }),
  byTitle: endpoint({ method: 'GET', path: `${C}/searchbytitle`, summary: 'Courses whose title contains the text, ignoring case (semester and branch optional)', query: titleSearchQuery, data: courseListSchema }),
  byOwner: endpoint({ method: 'GET', path: `${C}/searchbyowner`, summary: "The caller's own courses", query: pageQuery, data: courseListSchema }),
  byStudent: endpoint({ method: 'GET', path: `${C}/searchbystudent`, summary: 'The courses the caller joined, in the order joined', query: pageQuery, data: courseListSchema }),
  myCourses: endpoint({ method: 'GET', path: `${C}/searchbymycourses`, summary: 'The courses the caller joined, filtered', query: courseFilterQuery, data: courseListSchema }),
  myCoursesTeacher: endpoint({ method: 'GET', path: `${C}/searchbymycoursesteacher`, summary: "The caller's own courses, filtered", query: courseFilterQuery, data: courseListSchema }),
  examDates: endpoint({ method: 'GET', path: `${C}/examdates`, summary: 'Exam dates aligned by position with /searchbystudent (DD/MM/YYYY or TBA)', data: examDatesSchema }),
  create: endpoint({
    method: 'POST',
    path: `${C}/create-course`,
    summary: 'Create a course (thumbnail optional; 409 when another course has its number)',
    multipart: { fields: createCourseBody, file: { field: 'thumbnail', kind: 'thumbnail', required: false } },
    data: courseEnvelopeData,
    status: 201,
    errors: ['coursenumber_taken', ...EXAM_REFUSALS, 'rate_limited'],
  }),
  get: endpoint({ method: 'GET', path: `${C}/getcourse/:courseId`, summary: 'One course, with its owner’s name as `owner`', data: courseWithOwnerSchema, errors: ['course_not_found'] }),
  update: endpoint({ method: 'PATCH', path: `${C}/updatecourse/:courseId`, summary: 'Edit a course (owner); a new exam date notifies its students', body: updateCourseBody, data: courseEnvelopeData, errors: ['course_not_found', 'course_owner_only', ...EXAM_REFUSALS] }),
  updateThumbnail: endpoint({
    method: 'PATCH',
    path: `${C}/updatecoursethumbnail/:courseId`,
    summary: "Replace a course's thumbnail (owner)",
    multipart: { fields: z.object({}), file: { field: 'thumbnail', kind: 'thumbnail', required: true } },
    data: courseEnvelopeData,
    errors: ['course_not_found', 'course_owner_only'],
  }),
  delete: endpoint({ method: 'DELETE', path: `${C}/deletecourse/:courseId`, summary: 'Delete a course with its notes, enrolments and files (owner)', data: emptyData, errors: ['course_not_found', 'course_owner_only'] }),
  students: endpoint({ method: 'GET', path: `${C}/studentsofcourse/:courseId`, summary: 'The enrolled students', data: studentsOfCourseSchema, errors: ['course_not_found'] }),
  join: endpoint({ method: 'PATCH', path: `${C}/addstudenttocourse/:courseId`, summary: 'Join a course (409 if already joined)', data: courseEnvelopeData, errors: ['course_not_found', 'already_joined'] }),
  leave: endpoint({ method: 'PATCH', path: `${C}/removestudentfromcourse/:courseId`, summary: 'Leave a course (409 if not joined)', data: courseEnvelopeData, errors: ['course_not_found', 'not_joined'] }),
  removeStudent: endpoint({
    method: 'PATCH',
    path: `${C}/removestudent/:courseId/:studentId`,
    summary: 'Remove an enrolled student (owner; 404 if not enrolled)',
    data: courseEnvelopeData,
    errors: ['course_not_found', 'course_owner_only', 'student_not_found', 'student_not_enrolled'],
  }),
};
