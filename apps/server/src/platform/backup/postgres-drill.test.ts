import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../../test/build-app';
import { allIds, DRILL_TABLES, fileRows, keepWriting, makeCampus, sha, type Campus } from '../../../test/drill';
import { startS3Server, type TestS3 } from '../../../test/s3-server';

/**
 * The PostgreSQL and bucket procedure of docs/deploy.md, "Backups", drilled with the real tools:
 * pg_dump -Fc while notes and courses are being written, then `aws s3 sync` of the bucket (s3rver)
 * to a folder; pg_restore into a new database, the folder synced into a new bucket, and a portal
 * started on them: every row committed before the dump began is there, every file byte for byte.
 * On the local PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
 * it needs Debian's postgresql-client and the AWS CLI, and says so when they are missing.
 */
const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function missingTool(): string | undefined {
  for (const tool of ['pg_dump', 'pg_restore', 'aws']) {
    try {
      execFileSync('which', [tool], { stdio: 'ignore' });
    } catch {
      return tool;
    }
  }
  return undefined;
}
async function unreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (err) {
    return `no PostgreSQL at ${serverUrl} (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}
const tool = missingTool();
const missing = tool ? `${tool} is not installed` : await unreachable();
// CI (REQUIRE_E2E=1) installs the tools: there a missing one is a failure, not a silent skip.
if (missing && process.env.REQUIRE_E2E === '1') throw new Error(`postgres-drill: ${missing}, and REQUIRE_E2E=1 asks for the drill`);
if (missing) console.warn(`postgres-drill: skipped, ${missing}`);

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const suffix = randomBytes(5).toString('hex');
const liveDb = `campus_drill_${suffix}`;
const restoredDb = `campus_drill_${suffix}_restored`;
let root: string;
let live: TestS3;
let restoredBucket: TestS3;
let app: FastifyInstance | undefined;
let restored: FastifyInstance | undefined;
let campus: Campus;

/** The AWS CLI against s3rver, with the test's credentials (already in the environment). */
const aws = (endpoint: string, ...args: string[]) => run('aws', ['--endpoint-url', endpoint, '--region', 'us-east-1', ...args], { env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true' } });

describe.skipIf(missing !== undefined)('backup and restore with PostgreSQL and a bucket (docs/deploy.md)', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pg-drill-'));
    await admin(`CREATE DATABASE ${liveDb}`);
    live = await startS3Server('campus-files');
    restoredBucket = await startS3Server('campus-files-restored');
    app = await buildApp(testConfig(path.join(root, 'live'), { databaseUrl: databaseUrl(liveDb), storage: { kind: 's3', ...live.settings } }));
    campus = await makeCampus(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await restored?.close();
    await live?.stop();
    await restoredBucket?.stop();
    await admin(`DROP DATABASE IF EXISTS ${liveDb} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('pg_dump and a bucket sync during writes restore every row and every file', async () => {
    const before = await allIds(app!.database.db);
    expect(before.notifications.size).toBeGreaterThan(0);
    const writer = keepWriting(app!, campus);
    await new Promise((r) => setTimeout(r, 200));
    const dump = path.join(root, 'portal.dump');
    const copy = path.join(root, 'campus-files');
    try {
      // The order of the procedure: the dump, then the bucket.
      await run('pg_dump', ['-Fc', '-f', dump, databaseUrl(liveDb)]);
      await aws(live.settings.endpoint!, 's3', 'sync', `s3://${live.settings.bucket}`, copy, '--only-show-errors');
    } finally {
      expect(await writer.stop()).toBeGreaterThan(0);
    }

    await admin(`CREATE DATABASE ${restoredDb}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', databaseUrl(restoredDb), dump]);
    await aws(restoredBucket.settings.endpoint!, 's3', 'sync', copy, `s3://${restoredBucket.settings.bucket}`, '--only-show-errors');
    restored = await buildApp(testConfig(path.join(root, 'restored'), { databaseUrl: databaseUrl(restoredDb), storage: { kind: 's3', ...restoredBucket.settings } }));

    const after = await allIds(restored.database.db);
    for (const table of DRILL_TABLES) {
      const lost = [...before[table]].filter((id) => !after[table].has(id));
      expect({ table, lost }).toEqual({ table, lost: [] });
    }
    const rows = await fileRows(restored.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(before.files.size);
    for (const row of rows) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await restored.fileStore.get(row.key)) as Readable) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const sent = campus.uploaded.get(`/files/${row.id}`);
      if (sent) expect(sha(bytes)).toBe(sha(sent));
      else expect(bytes.length).toBeGreaterThan(0); // avatars: made by the factories
    }
    // The restored portal serves a note of before to the student, whose session was in the dump.
    const [noteUrl, noteBytes] = [...campus.uploaded].find(([url]) => url.startsWith('/files/'))!;
    const answer = await restored.inject({ method: 'GET', url: noteUrl, headers: { cookie: campus.student.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(sha(answer.rawPayload)).toBe(sha(noteBytes));
  }, 180_000);
});
