import { randomUUID } from 'node:crypto';
import { AUDIT_EXPORT_MAX, paths, type AuditEntry } from '@campus/contract';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildStudent, loginAdmin, userFields } from '../../../test/factories';
import { auditEntries, users } from '../../db/schema';
import { eachAuditEntry } from './audit.queries';

/** The audit log's person search, its days in CAMPUS_TZ (Asia/Kolkata here), and its CSV export. */
const ctx = useTestApp();

/** A user straight into the table, as the roster would make one (any name, even one a spreadsheet would run). */
async function person(fullname: string) {
  const fields = userFields();
  const id = randomUUID();
  await ctx.database.db.insert(users).values({ id, registrationId: Number(fields.registrationId), email: `${id}@campus.test`, fullname, semester: 3, branch: 'Civil Engineering', userrole: 2 });
  return { id, registrationId: Number(fields.registrationId), fullname };
}

/** An entry about `targetId` at a given moment (the table refuses UPDATE, not INSERT). */
const entryAt = (targetId: string, at: string, actorId: string | null = null, details: Record<string, unknown> = {}) =>
  ctx.database.db.insert(auditEntries).values({ action: 'user.updated', actorId, targetId, details, ip: null, at: new Date(at) }).returning({ id: auditEntries.id });

async function log(cookie: string, query: Record<string, string>): Promise<AuditEntry[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `${paths.admin.audit}?${new URLSearchParams(query)}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.entries as AuditEntry[];
}

describe('the audit log’s filters', () => {
  it('finds a person as actor or target by part of the name or the registration id’s first digits; LIKE’s wildcards are text', async () => {
    const admin = await loginAdmin(ctx.app);
    const zeb = await person('Zebediah Quark');
    const other = await person('Someone Else');
    await entryAt(zeb.id, '2026-11-20T10:00:00Z');
    await entryAt(other.id, '2026-11-20T11:00:00Z', zeb.id);
    await entryAt(other.id, '2026-11-20T12:00:00Z');
    const targets = (entries: AuditEntry[]) => entries.map((e) => [e.actor?._id ?? null, e.target._id]);
    expect(targets(await log(admin.cookie, { q: 'ebediah q' }))).toEqual([
      [zeb.id, other.id],
      [null, zeb.id],
    ]);
    expect(targets(await log(admin.cookie, { q: String(zeb.registrationId).slice(0, 9) }))).toContainEqual([null, zeb.id]);
    expect(await log(admin.cookie, { q: '%' })).toEqual([]);
    expect(await log(admin.cookie, { q: 'Nobody Called This' })).toEqual([]);
  });

  it('keeps the days of CAMPUS_TZ: 23:59 and 00:01 in Kolkata are two days', async () => {
    const admin = await loginAdmin(ctx.app);
    const someone = await person('Day Boundary');
    // 23:59 on the 20th and 00:01 on the 21st, Kolkata time (UTC+5:30).
    const [late] = await entryAt(someone.id, '2026-11-20T18:29:00Z');
    const [early] = await entryAt(someone.id, '2026-11-20T18:31:00Z');
    const ids = async (query: Record<string, string>) => (await log(admin.cookie, { target: someone.id, ...query })).map((e) => Number(e._id));
    expect(await ids({ from: '2026-11-21' })).toEqual([early!.id]);
    expect(await ids({ to: '2026-11-20' })).toEqual([late!.id]);
    expect(await ids({ from: '2026-11-20', to: '2026-11-21' })).toEqual([early!.id, late!.id]);
  });

  it('refuses a last day before the first, naming it', async () => {
    const admin = await loginAdmin(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: `${paths.admin.audit}?from=2026-11-21&to=2026-11-20`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['To must not be before From']);
  });
});

describe('the audit log as CSV', () => {
  it('streams the filtered entries newest first, formula-like cells made harmless, as an attachment', async () => {
    const admin = await loginAdmin(ctx.app);
    const evil = await person('=HYPERLINK("https://evil.example","click")');
    const plain = await person('Plain Name');
    await entryAt(evil.id, '2026-11-20T10:00:00Z', null, { note: '@SUM(A1)' });
    await entryAt(plain.id, '2026-11-20T11:00:00Z');
    const res = await ctx.app.inject({ method: 'GET', url: `${paths.admin.auditExport}?from=2026-11-20&to=2026-11-20`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,action,actor,actor registration id,target,target registration id,details,ip');
    expect(lines.slice(1)).toEqual([
      `2026-11-20T11:00:00.000Z,user.updated,,,Plain Name,${plain.registrationId},{},`,
      `2026-11-20T10:00:00.000Z,user.updated,,,"'=HYPERLINK(""https://evil.example"",""click"")",${evil.registrationId},"{""note"":""@SUM(A1)""}",`,
    ]);
    // Only administrators.
    const student = await buildStudent(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: paths.admin.auditExport, headers: { cookie: student.cookie } })).statusCode).toBe(403);
  });

  it('reads in batches and stops at its bound, newest first', async () => {
    const someone = await person('Many Entries');
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await entryAt(someone.id, `2026-11-2${i}T10:00:00Z`))[0]!.id);
    const read = [];
    for await (const row of eachAuditEntry(ctx.database.db, { targetId: someone.id }, 4, 3)) read.push(row.entry.id);
    expect(read).toEqual(made.reverse().slice(0, 4));
    expect(AUDIT_EXPORT_MAX).toBe(50_000);
    // Clean: nothing else was written for them.
    expect((await ctx.database.db.select({ id: auditEntries.id }).from(auditEntries).where(inArray(auditEntries.targetId, [someone.id]))).length).toBe(5);
  });
});

describe('a sign-in from a new device', () => {
  it('keeps the browser and system the User-Agent named, not the header', async () => {
    const student = await buildStudent(ctx.app);
    const ua = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const login = await ctx.app.inject({ method: 'POST', url: paths.users.login, headers: { 'user-agent': ua }, payload: { registrationId: student.user.registrationId, password: student.password } });
    expect(login.statusCode, login.body).toBe(200);
    const entries = (await ctx.app.inject({ method: 'GET', url: paths.users.activity, headers: { cookie: student.cookie } })).json().data.entries as AuditEntry[];
    expect(entries[0]).toMatchObject({ action: 'user.signed_in_new_device', details: { device: { browser: 'Chrome', os: 'Android' } } });
    expect(JSON.stringify(entries)).not.toContain('Pixel 8');
  });
});
