import { z } from 'zod';
import { userChanged } from '../../platform/auth/sessions';
import { FreshCache } from '../../platform/cache/fresh-cache';
import type { Db } from '../../platform/db/database';
import { existingId } from '../../platform/http/ids';
import type { KeptAnswer } from '../../platform/http/kept-answer';
import { announce, topic, type Bus } from '../../platform/realtime/bus';
import type { CourseView } from './courses.queries';
import { courseViewOr404 } from './courses.service';

/** A course changed: its page's copies are stale (`topic` tells course pages from other kinds of copy). */
const courseChanged = topic('stale', z.object({ topic: z.literal('course'), id: z.string() }));
const TTL_MS = 10_000;
const MAX_COURSES = 5_000;

/** A course's page as written: whose it is (their name is on it), and the answer. */
interface KeptCourse {
  ownerId: string;
  answer: KeptAnswer;
}

/**
 * Course pages (getcourse, the most read answer after current-user) from this instance's copy
 * when it holds one: no query, no JSON, no hashing and (compressed once by its tag) no
 * compression when nothing changed. A change to a course (edited, deleted, a
 * student joined, left or was removed) is forgotten here at once and, through the bus, on every
 * instance; so is every course of an owner whose account changed (their name is on the page).
 */
export class CourseViews {
  private readonly cache = new FreshCache<KeptCourse>(TTL_MS, MAX_COURSES);

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    bus.on(courseChanged, ({ id }) => this.cache.forget(id));
    bus.on(userChanged, ({ user }) => this.cache.forgetWhere((kept) => kept.ownerId === user));
    bus.onResume(() => this.cache.clear());
  }

  /** The course's page, kept or written by `write` from the course with its owner's name and students; 404 for none. */
  async answerOf(courseId: string, write: (view: CourseView) => KeptAnswer, now = Date.now()): Promise<KeptAnswer> {
    const id = existingId(courseId, 'course_not_found');
    const cached = this.cache.get(id, now);
    if (cached) return cached.answer;
    const generation = this.cache.generation;
    const view = await courseViewOr404(this.db, id);
    const answer = write(view);
    this.cache.put(id, { ownerId: view.row.ownerId, answer }, generation, now);
    return answer;
  }

  /** Call after a course changed: no instance serves the old page any more. */
  async changed(courseId: string): Promise<void> {
    this.cache.forget(courseId);
    await announce(this.db, courseChanged, { topic: 'course', id: courseId });
  }
}
