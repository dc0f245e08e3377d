import { type AuditAction } from '@campus/contract';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditEntries, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';

export interface AuditFilter {
  actorId?: string;
  targetId?: string;
  action?: AuditAction;
  /** A person, as actor or target: a registration id (or its first digits), or part of a name or email. */
  person?: string;
  /** The first and last days (inclusive, `YYYY-MM-DD`) in `timeZone`. */
  from?: string;
  to?: string;
  timeZone?: string;
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
  if (!/^\d{1,15}$/.test(cursor)) throw refuse('cursor_invalid', { field: 'cursor' });
  return Number(cursor);
}

/** `text` for a LIKE pattern, its own wildcards taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ids of the users a person search means: a registration id's first digits, or part of a name or email (any case). */
function peopleMatching(person: string): SQL {
  const pattern = `%${likeEscaped(person)}%`;
  const match = /^\d{1,12}$/.test(person) ? sql`${users.registrationId}::text like ${`${person}%`}` : or(ilike(users.fullname, pattern), ilike(users.email, pattern))!;
  return sql`select ${users.id} from ${users} where ${match}`;
}

/** The conditions of a filter, shared by the log's pages and its export. */
function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditEntries.actorId, filter.actorId));
  if (filter.targetId) where.push(eq(auditEntries.targetId, filter.targetId));
  if (filter.action) where.push(eq(auditEntries.action, filter.action));
  if (filter.person) {
    const people = peopleMatching(filter.person);
    where.push(sql`(${auditEntries.actorId} in (${people}) or ${auditEntries.targetId} in (${people}))`);
  }
  // A day is the campus's: its midnight in CAMPUS_TZ, whatever the server's own zone.
  const zone = filter.timeZone ?? 'UTC';
  if (filter.from) where.push(gte(auditEntries.at, sql`(${filter.from}::date)::timestamp at time zone ${zone}`));
  if (filter.to) where.push(lt(auditEntries.at, sql`(${filter.to}::date + 1)::timestamp at time zone ${zone}`));
  return where;
}

/** The select of entries with the names of who did them and whom they concern. */
const selectEntries = (db: Db) =>
  db
    .select({
      entry: auditEntries,
      actor: { id: actor.id, fullname: actor.fullname, registrationId: actor.registrationId },
      target: { id: target.id, fullname: target.fullname, registrationId: target.registrationId },
    })
    .from(auditEntries)
    .leftJoin(target, eq(target.id, auditEntries.targetId))
    .leftJoin(actor, eq(actor.id, auditEntries.actorId));

/**
 * Entries newest first (by id, which grows with every entry), `limit` of them after the cursor,
 * and the next page's cursor (null at the end). Each filter has its index ending in the id, so a
 * page is a short backward index scan whatever the table's size.
 */
export async function listAuditEntries(db: Db, filter: AuditFilter, page: AuditPage) {
  const where = conditions(filter);
  if (page.cursor !== undefined) where.push(lt(auditEntries.id, decodeCursor(page.cursor)));
  const found = await selectEntries(db)
    .where(and(...where))
    .orderBy(desc(auditEntries.id))
    .limit(page.limit + 1);
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > page.limit && last ? String(last.entry.id) : null };
}

/**
 * Every entry a filter finds, newest first, up to `max`, in batches of `batch` (keyset by id): what
 * an export streams, never more than one batch in memory.
 */
export async function* eachAuditEntry(db: Db, filter: AuditFilter, max: number, batch = 1000): AsyncGenerator<ListedEntry> {
  let cursor: number | undefined;
  let left = max;
  while (left > 0) {
    const where = conditions(filter);
    if (cursor !== undefined) where.push(lt(auditEntries.id, cursor));
    const rows = await selectEntries(db)
      .where(and(...where))
      .orderBy(desc(auditEntries.id))
      .limit(Math.min(batch, left));
    yield* rows;
    left -= rows.length;
    if (rows.length < Math.min(batch, left + rows.length)) return;
    cursor = rows.at(-1)!.entry.id;
  }
}
