import { paths, type Course } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, type TestUser } from '../../../test/factories';

/**
 * The course listings' cursors, apart from the rest of the course tests: a cursor carries the
 * database's own timestamp text (milliseconds on PGlite, microseconds on PostgreSQL), so these run
 * on both databases (vitest.config.ts, EMBEDDED_DATABASE_TESTS) and the rest on one.
 */
const ctx = useTestApp();

const get = (url: string, who?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const titles = (res: { json(): { data: { listofcourses: Course[] } } }) => res.json().data.listofcourses.map((c) => c.title);

describe('course listing cursors', () => {
  it('pages with limit and cursor, without gaps or repeats; a forged cursor is a 400', async () => {
    const prof = await buildProfessor(ctx.app);
    for (let i = 0; i < 5; i++) await buildCourse(ctx.app, prof, { title: `Course ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${paths.courses.all}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, prof);
      expect(res.statusCode).toBe(200);
      seen.push(...titles(res));
      cursor = res.json().data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Course 4', 'Course 3', 'Course 2', 'Course 1', 'Course 0']);
    const forged = await get(`${paths.courses.all}?limit=2&cursor=bm9wZQ`, prof);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'cursor_invalid', field: 'cursor', errors: ['Cursor is not valid'] });
  });

  it('takes back only the cursors it wrote: a changed one is a 400 naming cursor, never a database error', async () => {
    const prof = await buildProfessor(ctx.app);
    for (let i = 0; i < 3; i++) await buildCourse(ctx.app, prof, { title: `Course ${i}` });
    const first = await get(`${paths.courses.all}?limit=1`, prof);
    const real = first.json().data.nextCursor as string;
    const [at, id] = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as [string, string];
    // What `::text` prints: microseconds (or milliseconds on PGlite) and the session zone's offset.
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/);
    const next = await get(`${paths.courses.all}?limit=1&cursor=${real}`, prof);
    expect(next.statusCode).toBe(200);
    expect(titles(next)).toEqual(['Course 1']);

    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const forged of [
      forge(['2024', id]),
      forge(['tomorrow', id]),
      forge(['2024-13-45 99:99:99+00', id]),
      forge(['2024-02-30 10:00:00+00', id]),
      forge(['2024-01-01 24:00:00+00', id]),
      forge([`${at} `, id]),
      forge([at, id, 'extra']),
      forge([at]),
      forge({ at, id }),
      forge(at),
      forge([at, 42]),
      forge([at, 'not-a-uuid']),
      forge([at, `${id}' or '1'='1`]),
      Buffer.from('[not json').toString('base64url'),
    ]) {
      const res = await get(`${paths.courses.all}?limit=1&cursor=${forged}`, prof);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().errors[0], forged).toBe('Cursor is not valid');
    }
  });
});
