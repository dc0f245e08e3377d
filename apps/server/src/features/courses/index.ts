/**
 * What the app and other features may use of courses: its routes, who owns a course, who is
 * enrolled in it, a course's link, students and professor as notifications address them, and the exam days
 * of a user's courses (the calendar feed). Everything
 * else in this folder is its own business (lint holds other features to this file).
 */
export { assertOwner, isOwner } from './courses.policy';
export { courseLink, courseOr404, examDaysOf, isEnrolled, professorName, teachesStudent, type ExamDay } from './courses.service';
export { coursesRoutes } from './courses.routes';
