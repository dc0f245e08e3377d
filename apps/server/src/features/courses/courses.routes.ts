import { byRequest } from '../audit';
import { MESSAGES, SUCCESSES, api, createCourseBody, formatExamDate, todayIn, type Course } from '@campus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CourseRow, UserRow } from '../../db/schema';
import { refuse } from '../../platform/errors/app-error';
import { ok, sendJson } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { keptSuccess, sendKept } from '../../platform/http/kept-answer';
import { needed } from '../../platform/provide';
import { parseOrThrow } from '../../platform/errors/validation';
import { removeStored } from '../../platform/files/remove-stored';
import { withUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { limiter } from '../../platform/limits/limiter';
import { assertOwner, canCreateCourses } from './courses.policy';
import { CataloguePages } from './catalogue-pages';
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
  replaceCourseThumbnail,
  studentsOfCourse,
  updateCourse,
  type CoursesDeps,
} from './courses.service';

const { courses } = api;
const route = contractRoutes('courses');

/** Every /api/v1/courses route of the contract (packages/contract/src/courses.ts). Who may call each is in its `access` and the policy. */
export async function coursesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const views = new CourseViews(db, app.bus);
  const cataloguePages = new CataloguePages(app.bus);
  const deps: CoursesDeps = { db, notify: needed(app, 'notify'), today: () => todayIn(app.config.campusTimeZone, app.config.now()) };

  /** The course of the path, which `user` must own: 404 for no such course, then 403. */
  const ownCourse = async (user: UserRow, courseId: string): Promise<CourseRow> => {
    const course = await courseOr404(db, courseId);
    assertOwner(user, course);
    return course;
  };

  /**
   * After any change to a course: every instance forgets its cached view (`getcourse`) and its
   * catalogue pages (this one at once, the others through the bus), and the caller gets the
   * course as it now is.
   */
  const changed = async (courseId: string): Promise<Course> => {
    cataloguePages.forget();
    await views.changed(courseId);
    return presentCourse(await courseViewOr404(db, courseId));
  };
  const createPerUser = limiter(app, 'create-course', app.config.rateLimits.createPerUser, 'courses', (r) => r.user!.id);

  /** A listing's data ({ listofcourses, nextCursor? } of CourseList), written as JSON directly. */
  const listingJson = async (filter: CourseFilter, page: Page): Promise<string> => {
    const { courses: list, nextCursor } = await listCourses(db, filter, page);
    // Only callers that page get a cursor; existing clients see exactly { listofcourses }.
    const cursor = page.limit !== undefined ? `,"nextCursor":${JSON.stringify(nextCursor)}` : '';
    return `{"listofcourses":${courseListJson(list)}${cursor}}`;
  };
  const LISTED = 'courses fetched successfully';
  /** A listing that is the same for everyone, from this instance's kept pages. */
  const catalogue = async (reply: FastifyReply, filter: Omit<CourseFilter, 'ownerId' | 'studentId'>, page: Page): Promise<void> => {
    const key = JSON.stringify([filter.semester, filter.branch, filter.title, page.limit, page.cursor]);
    await sendKept(reply, await cataloguePages.answerOf(key, LISTED, () => listingJson(filter, page)));
  };
  /** A listing of one user's courses. */
  const listing = async (reply: FastifyReply, filter: CourseFilter, page: Page): Promise<void> => sendJson(reply, await listingJson(filter, page), LISTED);

  app.route({
    ...route(courses.all, { access: 'user', etag: true }),
    handler: async (request, reply) => catalogue(reply, {}, request.query),
  });

  app.route({
    ...route(courses.bySemester, { access: 'user', etag: true }),
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return catalogue(reply, { semester, branch }, page);
    },
  });

  app.route({
    ...route(courses.byTitle, { access: 'user', etag: true }),
    handler: async (request, reply) => {
      const { title, semester, branch, ...page } = request.query;
      return catalogue(reply, { title: title.trim(), semester, branch }, page);
    },
  });

  app.route({
    ...route(courses.byOwner, { access: 'professor', etag: true }),
    handler: async (request, reply) => listing(reply, { ownerId: request.user!.id }, request.query),
  });

  app.route({
    ...route(courses.byStudent, { access: 'student', etag: true }),
    handler: async (request, reply) => listing(reply, { studentId: request.user!.id }, request.query),
  });

  app.route({
    ...route(courses.myCourses, { access: 'student', etag: true }),
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return listing(reply, { studentId: request.user!.id, semester, branch }, page);
    },
  });

  app.route({
    ...route(courses.myCoursesTeacher, { access: 'professor', etag: true }),
    handler: async (request, reply) => {
      const { semester, branch, ...page } = request.query;
      return listing(reply, { ownerId: request.user!.id, semester, branch }, page);
    },
  });

  app.route({
    ...route(courses.examDates, { access: 'student' }),
    handler: async (request, reply) => {
      const { courses: joined } = await listCourses(db, { studentId: request.user!.id });
      return ok(reply, { examdates: joined.map((c) => formatExamDate(c.examDate)) }, 'exam dates fetched successfully');
    },
  });

  app.route({
    ...route(courses.create, { access: canCreateCourses }),
    onRequest: [createPerUser],
    handler: async (request, reply) =>
      withUpload(request, app.fileStore, async (form) => {
        const body = parseOrThrow(createCourseBody, form.fields);
        const view = await createCourse(deps, request.user!, body, form.file);
        cataloguePages.forget();
        return ok(reply, { course: presentCourse(view) }, SUCCESSES.courseCreated, 201);
      }),
  });

  app.route({
    ...route(courses.get, { access: 'user', etag: true }),
    handler: async (request, reply) => {
      // Written once per change of the course.
      const answer = await views.answerOf(request.params.courseId, (view) =>
        keptSuccess(reply, { course: presentCourse(view), owner: view.ownername }, 'course fetched successfully'),
      );
      return sendKept(reply, answer);
    },
  });

  app.route({
    ...route(courses.update, { access: 'professor' }),
    handler: async (request, reply) => {
      const course = await ownCourse(request.user!, request.params.courseId);
      await updateCourse(deps, request.user!, course, request.body);
      return ok(reply, { course: await changed(course.id) }, SUCCESSES.courseUpdated);
    },
  });

  app.route({
    ...route(courses.updateThumbnail, { access: 'professor' }),
    handler: async (request, reply) => {
      // Who may upload is settled before a byte of the file is stored.
      const course = await ownCourse(request.user!, request.params.courseId);
      const replacedKey = await withUpload(request, app.fileStore, async (form) => {
        if (!form.file) throw refuse('field_required', { field: 'thumbnail' });
        return replaceCourseThumbnail(db, course.id, form.file);
      });
      await removeStored(app.fileStore, [replacedKey], request.log);
      return ok(reply, { course: await changed(course.id) }, SUCCESSES.courseThumbnailUpdated);
    },
  });

  app.route({
    ...route(courses.delete, { access: 'professor' }),
    handler: async (request, reply) => {
      const course = await ownCourse(request.user!, request.params.courseId);
      await removeStored(app.fileStore, await deleteCourse(deps, byRequest(request), course, request.user!), request.log);
      // Forgotten on every instance; there is nothing left to present.
      cataloguePages.forget();
      await views.changed(course.id);
      return ok(reply, {}, MESSAGES.courseDeleted);
    },
  });

  app.route({
    ...route(courses.students, { access: 'user' }),
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      const studentsofcourse = await studentsOfCourse(db, course.id);
      return ok(reply, { studentsofcourse, students: studentsofcourse.map((s) => s.studentobjectid) }, 'students fetched successfully');
    },
  });

  app.route({
    ...route(courses.join, { access: 'student' }),
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      await joinCourse(deps, course, request.user!);
      return ok(reply, { course: await changed(course.id) }, SUCCESSES.joined);
    },
  });

  app.route({
    ...route(courses.leave, { access: 'student' }),
    handler: async (request, reply) => {
      const course = await courseOr404(db, request.params.courseId);
      if (!(await removeEnrolment(db, course.id, request.user!.id))) throw refuse('not_joined');
      return ok(reply, { course: await changed(course.id) }, SUCCESSES.left);
    },
  });

  app.route({
    ...route(courses.removeStudent, { access: 'professor' }),
    handler: async (request, reply) => {
      const course = await ownCourse(request.user!, request.params.courseId);
      const studentId = existingId(request.params.studentId, 'student_not_found');
      if (!(await removeStudent(deps, byRequest(request), course, request.user!, studentId))) throw refuse('student_not_enrolled');
      return ok(reply, { course: await changed(course.id) }, SUCCESSES.studentRemoved);
    },
  });
}
