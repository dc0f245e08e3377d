import { randomUUID } from 'node:crypto';
import { type CreateEventBody, type UpdateEventBody } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { events, files, type EventRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import { deleteFileRow, insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { findEventView, type EventView } from './events.queries';

/** The event row for a path id, or 404 (malformed and unknown ids alike). */
export async function eventOr404(db: Db, eventId: string): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, existingId(eventId, 'event_not_found'))).limit(1);
  if (!row) throw refuse('event_not_found');
  return row;
}

/** The event with its host's name and avatar, or 404. */
export async function eventViewOr404(db: Db, eventId: string): Promise<EventView> {
  const view = await findEventView(db, existingId(eventId, 'event_not_found'));
  if (!view) throw refuse('event_not_found');
  return view;
}

/** A wall-clock minute on campus: a day `YYYY-MM-DD` and a time `HH:MM` (contract `wallClockIn`). */
export interface CampusMinute {
  date: string;
  time: string;
}

/**
 * Refuses a start already past on campus (400 naming the field): the date when its day is over,
 * the time when the day is today and the minute has gone. The current minute itself still counts
 * as now, not past. Dates and times compare as text: both are zero-padded.
 */
export function assertNotPast(start: CampusMinute, now: CampusMinute): void {
  if (start.date < now.date) {
    throw refuse('event_day_past');
  }
  if (start.date === now.date && start.time < now.time) {
    throw refuse('event_time_past', { params: { earliest: now.time } });
  }
}

/**
 * Creates an event hosted by `host`, with its thumbnail when one was sent. The thumbnail bytes
 * are already durable; the file row and the event row share a transaction, and the caller
 * deletes the bytes if this throws.
 */
export async function createEvent(db: Db, host: UserRow, body: CreateEventBody, thumbnail: StoredUpload | null, campusNow: CampusMinute): Promise<EventView> {
  assertNotPast(body, campusNow);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const file = thumbnail ? await insertFileRow(tx, thumbnail, 'thumbnail', host.id) : null;
    const [inserted] = await tx
      .insert(events)
      .values({
        id: randomUUID(),
        title: body.title,
        description: body.description,
        date: body.date,
        time: body.time,
        venue: body.venue,
        thumbnailFileId: file?.id ?? null,
        ownerId: host.id,
        instagram: body.instagram,
        twitter: body.twitter,
        linkedin: body.linkedin,
        gform: body.gform,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('event not inserted');
    return inserted;
  });
  return { row, fullname: host.fullname, avatarFileId: host.avatarFileId };
}

/**
 * Deletes an event and its thumbnail's row in one transaction, and answers the storage keys
 * whose bytes the caller removes after the commit (a rolled-back delete must not lose files).
 * Once this returns the thumbnail's URL answers 404, whether or not its bytes are gone yet.
 */
export async function deleteEvent(db: Db, event: EventRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, event.id));
    if (!event.thumbnailFileId) return [];
    const removed = await tx.delete(files).where(eq(files.id, event.thumbnailFileId)).returning({ key: files.storageKey });
    return removed.map((r) => r.key);
  });
}

/**
 * The host's edit: every field as given, the thumbnail replaced when one was sent (its bytes
 * already durable, as for create), and the revision raised so calendar apps take the change.
 * A new date or time must not be past; one left as it was may be (fixing a typo in a past
 * event's description must stay possible, and moving it is what the rule is about). The row is
 * locked while it changes, so two edits at once each replace the thumbnail the other left.
 * Answers the storage key of the replaced thumbnail, for the caller to remove after the commit.
 */
export async function updateEvent(
  db: Db,
  eventId: string,
  body: UpdateEventBody,
  thumbnail: StoredUpload | null,
  campusNow: CampusMinute,
): Promise<{ row: EventRow; replacedKey: string | undefined }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!current) throw refuse('event_not_found');
    const moved = body.date !== current.date || body.time !== current.time.slice(0, 5);
    if (moved) assertNotPast(body, campusNow);
    const file = thumbnail ? await insertFileRow(tx, thumbnail, 'thumbnail', current.ownerId) : null;
    const [row] = await tx
      .update(events)
      .set({
        title: body.title,
        description: body.description,
        date: body.date,
        time: body.time,
        venue: body.venue,
        instagram: body.instagram,
        twitter: body.twitter,
        linkedin: body.linkedin,
        gform: body.gform,
        ...(file ? { thumbnailFileId: file.id } : {}),
        revision: sql`${events.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(events.id, eventId))
      .returning();
    if (!row) throw new Error('event vanished while locked');
    const replacedKey = file && current.thumbnailFileId ? await deleteFileRow(tx, current.thumbnailFileId) : undefined;
    return { row, replacedKey };
  });
}
