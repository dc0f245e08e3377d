import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestContext } from './build-app';
import type { Answer } from './send';

/**
 * Two first uploads of a student's marksheet for one semester at the same moment: the one that
 * commits second meets the unique index, and its client is told 409. Made to happen every time
 * on PostgreSQL: a transaction of the test's own inserts the other upload's row and holds it
 * uncommitted; the upload sent meanwhile finds no row, inserts, and waits on that key; the test
 * commits, and the upload fails on the index. PGlite runs one transaction at a time, so the race
 * cannot happen there: the answer is then undefined (not run).
 */
export async function racingFirstMarksheet(ctx: TestContext, ownerId: string, semester: number, upload: () => Promise<Answer>): Promise<Answer | undefined> {
  if (!ctx.databaseUrl) return undefined;
  const other = new pg.Client({ connectionString: ctx.databaseUrl });
  await other.connect();
  try {
    await other.query('begin');
    const fileId = randomUUID();
    await other.query(`insert into files (id, storage_key, owner_id, kind, content_type, size_bytes, original_name) values ($1, $2, $3, 'marksheet', 'application/pdf', 1, 'other.pdf')`, [fileId, `racing-${fileId}`, ownerId]);
    await other.query('insert into marksheets (id, owner_id, semester, file_id, created_at, updated_at) values ($1, $2, $3, $4, now(), now())', [randomUUID(), ownerId, semester, fileId]);
    const answer = upload();
    // The upload's transaction now waits for ours on the unique key.
    for (let waiting = 0; waiting === 0; ) {
      await new Promise((r) => setTimeout(r, 20));
      const { rows } = await other.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      waiting = rows[0]!.n;
    }
    await other.query('commit');
    return await answer;
  } finally {
    await other.end();
  }
}
