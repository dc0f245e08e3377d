/**
 * What the app and other features may use of courses: its routes, who owns a course, who is
 * enrolled in it, and a course's link and students as notifications address them. Everything
 * else in this folder is its own business (lint holds other features to this file).
 */
export { assertOwner, isOwner } from './courses.policy';
export { courseLink, courseOr404, enrolledIn, isEnrolled, teachesStudent } from './courses.service';
export { coursesRoutes } from './courses.routes';
