import { REFUSALS } from '@campus/contract';
import { randomUUID } from 'node:crypto';
import type { CreateEventBody } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { events, files, type EventRow, type UserRow } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors/app-error';
import { insertFileRow } from '../../platform/files/files.service';
import type { StoredUpload } from '../../platform/files/upload';
import { existingId } from '../../platform/http/ids';
import { findEventView, type EventView } from './events.queries';

/** The event row for a path id, or 404 (malformed and unknown ids alike). */
export async function eventOr404(db: Db, eventId: string): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, existingId(eventId, 'event'))).limit(1);
  if (!row) throw notFound(REFUSALS.eventNotFound);
  return row;
}

/** The event with its host's name and avatar, or 404. */
export async function eventViewOr404(db: Db, eventId: string): Promise<EventView> {
  const view = await findEventView(db, existingId(eventId, 'event'));
  if (!view) throw notFound(REFUSALS.eventNotFound);
  return view;
}

/**
 * Creates an event hosted by `host`, with its thumbnail when one was sent. The thumbnail bytes
 * are already durable; the file row and the event row share a transaction, and the caller
 * deletes the bytes if this throws.
 */
export async function createEvent(db: Db, host: UserRow, body: CreateEventBody, thumbnail: StoredUpload | null): Promise<EventView> {
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
