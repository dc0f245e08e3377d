/** Coursework: assignments and class tests, submissions with signed receipts, marks, the gradebook and the course stream. */
import type { FastifyInstance } from 'fastify';
import { assignmentsRoutes } from './assignments.routes';
import { marksRoutes } from './marks.routes';
import { registerReminders } from './reminders';
import { streamRoutes } from './stream.routes';
import { submissionsRoutes } from './submissions.routes';

export { dueTimesOf, type DueTime } from './due-times';

/** /api/v1/coursework. */
export async function courseworkRoutes(app: FastifyInstance): Promise<void> {
  registerReminders(app);
  await app.register(assignmentsRoutes);
  await app.register(submissionsRoutes);
  await app.register(marksRoutes);
  await app.register(streamRoutes);
}
