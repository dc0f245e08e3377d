import { CURSOR_INVALID, type AuditAction } from '@campus/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditEntries, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/errors/app-error';

export interface AuditFilter {
  actorId?: string;
  targetId?: string;
  action?: AuditAction;
}

export interface AuditPage {
  limit: number;
  cursor?: string;
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** An entry with the names of who did it and whom it concerns. */
export type ListedEntry = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];

/** A cursor is the id of the last entry given: digits only, anything else is not one. */
function decodeCursor(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw badRequest(CURSOR_INVALID);
  return Number(cursor);
}

/**
 * Entries newest first (by id, which grows with every entry), `limit` of them after the cursor,
 * and the next page's cursor (null at the end). Each filter has its index ending in the id, so a
 * page is a short backward index scan whatever the table's size.
 */
export async function listAuditEntries(db: Db, filter: AuditFilter, page: AuditPage) {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditEntries.actorId, filter.actorId));
  if (filter.targetId) where.push(eq(auditEntries.targetId, filter.targetId));
  if (filter.action) where.push(eq(auditEntries.action, filter.action));
  if (page.cursor !== undefined) where.push(lt(auditEntries.id, decodeCursor(page.cursor)));
  const found = await db
    .select({
      entry: auditEntries,
      actor: { id: actor.id, fullname: actor.fullname, registrationId: actor.registrationId },
      target: { id: target.id, fullname: target.fullname, registrationId: target.registrationId },
    })
    .from(auditEntries)
    .leftJoin(target, eq(target.id, auditEntries.targetId))
    .leftJoin(actor, eq(actor.id, auditEntries.actorId))
    .where(and(...where))
    .orderBy(desc(auditEntries.id))
    .limit(page.limit + 1);
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > page.limit && last ? String(last.entry.id) : null };
}
