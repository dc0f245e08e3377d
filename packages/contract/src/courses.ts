import { z } from 'zod';
import { BRANCHES, DEFAULT_BRANCH, DEFAULT_SEMESTER, MAX_REGISTRATION_ID, MIN_REGISTRATION_ID } from './constants';
import { fieldLabel as label } from './labels';
import { branchField, branchFilterField, calendarDateField, requiredText, semesterField, semesterFilterField, textField, wholeNumber } from './fields';

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 5000;
/** The most courses one listing page may hold when the caller asks for pages (`limit`). */
export const LIST_LIMIT_MAX = 500;

export const coursenumberField = wholeNumber('coursenumber').pipe(
  z
    .number()
    .min(MIN_REGISTRATION_ID, { error: `${label('coursenumber')} must be at least ${MIN_REGISTRATION_ID}` })
    .max(MAX_REGISTRATION_ID, { error: `${label('coursenumber')} is too large` }),
);

/**
 * An exam date: `YYYY-MM-DD`, or empty / null for "not set yet" (the hall ticket then says TBA).
 * Multipart forms can only send text, so the empty string means "no date" too.
 */
export const examDateField = z.preprocess(
  (v) => (v === '' || v === null ? null : v),
  calendarDateField('examDate').nullable(),
);

/** POST /courses/create-course: the text fields of the multipart body (the thumbnail travels beside them). */
export const createCourseBody = z.object({
  title: requiredText('title', COURSE_TITLE_MAX),
  description: requiredText('description', COURSE_DESCRIPTION_MAX),
  coursenumber: coursenumberField,
  semester: semesterField.default(DEFAULT_SEMESTER),
  branch: branchField.default(DEFAULT_BRANCH),
  examDate: examDateField.optional(),
});
export type CreateCourseBody = z.infer<typeof createCourseBody>;
export type CreateCourseInput = z.input<typeof createCourseBody>;

/** PATCH /courses/updatecourse/:courseId. examDate absent: unchanged; null or '': cleared. */
export const updateCourseBody = z.object({
  title: requiredText('title', COURSE_TITLE_MAX),
  description: requiredText('description', COURSE_DESCRIPTION_MAX),
  semester: semesterField,
  branch: branchField,
  examDate: examDateField.optional(),
});
export type UpdateCourseBody = z.infer<typeof updateCourseBody>;
export type UpdateCourseInput = z.input<typeof updateCourseBody>;

const LIMIT_RANGE = `${label('limit')} must be between 1 and ${LIST_LIMIT_MAX}`;

/** What a cursor the server did not hand out gets (the routes say it too). */
export const CURSOR_INVALID = `${label('cursor')} is not valid`;

/** Optional paging of any listing: without `limit` the whole list comes back (the spec's clients expect it). */
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
  title: textField('title').max(COURSE_TITLE_MAX, { error: `${label('title')} must be at most ${COURSE_TITLE_MAX} characters` }).default(''),
});

/** A course as JSON (API.md "Courses"). */
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** Every course listing answers this; `nextCursor` appears only when paging with `limit`. */
export interface CourseList {
  listofcourses: Course[];
  nextCursor?: string | null;
}

export interface CourseWithOwner {
  course: Course;
  /** The owner's full name (API.md: `owner` here is the name, not the id). */
  owner: string;
}

export interface EnrolledStudent {
  name: string;
  regid: number;
  studentobjectid: string;
}

export interface StudentsOfCourse {
  studentsofcourse: EnrolledStudent[];
  students: string[];
}

/** One entry per course of /searchbystudent, same order: `DD/MM/YYYY`, or `TBA`. */
export interface ExamDates {
  examdates: string[];
}
