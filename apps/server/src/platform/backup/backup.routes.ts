import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { migrationLevel } from '../db/database';
import { LocalFileStore } from '../files/local-file-store';
import { PRIVATE_DIR_MODE } from '../files/private-data';
import { writeBackup } from './archive';

export const BACKUP_PATH = '/internal/backup';
/**
 * DATA_DIR/backup-access.json, mode 0600: the running portal's port, process id and a token made
 * at each start. `npm run backup` reads it to ask this portal for the archive; only whoever may
 * read DATA_DIR (the portal's own user, root) can, so another local user cannot take a backup
 * through the loopback route. The app's secret lives in the database, not in a file, hence a
 * token of its own.
 */
export const ACCESS_FILE = 'backup-access.json';

export interface BackupAccess {
  port: number;
  pid: number;
  token: string;
}

/** Whether the request came straight from this machine: not from the network, not through a proxy. */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  // A proxy on this machine connects from loopback too; what it forwards came from elsewhere.
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback && !forwarded;
}

function tokenMatches(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The embedded setup's backup while it serves: PGlite lives in this process and its folder
 * cannot be opened by a second one, so `npm run backup` asks this route, which streams the
 * archive (a snapshot of the live database and every stored file, deletions held meanwhile).
 * Registered only with PGlite and the local file store; with PostgreSQL and a bucket, pg_dump
 * and the bucket's own copies do it (docs/deploy.md). Anyone else is answered 404, as if it were
 * not there.
 */
export function registerBackupRoute(app: FastifyInstance): void {
  const { database, fileStore, config } = app;
  const snapshot = database.snapshot;
  if (!snapshot || !(fileStore instanceof LocalFileStore)) return;
  const token = randomBytes(32).toString('base64url');
  const accessPath = path.join(config.dataDir, ACCESS_FILE);

  app.post(BACKUP_PATH, { schema: { hide: true }, config: { access: 'anyone' }, compress: false }, async (request, reply) => {
    if (!fromLoopback(request) || !tokenMatches(request.headers.authorization, token)) {
      return reply.code(404).send({ statusCode: 404, message: 'Not Found', success: false });
    }
    const body = new PassThrough();
    const started = Date.now();
    writeBackup(
      {
        snapshot: async () => ({ migrations: await migrationLevel(database.db), database: await snapshot() }),
        filesDir: fileStore.dir,
        holdDeletions: () => fileStore.holdDeletions(),
      },
      body,
    ).then(
      ({ manifest, archiveBytes }) => request.log.info({ files: manifest.files.count, archiveBytes, ms: Date.now() - started }, 'backup written'),
      (err: unknown) => {
        request.log.error({ err }, 'backup failed');
        // Cut the answer short: the command finds no manifest and says the backup failed.
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return reply.type('application/gzip').header('cache-control', 'no-store').send(body);
  });

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') return;
    const access: BackupAccess = { port: address.port, pid: process.pid, token };
    fs.mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const temp = `${accessPath}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(access) + '\n', { mode: 0o600 });
    fs.renameSync(temp, accessPath);
  });
  app.addHook('onClose', async () => {
    // Only when it is still ours (a test's second app on the same folder writes its own).
    try {
      const current = JSON.parse(fs.readFileSync(accessPath, 'utf8')) as BackupAccess;
      if (current.token === token) fs.rmSync(accessPath, { force: true });
    } catch {
      // Not there: nothing to remove.
    }
  });
}
