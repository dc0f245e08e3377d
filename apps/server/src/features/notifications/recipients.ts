import { ROLES } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { enrollments, users } from '../../db/schema';

declare const chosen: unique symbol;

/**
 * Who a notification is for: a SELECT of user ids that `notify` fans out in one INSERT … SELECT.
 * Only the selectors below make one, so every audience the portal tells has a name a reader can
 * look up here, and no feature writes another's tables as SQL to address its users.
 */
export type Recipients = SQL & { readonly [chosen]: true };

const recipients = (query: SQL) => query as Recipients;

/** One user. */
export const oneUser = (userId: string): Recipients => recipients(sql`select ${userId}::uuid`);

/**
 * The students of a semester and branch: who a new course is for. The role is written as a
 * literal, not a parameter, so that the planner matches the partial index on students' cohorts.
 */
export const cohort = (semester: number, branch: string): Recipients =>
  recipients(sql`select ${users.id} from ${users} where ${users.userrole} = ${sql.raw(String(ROLES.STUDENT))} and ${users.semester} = ${semester} and ${users.branch} = ${branch}`);

/**
 * These users, by id: the few a change just picked out itself (the students whose marks one
 * UPDATE … RETURNING returned). One parameter, a JSON array, however many there are.
 */
export const everyOf = (userIds: readonly string[]): Recipients =>
  recipients(sql`select value::uuid from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)`);

/** The students enrolled in a course. */
export const enrolledIn = (courseId: string): Recipients =>
  recipients(sql`select ${enrollments.studentId} from ${enrollments} where ${enrollments.courseId} = ${courseId}`);

/**
 * Every exam office member who can act on it (a professor account with the role, switched on,
 * as the access rule 'examOffice' admits): each is told of a new marksheet request.
 */
export const examOffice = (): Recipients =>
  recipients(sql`select ${users.id} from ${users} where ${users.isExamOffice} and ${users.userrole} = ${sql.raw(String(ROLES.PROFESSOR))} and ${users.active}`);

declare const own: unique symbol;

/**
 * Notices each person gets in their own words: a SELECT of (recipient id, content, link) rows,
 * one notification each, for a bulk change where every row is somebody's own news (the roster's
 * "… enrolled you in Data Structures"). Only `eachTheirOwn` makes one: a reader finds here every
 * place that writes such a SELECT.
 */
export type Notices = SQL & { readonly [own]: true };

export const eachTheirOwn = (rows: SQL): Notices => rows as Notices;
