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
  type CourseWithOwner,
  type ExamDates,
  type StudentsOfCourse,
} from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../platform/errors/app-error';
import { ok, okJson } from '../../platform/errors/envelope';
import { parseOrThrow } from '../../platform/errors/validation';
import { readMultipart } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { limiter } from '../../platform/limits/limiter';
import { assertOwner, canCreateCourses } from './courses.policy';
import { CourseViews } from './course-views';
import { courseListJson, presentCourse } from './courses.presenter';
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
  const views = new CourseViews(db, app.bus);
  const createPerUser = limiter(app, 'create-course', app.config.rateLimits.createPerUser, 'too many courses created this hour', (r) => r.user!.id);

  /** A listing's answer ({ listofcourses, nextCursor? } of CourseList), written as JSON directly. */
  const listing = async (reply: FastifyReply, filter: CourseFilter, page: Page): Promise<string> => {
    const { courses, nextCursor } = await listCourses(db, filter, page);
    // Only callers that page get a cursor; the spec's clients see exactly { listofcourses }.
    const cursor = page.limit !== undefined ? `,"nextCursor":${JSON.stringify(nextCursor)}` : '';
    return okJson(reply, `{"listofcourses":${courseListJson(courses)}${cursor}}`, 'courses fetched successfully');
  };

  app.get(paths.courses.all, {
    config: { access: 'user', etag: true },
    schema: { tags, summary: 'Every course, newest first', querystring: pageQuery },
    handler: async (request, reply) => listing(reply, {}, request.query),
  });

  app.get(paths.courses.bySemester, {
    config: { access: 'user', etag: true },
    schema: { tags, summary: 'Courses by semester (9 = all) and branch (All = all)', querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return listing(reply, { semester, branch }, page);
    },
  });

  app.get(paths.courses.byTitle, {
    config: { access: 'user', etag: true },
    schema: { tags, summary: 'Courses whose title contains the text, ignoring case (semester and branch optional)', querystring: titleSearchQuery },
    handler: async (request, reply) => {
      const { title, semester, branch, ...page } = request.query;
      return listing(reply, { title: title.trim(), semester, branch }, page);
    },
  });

  app.get(paths.courses.byOwner, {
    config: { access: 'professor', etag: true },
    schema: { tags, summary: "The caller's own courses", querystring: pageQuery },
    handler: async (request, reply) => listing(reply, { ownerId: request.user!.id }, request.query),
  });

  app.get(paths.courses.byStudent, {
    config: { access: 'student', etag: true },
    schema: { tags, summary: 'The courses the caller joined, in the order joined', querystring: pageQuery },
    handler: async (request, reply) => listing(reply, { studentId: request.user!.id }, request.query),
  });

  app.get(paths.courses.myCourses, {
    config: { access: 'student', etag: true },
    schema: { tags, summary: 'The courses the caller joined, filtered', querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return listing(reply, { studentId: request.user!.id, semester, branch }, page);
    },
  });

  app.get(paths.courses.myCoursesTeacher, {
    config: { access: 'professor', etag: true },
    schema: { tags, summary: "The caller's own courses, filtered", querystring: courseFilterQuery },
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return listing(reply, { ownerId: request.user!.id, semester, branch }, page);
    },
  });

  app.get(paths.courses.examDates, {
    config: { access: 'student' },
    schema: { tags, summary: 'Exam dates aligned by position with /searchbystudent (DD/MM/YYYY or TBA)' },
    handler: async (request, reply) => {
      const { courses } = await listCourses(db, { studentId: request.user!.id });
      const data: ExamDates = { examdates: courses.map((c) => formatExamDate(c.examDate)) };
      return ok(reply, data, 'exam dates fetched successfully');
    },
  });

  app.post(paths.courses.create, {
    config: { access: canCreateCourses, upload: { field: 'thumbnail', kind: 'thumbnail' } },
    onRequest: [createPerUser],
    schema: { tags, summary: 'Create a course (multipart, thumbnail optional)', consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      const form = await readMultipart(request, app.fileStore);
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
      const view = await views.get(request.params.courseId);
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
      await views.changed(course.id);
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
      await views.changed(course.id);
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
      await views.changed(course.id);
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'joined the course successfully');
    },
  });

  app.patch(`${API_PREFIX}/courses/removestudentfromcourse/:courseId`, {
    config: { access: 'student' },
    schema: { tags, summary: 'Leave a course (409 if not joined)', params: courseParams },
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      if (!(await removeEnrolment(db, course.id, request.user!.id))) throw conflict('you have not joined this course');
      await views.changed(course.id);
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
      await views.changed(course.id);
      return ok(reply, { course: presentCourse(await courseViewOr404(db, course.id)) }, 'student removed successfully');
    },
  });
}
