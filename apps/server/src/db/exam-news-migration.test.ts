import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../platform/db/database';

/**
 * The exam_news migration (0012) makes course numbers unique. Courses created before it may share a number; the
 * migration must not fail on them, and must renumber the later ones the same way on every copy.
 */
/** Found by name: merging branches may renumber the migration. */
const NAME = '_exam_news';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before 0012: its SQL files and a journal that ends at 0011. */
function folderBefore(name: string): string {
  const source = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-migrations-'));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; idx: number }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith(name));
  expect(upTo).toBeGreaterThan(0);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  for (const entry of journal.entries.slice(0, upTo)) fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

describe('the exam_news migration', () => {
  it('renumbers the later courses sharing a number (after the largest number, by creation), then makes numbers unique', async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: folderBefore(NAME) });
      const owner = '00000000-0000-4000-8000-000000000001';
      await db.execute(sql`insert into users (id, registration_id, email, fullname, semester, branch, userrole, password_hash)
        values (${owner}, 300000001, 'p@campus.test', 'Prof', 1, 'Computer Engineering', 1, 'x')`);
      const course = (id: number, coursenumber: number, createdAt: string) =>
        db.execute(sql`insert into courses (id, title, description, coursenumber, semester, branch, owner_id, created_at, updated_at)
          values (${`00000000-0000-4000-8000-00000000010${id}`}, ${`Course ${id}`}, 'd', ${coursenumber}, 1, 'Computer Engineering', ${owner}, ${createdAt}, ${createdAt})`);
      await course(1, 211070500, '2026-01-01T00:00:00Z');
      await course(2, 211070500, '2026-02-01T00:00:00Z');
      await course(3, 211070500, '2026-01-15T00:00:00Z');
      await course(4, 211070400, '2026-03-01T00:00:00Z');
      await course(5, 211070400, '2026-01-01T00:00:00Z');
      await course(6, 211070900, '2026-01-01T00:00:00Z');

      await migrate(db, { migrationsFolder: migrationsFolder() });

      const rows = (await db.execute(sql`select title, coursenumber::text as n from courses order by title`)).rows as { title: string; n: string }[];
      expect(Object.fromEntries(rows.map((r) => [r.title, Number(r.n)]))).toEqual({
        // The earliest of each number keeps it.
        'Course 1': 211070500,
        'Course 5': 211070400,
        'Course 6': 211070900,
        // The others follow the largest number in use, by number, then by creation.
        'Course 4': 211070901,
        'Course 3': 211070902,
        'Course 2': 211070903,
      });
      await expect(course(7, 211070500, '2026-04-01T00:00:00Z')).rejects.toMatchObject({ cause: { code: '23505', constraint: 'courses_coursenumber_unique' } });
      // The new columns are there, with their defaults.
      const [first] = (await db.execute(sql`select exam_date_revision, exam_date_changed_at, exam_centre from courses limit 1`)).rows;
      expect(first).toEqual({ exam_date_revision: 0, exam_date_changed_at: null, exam_centre: null });
    } finally {
      await client.close();
    }
  });
});
