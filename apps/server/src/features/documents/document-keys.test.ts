import { paths } from '@campus/contract';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentKeys } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse } from '../../../test/factories';
import { DocumentKeys, PUBLISH_AHEAD_DAYS, type KeyPolicy } from './document-keys';

/**
 * Keys turn over on their own: each signs for DOCUMENT_KEY_DAYS, its successor published a week
 * ahead, the old ones kept; a revoked key is out at once and its successor signs at once.
 */
const ctx = useTestApp();

const DAY = 86_400_000;
const start = new Date('2031-01-01T00:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

/** The portal's keys under a clock the test turns, as an instance would hold them. */
async function instance(policy: Partial<KeyPolicy> & { clock: { now: Date } }) {
  const { clock, ...rest } = policy;
  return DocumentKeys.open(ctx.database.db, { keyDays: 30, revoked: [], ...rest, now: () => clock.now });
}
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const sign = (keys: DocumentKeys) => keys.sign({ typ: 'test', iat: 0 });
const kids = async (keys: DocumentKeys) => (await keys.jwks()).keys.map((k) => k.kid);

describe('the portal with DOCUMENT_KEYS_REVOKED', () => {
  it('no longer publishes the key, refuses what it signed, and signs with a new one', async () => {
    const professor = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, (await buildCourse(ctx.app, professor, { examDate: '2099-05-02' }))._id);
    const admitCard = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: paths.documents.admitCard, headers: { cookie: student.cookie } })).json().data.token as string;
    const verify = async (app: FastifyInstance, token: string) => (await app.inject({ method: 'POST', url: paths.documents.verify, payload: { token } })).json().data;
    const token = await admitCard(ctx.app);
    const leakedKid = kidOf(token)!;

    const revoked = await ctx.extraApp({ documentKeysRevoked: [leakedKid] });
    const published = (await revoked.inject({ method: 'GET', url: paths.documents.keys })).json().keys as { kid: string }[];
    expect(published.map((k) => k.kid)).not.toContain(leakedKid);
    expect(await verify(revoked, token)).toEqual({ valid: false, reason: 'invalid' });
    const fresh = await admitCard(revoked);
    expect(published.map((k) => k.kid)).toContain(kidOf(fresh));
    expect(await verify(revoked, fresh)).toMatchObject({ valid: true });
  });
});

describe('document keys', () => {
  // Each test makes its keys from nothing, by its own clock.
  beforeEach(async () => {
    await ctx.database.db.delete(documentKeys);
  });

  it('are made once however many instances start together', async () => {
    const clock = { now: start };
    const instances = await Promise.all(Array.from({ length: 5 }, () => instance({ clock })));
    expect(await ctx.database.db.select().from(documentKeys)).toHaveLength(1);
    const signed = await Promise.all(instances.map(sign));
    expect(new Set(signed.map(kidOf)).size).toBe(1);
  });

  it('turn over: the next key is published a week before it signs, and the old one stays published', async () => {
    const clock = { now: start };
    const keys = await instance({ clock });
    const first = await sign(keys);
    const [firstKid] = await kids(keys);

    // Thirty days on, the next key is made and published, but the first still signs.
    clock.now = at(30);
    await keys.reload();
    expect(await kids(keys)).toHaveLength(2);
    expect(kidOf(await sign(keys))).toBe(firstKid);

    // A week later the new one signs; the first is retired but still published, and what it signed still checks.
    clock.now = at(30 + PUBLISH_AHEAD_DAYS);
    await keys.reload();
    const second = await sign(keys);
    expect(kidOf(second)).not.toBe(firstKid);
    expect(await kids(keys)).toEqual([firstKid, kidOf(second)]);
    const set = createLocalJWKSet(await keys.jwks());
    for (const token of [first, second]) await expect(jwtVerify(token, set)).resolves.toBeTruthy();
    expect((await keys.verify(first, clock.now)).ok).toBe(true);

    const rows = await ctx.database.db.select().from(documentKeys).orderBy(asc(documentKeys.createdAt));
    expect(rows.map((k) => k.retiredAt)).toEqual([at(30 + PUBLISH_AHEAD_DAYS), null]);
  });

  it('another instance meets the new key when it reads the set again (once a minute)', async () => {
    const clock = { now: start };
    const one = await instance({ clock });
    const two = await instance({ clock });
    clock.now = at(30);
    await one.reload();
    clock.now = at(30 + PUBLISH_AHEAD_DAYS);
    await one.reload();
    const token = await sign(one);
    expect(await two.verify(token, clock.now)).toEqual({ ok: false, reason: 'invalid' });
    await two.reload();
    expect((await two.verify(token, clock.now)).ok).toBe(true);
    expect(kidOf(await sign(two))).toBe(kidOf(token));
  });

  it('a revoked key leaves the published set at once, what it signed fails, and a new key signs at once', async () => {
    const clock = { now: start };
    const before = await instance({ clock });
    const leaked = await sign(before);
    const leakedKid = kidOf(leaked)!;
    clock.now = at(3);
    const after = await instance({ clock, revoked: [leakedKid] });
    expect(await kids(after)).not.toContain(leakedKid);
    expect(await after.verify(leaked, clock.now)).toEqual({ ok: false, reason: 'invalid' });
    const fresh = await sign(after);
    expect(kidOf(fresh)).not.toBe(leakedKid);
    expect((await after.verify(fresh, clock.now)).ok).toBe(true);
  });

  it('an older key never signs again after a newer one is revoked', async () => {
    const clock = { now: start };
    const keys = await instance({ clock });
    const [oldKid] = await kids(keys);
    clock.now = at(30);
    await keys.reload();
    clock.now = at(30 + PUBLISH_AHEAD_DAYS);
    await keys.reload();
    const current = kidOf(await sign(keys))!;
    expect(current).not.toBe(oldKid);
    const after = await instance({ clock, revoked: [current] });
    const signedAfter = kidOf(await sign(after));
    expect(signedAfter).not.toBe(current);
    expect(signedAfter).not.toBe(oldKid);
  });
});
