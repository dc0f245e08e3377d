import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { buildUser } from '../../../test/factories';
import { SWEEP_GRACE_MS, sweepOrphans } from './sweeper';

/** What a crash leaves in the local store, and the sweeper that removes it (the S3 store has its own test). */
const ctx = useTestApp();

/** A file in the store's folder, last written `ageMs` ago. */
function leftBehind(name: string, ageMs: number): void {
  const file = path.join(ctx.dataDir, 'files', name);
  fs.writeFileSync(file, 'bytes of an upload');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

describe('the file sweeper', () => {
  it('removes old temp files and old files no row names, and keeps referenced and recent ones', async () => {
    await buildUser(ctx.app);
    const [avatar] = storedFiles(ctx);
    // The avatar is old too, but a row names it.
    const avatarPath = path.join(ctx.dataDir, 'files', avatar!);
    const old = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    fs.utimesSync(avatarPath, old, old);
    const crashed = `.tmp-${randomUUID()}`;
    const orphan = randomUUID();
    const recentTemp = `.tmp-${randomUUID()}`;
    const recentOrphan = randomUUID();
    leftBehind(crashed, 2 * SWEEP_GRACE_MS);
    leftBehind(orphan, 2 * SWEEP_GRACE_MS);
    leftBehind(recentTemp, 60_000);
    leftBehind(recentOrphan, 60_000);

    expect(await sweepOrphans(ctx.app)).toBe(2);
    expect(storedFiles(ctx).sort()).toEqual([avatar, recentTemp, recentOrphan].sort());
  });

  it('is harmless on several instances at once', async () => {
    const other = await ctx.extraApp({});
    for (let i = 0; i < 20; i++) leftBehind(randomUUID(), 2 * SWEEP_GRACE_MS);
    const [a, b] = await Promise.all([sweepOrphans(ctx.app), sweepOrphans(other)]);
    expect(a + b).toBeGreaterThanOrEqual(20);
    expect(storedFiles(ctx)).toEqual([]);
  });
});
