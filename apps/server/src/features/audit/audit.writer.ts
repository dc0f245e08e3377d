import type { AuditAction, AuditDetails } from '@campus/contract';
import { sql } from 'drizzle-orm';
import { auditEntries } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import type { Recipients } from '../notifications';

/**
 * Who made a change and from where: the person (null for the system or the roster) and the
 * client's address as the request gave it. A route builds it from its request and hands it to
 * the service, which writes it with the change.
 */
export interface AuditBy {
  actorId: string | null;
  ip: string | null;
}

/** The caller of a request as an actor: themself, from the address the request came from. */
export const byRequest = (request: { user: { id: string } | null; ip: string }): AuditBy => ({ actorId: request.user?.id ?? null, ip: request.ip });

export interface AuditWrite {
  action: AuditAction;
  targetId: string;
  details?: AuditDetails;
}

/**
 * Writes one entry, inside the transaction of the change it tells of: both are kept, or neither.
 * `details` says what changed and never holds a password, hash or token.
 */
export async function audit(tx: Db, by: AuditBy, entry: AuditWrite): Promise<void> {
  await tx.insert(auditEntries).values({ action: entry.action, actorId: by.actorId, targetId: entry.targetId, details: entry.details ?? {}, ip: by.ip });
}

/**
 * One entry per user of `targets` (the same named audiences notifications go to), in one
 * INSERT … SELECT however many there are: a course's deletion tells each of its students.
 */
export async function auditEach(tx: Db, by: AuditBy, action: AuditAction, targets: Recipients, details: AuditDetails = {}): Promise<void> {
  await tx.execute(sql`
    insert into ${auditEntries} (action, actor_id, target_id, details, ip)
    select ${action}, ${by.actorId}::uuid, t.id, ${JSON.stringify(details)}::jsonb, ${by.ip}
    from (${targets}) as t(id)`);
}
