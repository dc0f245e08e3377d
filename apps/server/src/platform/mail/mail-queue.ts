import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailJobs } from '../../db/schema';
import type { Db } from '../db/database';
import { announce, topic } from '../realtime/bus';
import type { MailSecrets } from './mail-secrets';
import { MAIL_PRIORITY, type MailMessage } from './mail-template';

export type { MailMessage } from './mail-template';

/**
 * Jobs were queued: every instance's worker looks at once rather than at its next poll. Sent
 * inside the producer's transaction, it arrives at commit, when the jobs can be seen.
 */
export const mailQueued = topic('mail', z.object({}));

/**
 * Wakes the mail workers of every instance once the caller's transaction commits. `enqueueMail`
 * does it; a producer that fills mail_jobs with its own `INSERT … SELECT` calls it after.
 */
export async function wakeMailWorkers(db: Db): Promise<void> {
  await announce(db, mailQueued, {});
}

/**
 * Queues emails in one INSERT, however many (the rows travel as one JSON parameter, so no
 * parameter limit caps a fan-out); a message whose dedupeKey is already in the queue is skipped.
 * Build each with its template's `message(…)`. Pass the transaction of the change that causes
 * the emails: they are queued if and only if it commits, and the request never waits on an SMTP
 * server. Call it only when mail is on (`config.mail`): nothing sends what is queued while it is
 * off. A message with a secret part (a link's token) needs `secrets` (`app.mailSecrets`): the
 * part is stored sealed, never as it is (decision 0033). Returns how many were queued.
 */
export async function enqueueMail(db: Db, messages: MailMessage[], secrets?: MailSecrets): Promise<number> {
  if (messages.length === 0) return 0;
  const sealed = (m: MailMessage) => {
    if (m.secret === undefined) return null;
    if (!secrets) throw new Error(`the "${m.template}" email carries a secret part: queue it with app.mailSecrets, which seals it`);
    return secrets.seal(m.secret, m);
  };
  const rows = JSON.stringify(
    messages.map((m) => ({ to: m.to, template: m.template, params: m.params, secret: sealed(m), priority: MAIL_PRIORITY[m.priority], dedupeKey: m.dedupeKey ?? null })),
  );
  const result = await db.execute(sql`
    with queued as (
      insert into ${mailJobs} (recipient, template, params, secret, priority, dedupe_key)
      select m."to", m.template, m.params, m.secret, m.priority, m."dedupeKey"
      from jsonb_to_recordset(${rows}::jsonb) as m("to" text, template text, params jsonb, secret jsonb, priority smallint, "dedupeKey" text)
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as queued from queued`);
  const queued = (result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;
  if (queued > 0) await wakeMailWorkers(db);
  return queued;
}
