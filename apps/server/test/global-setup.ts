import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database';
import { selfSignedCertificate } from './self-signed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite cluster (a `dumpDataDir` file) each test file's database starts from. */
    pgliteSnapshot?: string;
    /** With TEST_DATABASE_URL: a migrated, empty database each test file's database is copied from. */
    templateDatabase?: string;
    // tlsCertificate: declared in test/tls-certificate.ts, which the e2e entry's type check also reads.
  }
}

/**
 * Runs initdb and every migration once per run, not once per test file (about 3 s each, times
 * every file, on both database layers): each file's database then starts as a copy of this one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-test-run-'));
  // One certificate per run for the loopback HTTPS test servers (the OpenID provider): every
  // worker trusts it (test/tls-trust.setup.ts). On disk too, for a child process's NODE_EXTRA_CA_CERTS.
  const certificate = await selfSignedCertificate();
  const certFile = path.join(work, 'tls-cert.pem');
  fs.writeFileSync(certFile, certificate.cert);
  fs.writeFileSync(path.join(work, 'tls-key.pem'), certificate.key, { mode: 0o600 });
  project.provide('tlsCertificate', { ...certificate, certFile });
  if (!adminUrl) {
    const dir = path.join(work, 'cluster');
    await (await openDatabase({ pgliteDir: dir })).close();
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const cluster = await PGlite.create(dir, { extensions: { pg_trgm } });
    const snapshot = path.join(work, 'migrated.tar');
    fs.writeFileSync(snapshot, Buffer.from(await (await cluster.dumpDataDir('none')).arrayBuffer()));
    await cluster.close();
    project.provide('pgliteSnapshot', snapshot);
    return async () => fs.rmSync(work, { recursive: true, force: true });
  }
  const template = `campus_template_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  await (await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' })).close();
  project.provide('templateDatabase', template);
  return async () => {
    await onServer(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    fs.rmSync(work, { recursive: true, force: true });
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
