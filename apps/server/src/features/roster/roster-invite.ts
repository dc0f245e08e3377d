import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditEntries, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { refuse } from '../../platform/errors/app-error';
import type { MailSecrets } from '../../platform/mail/mail-secrets';
import type { AuditBy } from '../audit';
import { issueInvitations } from '../users';
import { importOr404 } from './roster.service';

/** What inviting an import's new accounts needs: the database, whether mail is on, the queue's seal, the clock. */
export interface InviteDeps {
  db: Db;
  mailOn: boolean;
  mailSecrets: MailSecrets;
  now: () => Date;
}

/**
 * "Invite the N new accounts" after a roster is applied: an invitation (users/password-reset.ts,
 * valid 7 days, naming the administrator `sentBy`) to every account this import created that is
 * still switched on and still has no password, with a `user.invited` entry each; the number sent.
 * Which accounts an import created is read from its own audit entries (`import.applied`, action
 * `create`): the import's `changes` list only its first 1,000 rows. A preview, or an import of
 * courses or enrolments, created none: 0. Sent again, it invites whoever still has no password.
 */
export async function inviteImported({ db, mailOn, mailSecrets, now }: InviteDeps, by: AuditBy, importId: string, sentBy: string): Promise<number> {
  const record = await importOr404(db, importId);
  if (!mailOn) throw refuse('invite_unavailable');
  if (record.kind !== 'users' || record.status !== 'applied') return 0;
  return db.transaction(async (tx) => {
    // Locked, so that a password set meanwhile is seen, and two clicks do not both send.
    const createdByImport = sql`select ${auditEntries.targetId} from ${auditEntries}
      where ${auditEntries.action} = 'import.applied' and ${auditEntries.details}->'import'->>'_id' = ${importId}
        and ${auditEntries.details}->'import'->>'action' = 'create'`;
    const rows = await tx
      .select()
      .from(users)
      .where(and(isNull(users.passwordHash), eq(users.active, true), sql`${users.id} in (${createdByImport})`))
      .for('update');
    if (rows.length === 0) return 0;
    await issueInvitations(tx, mailSecrets, rows, now(), sentBy);
    await tx.insert(auditEntries).values(rows.map((u) => ({ action: 'user.invited' as const, actorId: by.actorId, targetId: u.id, details: {}, ip: by.ip })));
    return rows.length;
  });
}
