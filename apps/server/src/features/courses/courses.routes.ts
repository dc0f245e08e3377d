import {
  API_PREFIX,
  MESSAGES,
  courseFilterQuery,
  createCourseBody,
  formatExamDate,
  pageQuery,
  paths,
  titleSearchQuery,
  updateCourseBody,
  type CourseList,
  type CourseWithOwner,
  type ExamDates,
  type StudentsOfCourse,
} from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { assertOwner, canCreateCourses } from './courses.policy';
import { presentCourse } from './courses.presenter';
import { listCourses, type CourseFilter, type Page } from './courses.queries';
import {
  courseOr404,
  courseViewOr404,
  createCourse,
  deleteCourse,
  joinCourse,
  removeEnrolment,
  removeStudent,
  studentsOfCourse,
  updateCourse,
} from './courses.service';

const courseParams = z.object({ courseId: z.string().max(100) });
const studentParams = courseParams.extend({ studentId: z.string().max(100) });
const tags = ['courses'];

/** Every /api/v1/courses route of API.md. Who may call each is in its `access` and the policy. */
export async function coursesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const listing = async (filter: CourseFilter, page: Page): Promise<CourseList> => {
    const { views, nextCursor } = await listCourses(db, filter, page);
    const list: CourseList = { listofcourses: views.map(presentCourse) };
    // Only callers that page get a cursor; the spec's clients see exactly { listofcourses }.
    if (page.limit !== undefined) list.nextCursor = nextCursor;
    return list;
  };

  app.get(paths.courses.all, {
    config: { access: 'user' },
    schema: { tags, summary: 'Every course, newest first', querystring: pageQuery },
    handler: async (request, reply) => ok(reply, await listing({}, request.query), 'courses fetched successfully'),
  });

  app.get(paths.courses.bySemester, {
    config: { access: 'user' },
    schema: { tags, summary: 'Courses by semester (9 = all) and branch (All = all)', querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return ok(reply, await listing({ semester, branch }, page), 'courses fetched successfully');
    },
  });

  app.get(paths.courses.byTitle, {
    config: { access: 'user' },
    schema: { tags, summary: 'Courses whose title contains the text, ignoring case (semester and branch optional)', querystring: titleSearchQuery },
    handler: async (request, reply) => {
      const { title, semester, branch, ...page } = request.query;
      return ok(reply, await listing({ title: title.trim(), semester, branch }, page), 'courses fetched successfully');
    },
  });

  app.get(paths.courses.byOwner, {
    config: { access: 'professor' },
    schema: { tags, summary: "The caller's own courses", querystring: pageQuery },
    handler: async (request, reply) => ok(reply, await listing({ ownerId: request.user!.id }, request.query), 'courses fetched successfully'),
  });

  app.get(paths.courses.byStudent, {
    config: { access: 'student' },
    schema: { tags, summary: 'The courses the caller joined, in the order joined', querystring: pageQuery },
    handler: async (request, reply) => ok(reply, await listing({ studentId: request.user!.id }, request.query), 'courses fetched successfully'),
  });

  app.get(paths.courses.myCourses, {
    config: { access: 'student' },
    schema: { tags, summary: 'The courses the caller joined, filtered', querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return ok(reply, await listing({ studentId: request.user!.id, semester, branch }, page), 'courses fetched successfully');
    },
  });

  app.get(paths.courses.myCoursesTeacher, {
    config: { access: 'professor' },
    schema: { tags, summary: "The caller's own courses, filtered", querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return ok(reply, await listing({ ownerId: request.user!.id, semester, branch }, page), 'courses fetched successfully');
    },
  });

  app.get(paths.courses.examDates, {
    config: { access: 'student' },
    schema: { tags, summary: 'Exam dates aligned by position with /searchbystudent (DD/MM/YYYY or TBA)' },
    handler: async (request, reply) => {
      const { views } = await listCourses(db, { studentId: request.user!.id });
      const data: ExamDates = { examdates: views.map((v) => formatExamDate(v.row.examDate)) };
      return ok(reply, data, 'exam dates fetched successfully');
    },
  });

  app.post(paths.courses.create, {
    config: { access: canCreateCourses },
    schema: { tags, summary: 'Create a course (multipart, thumbnail optional)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore, { fileField: 'thumbnail', kind: 'thumbnail' });
      try {
        const body = parseOrThrow(createCourseBody, form.fields);
        const view = await createCourse(db, request.user!, body, form.file);
        return ok(reply, { course: presentCourse(view) }, 'course created successfully', 201);
      } catch (err) {
        // A refused course leaves no thumbnail behind.
        if (form.file) await app.fileStore.delete(form.file.key);
        throw err;
      }
    },
  });

  app.get(`${API_PREFIX}/courses/getcourse/:courseId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'One course, with its owner’s name as `owner`', params: courseParams },
    handler: async (request, reply) => {
      const view = await courseViewOr404(db, request.params.courseId);
      const data: CourseWithOwner = { course: presentCourse(view), owner: view.ownername };
      return ok(reply, data, 'course fetched successfully');
    },
  });

  app.patch(`${API_PREFIX}/courses/updatecourse/:courseId`, {
    config: { access: 'professor' },
    schema: { tags, summary: 'Edit a course (owner)', params: courseParams, body: updateCourseBody },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      assertOwner(request.user!, course);
      await updateCourse(db, course, request.body);
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'course updated successfully');
    },
  });

  app.delete(`${API_PREFIX}/courses/deletecourse/:courseId`, {
    config: { access: 'professor' },
    schema: { tags, summary: 'Delete a course with its notes, enrolments and files (owner)', params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      assertOwner(request.user!, course);
      await deleteCourse(db, app.fileStore, course);
      return ok(reply, {}, MESSAGES.courseDeleted);
    },
  });

  app.get(`${API_PREFIX}/courses/studentsofcourse/:courseId`, {
    config: { access: 'user' },
    schema: { tags, summary: 'The enrolled students', params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      const studentsofcourse = await studentsOfCourse(db, course.id);
      const data: StudentsOfCourse = { studentsofcourse, students: studentsofcourse.map((s) => s.studentobjectid) };
      return ok(reply, data, 'students fetched successfully');
    },
  });

  app.patch(`${API_PREFIX}/courses/addstudenttocourse/:courseId`, {
    config: { access: 'student' },
    schema: { tags, summary: 'Join a course (409 if already joined)', params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      await joinCourse(db, course, request.user!);
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'joined the course successfully');
    },
  });

  app.patch(`${API_PREFIX}/courses/removestudentfromcourse/:courseId`, {
    config: { access: 'student' },
    schema: { tags, summary: 'Leave a course (409 if not joined)', params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      if (!(await removeEnrolment(db, course.id, request.user!.id))) throw conflict('you have not joined this course');
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'left the course successfully');
    },
  });

  app.patch(`${API_PREFIX}/courses/removestudent/:courseId/:studentId`, {
    config: { access: 'professor' },
    schema: { tags, summary: 'Remove an enrolled student (owner; 404 if not enrolled)', params: studentParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      assertOwner(request.user!, course);
      const studentId = existingId(request.params.studentId, 'student');
      if (!(await removeStudent(db, course, studentId))) throw notFound('student is not enrolled in this course');
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'student removed successfully');
    },
  });
}
