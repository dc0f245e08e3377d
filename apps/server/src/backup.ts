/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`, for the embedded setup (PGlite and the
 * files under DATA_DIR). Run with the portal's own environment (DATA_DIR above all).
 *
 * Backup: when a portal is running on DATA_DIR (its backup-access.json names a live process),
 * the portal writes the archive — PGlite is inside that process and its folder cannot be opened
 * by a second one — over a loopback-only route with the token from that file. When none runs,
 * this command opens DATA_DIR itself. Either way the archive is written to FILE.partial, read back
 * against its manifest, and only then renamed to FILE.
 *
 * Restore: into an empty DATA_DIR only; the archive's digests are checked before anything is
 * moved into place. Then `npm start` serves what the backup held.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { ACCESS_FILE, BACKUP_PATH, type BackupAccess } from './platform/backup/backup.routes';
import { readArchive, restoreBackup, RestoreError, writeBackup, type Manifest } from './platform/backup/archive';
import { loadConfigOrExit } from './platform/config/config';
import { openPgliteCluster, pgliteSnapshot, type MigrationLevel } from './platform/db/database';
import { createFilesPrivately, PRIVATE_FILE_MODE } from './platform/files/private-data';

export class BackupError extends Error {}

/** The running portal's access file, when it names a process that is alive. */
function runningPortal(dataDir: string): BackupAccess | undefined {
  let access: BackupAccess;
  try {
    access = JSON.parse(fs.readFileSync(path.join(dataDir, ACCESS_FILE), 'utf8')) as BackupAccess;
  } catch {
    return undefined;
  }
  try {
    process.kill(access.pid, 0);
    return access;
  } catch (err) {
    // EPERM: alive, but another user's; its file was readable, so ask it all the same.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? access : undefined;
  }
}

function fetchFromPortal(access: BackupAccess, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: access.port, path: BACKUP_PATH, method: 'POST', headers: { authorization: `Bearer ${access.token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new BackupError(`the portal on port ${access.port} refused the backup (HTTP ${response.statusCode}); is DATA_DIR the one it runs on?`));
        return;
      }
      pipeline(response, fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE })).then(resolve, reject);
    });
    request.on('error', (err) => reject(new BackupError(`the portal (process ${access.pid}, port ${access.port}) did not answer: ${err.message}. If it is stopping, run the backup again once it has stopped.`)));
    request.end();
  });
}

async function backupWithoutPortal(dataDir: string, target: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dbDir}: is DATA_DIR right?`);
  const client = await openPgliteCluster(dbDir);
  try {
    await writeBackup(
      {
        snapshot: async () => {
          const { rows } = await client.query<{ applied: string | number; last: string | number | null }>('select count(*) as applied, max(created_at) as last from drizzle.__drizzle_migrations');
          const migrations: MigrationLevel = { applied: Number(rows[0]?.applied ?? 0), lastCreatedAt: rows[0]?.last == null ? null : Number(rows[0].last) };
          return { migrations, database: await pgliteSnapshot(client) };
        },
        filesDir: path.join(dataDir, 'files'),
      },
      fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE }),
    );
  } finally {
    await client.close();
  }
}

export interface BackupResult {
  manifest: Manifest;
  archiveBytes: number;
  /** Whether a running portal wrote it. */
  viaPortal: boolean;
}

export async function backup(dataDir: string, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const access = runningPortal(dataDir);
  try {
    if (access) await fetchFromPortal(access, partial);
    else await backupWithoutPortal(dataDir, partial);
    const manifest = await readArchive(partial).catch((err: unknown) => {
      throw new BackupError(`the archive written is not whole (${err instanceof Error ? err.message : String(err)}); the portal's log says why`);
    });
    await fsp.rename(partial, target);
    return { manifest, archiveBytes: (await fsp.stat(target)).size, viaPortal: access !== undefined };
  } catch (err) {
    await fsp.rm(partial, { force: true });
    throw err;
  }
}

export async function restore(dataDir: string, file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist`);
  return restoreBackup(path.resolve(file), dataDir);
}

async function main(): Promise<void> {
  // The archive holds the whole database; what a restore writes is the portal's alone.
  createFilesPrivately();
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error('usage: npm run backup -- FILE | npm run restore -- FILE');
    process.exit(2);
  }
  const config = loadConfigOrExit(process.env);
  if (config.databaseUrl !== undefined || config.storage.kind !== 'local') {
    console.error(`npm run ${command} is for the embedded database and files under DATA_DIR. With DATABASE_URL or STORAGE=s3, use pg_dump/pg_restore and the bucket's versioning or a sync: docs/deploy.md, "Backups".`);
    process.exit(1);
  }
  const started = Date.now();
  try {
    if (command === 'backup') {
      const { manifest, archiveBytes, viaPortal } = await backup(config.dataDir, file);
      console.log(`backup written to ${file}: the database (migrations ${manifest.migrations.applied}) and ${manifest.files.count} files (${manifest.files.bytes} bytes), ${archiveBytes} bytes compressed, in ${((Date.now() - started) / 1000).toFixed(1)} s${viaPortal ? ' by the running portal' : ''}; checked against its manifest`);
    } else {
      const manifest = await restore(config.dataDir, file);
      console.log(`restored ${file} (made ${manifest.createdAt}) into ${config.dataDir}: the database and ${manifest.files.count} files, every digest checked, in ${((Date.now() - started) / 1000).toFixed(1)} s. npm start serves it.`);
    }
  } catch (err) {
    if (err instanceof BackupError || err instanceof RestoreError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
