import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { STORAGE_KEY_PATTERN } from '../files/file-store';
import { makeTreePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from '../files/private-data';
import { openPgliteCluster, type MigrationLevel } from '../db/database';
import { readTar, tarEnd, tarHeader, tarPadding } from './tar';

/**
 * One backup archive of the embedded setup: a gzipped tar of
 *   database.tar     the PGlite cluster (dumpDataDir), as PGlite loads it
 *   files/<key>      every stored file under DATA_DIR/files
 *   manifest.json    last, once every digest is known
 */
export const ARCHIVE_FORMAT = 'campus-portal-backup';
export const ARCHIVE_VERSION = 1;
const DATABASE_ENTRY = 'database.tar';
const MANIFEST_ENTRY = 'manifest.json';
const FILES_PREFIX = 'files/';

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** When the database copy was taken. */
  createdAt: string;
  /** How far the database's migrations went: a portal older than this cannot open it. */
  migrations: MigrationLevel;
  /** The PGlite that wrote the cluster; loading it needs the same major format. */
  pglite: string;
  files: { count: number; bytes: number };
  /** Every entry but the manifest: the database first, then the files. */
  entries: ManifestEntry[];
}

export interface BackupSource {
  /** A consistent copy of the database, and its migration level. */
  snapshot(): Promise<{ database: Blob; migrations: MigrationLevel }>;
  /** DATA_DIR/files. */
  filesDir: string;
  /** Holds off file deletions until the returned function is called (a running portal). */
  holdDeletions?: () => () => Promise<void>;
}

export interface BackupSummary {
  manifest: Manifest;
  /** Bytes of the compressed archive. */
  archiveBytes: number;
}

async function pgliteVersion(): Promise<string> {
  // Its package.json is not among its exports: found next to its entry (dist/index.js).
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pkg = JSON.parse(await fsp.readFile(path.resolve(path.dirname(entry), '../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** gzip's level for what shrinks (the database, text notes): its fastest. */
const COMPRESS = zlib.constants.Z_BEST_SPEED;
/**
 * Stored files are mostly PDFs, images and office files, compressed already: deflating them again
 * saves nothing and, at ~25 MB/s on the bench machine, made gzip most of a backup's time. A file
 * whose first bytes do not shrink by 5 % at the fastest level is stored as it is (level 0, still
 * plain gzip to `tar xzf`).
 */
const PROBE_BYTES = 16 * 1024;
async function compressible(handle: fsp.FileHandle, size: number): Promise<boolean> {
  const probe = Buffer.alloc(Math.min(size, PROBE_BYTES));
  if (probe.length < 512) return true;
  await handle.read(probe, 0, probe.length, 0);
  return zlib.deflateRawSync(probe, { level: COMPRESS }).length < probe.length * 0.95;
}

/**
 * Streams the archive to `out`. Deletions are held from before the database snapshot until the
 * last file is copied, so every file a snapshot's row names is in the archive.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupSummary> {
  const entries: ManifestEntry[] = [];
  let manifest: Manifest | undefined;
  let archiveBytes = 0;
  const version = await pgliteVersion();

  /** The archive's bytes, and the gzip level for the bytes that follow when it changes. */
  async function* archive(): AsyncGenerator<Buffer | number> {
    const release = source.holdDeletions?.();
    let migrations: MigrationLevel | undefined;
    let fileBytes = 0;
    // The archive's moment is its database's: rows committed after it are not in it.
    const takenAt = new Date();
    try {
      const snapshot = await source.snapshot();
      migrations = snapshot.migrations;
      yield COMPRESS;
      const database = Buffer.from(await snapshot.database.arrayBuffer());
      entries.push({ name: DATABASE_ENTRY, size: database.length, sha256: createHash('sha256').update(database).digest('hex') });
      yield tarHeader(DATABASE_ENTRY, database.length);
      yield database;
      yield tarPadding(database.length);

      const names = (await fsp.readdir(source.filesDir).catch(() => [] as string[])).filter((name) => STORAGE_KEY_PATTERN.test(name)).sort();
      for (const name of names) {
        const filePath = path.join(source.filesDir, name);
        // Open first: a file held from deletion is there; one that is not (removed before the hold,
        // so no row of the snapshot names it) is simply not taken.
        const handle = await fsp.open(filePath, 'r').catch(() => undefined);
        if (!handle) continue;
        try {
          const { size } = await handle.stat();
          yield (await compressible(handle, size)) ? COMPRESS : zlib.constants.Z_NO_COMPRESSION;
          const hash = createHash('sha256');
          yield tarHeader(`${FILES_PREFIX}${name}`, size);
          let read = 0;
          // Stored files never change once renamed into place; exactly `size` bytes are taken.
          for await (const chunk of handle.createReadStream({ start: 0, end: Math.max(size - 1, 0), autoClose: false }) as AsyncIterable<Buffer>) {
            if (size === 0) break;
            hash.update(chunk);
            read += chunk.length;
            yield chunk;
          }
          if (read !== size) throw new Error(`stored file ${name} changed while it was copied`);
          yield tarPadding(size);
          entries.push({ name: `${FILES_PREFIX}${name}`, size, sha256: hash.digest('hex') });
          fileBytes += size;
        } finally {
          await handle.close();
        }
      }
    } finally {
      await release?.();
    }
    if (!migrations) throw new Error('the database snapshot was not taken');
    manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: takenAt.toISOString(),
      migrations,
      pglite: version,
      files: { count: entries.length - 1, bytes: fileBytes },
      entries,
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    yield COMPRESS;
    yield tarHeader(MANIFEST_ENTRY, body.length);
    yield body;
    yield tarPadding(body.length);
    yield tarEnd();
  }

  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      archiveBytes += chunk.length;
      done(null, chunk);
    },
  });
  // One gzip member per run of the same level, one after another: gzip, `tar xzf` and Node's
  // gunzip read concatenated members as one stream. (zlib's params() would switch levels within
  // one member, but Node's left a level-1 stream compressing after params(0).)
  const piped = pipeline(counter, out);
  let member: zlib.Gzip | undefined;
  let level = -1;
  const endMember = async () => {
    if (!member) return;
    const ended = once(member, 'end');
    member.end();
    await Promise.race([ended, piped]);
  };
  try {
    for await (const piece of archive()) {
      if (typeof piece === 'number') {
        if (piece === level) continue;
        await endMember();
        level = piece;
        member = zlib.createGzip({ level, chunkSize: 256 * 1024 });
        member.pipe(counter, { end: false });
        continue;
      }
      if (!member) throw new Error('no gzip level was set before the first bytes');
      if (!member.write(piece)) await Promise.race([once(member, 'drain'), piped]);
    }
    await endMember();
    counter.end();
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    member?.destroy(error);
    counter.destroy(error);
  }
  await piped;
  if (!manifest) throw new Error('the backup did not finish');
  return { manifest, archiveBytes };
}

/** Why `dataDir` cannot take a restore, or undefined when it is empty (or not there yet). */
export async function restoreRefusal(dataDir: string): Promise<string | undefined> {
  const stat = await fsp.stat(dataDir).catch(() => undefined);
  if (!stat) return undefined;
  if (!stat.isDirectory()) return `DATA_DIR ${dataDir} is not a directory`;
  const inside = await fsp.readdir(dataDir);
  if (inside.length > 0) {
    return `DATA_DIR ${dataDir} is not empty (${inside.slice(0, 5).join(', ')}${inside.length > 5 ? ', …' : ''}): restore only into an empty one, so that nothing there is overwritten or mixed with the backup. Point DATA_DIR at a new folder, or move this one away.`;
  }
  return undefined;
}

export class RestoreError extends Error {}

/**
 * Reads an archive through, checking it against its manifest: every entry the manifest names is
 * there with its size and SHA-256, nothing else is. `targetOf` says where to write an entry's
 * bytes (restore); without it they are only checked (the backup command reads back what it
 * wrote: an archive not read back is not known to be whole).
 */
export async function readArchive(archivePath: string, targetOf?: (name: string) => string): Promise<Manifest> {
  const digests = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  const gunzip = fs.createReadStream(archivePath).pipe(zlib.createGunzip());
  for await (const entry of readTar(gunzip as AsyncIterable<Buffer>)) {
    if (entry.name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
      continue;
    }
    const known = entry.name === DATABASE_ENTRY || (entry.name.startsWith(FILES_PREFIX) && STORAGE_KEY_PATTERN.test(entry.name.slice(FILES_PREFIX.length)));
    if (!known) throw new RestoreError(`the archive holds ${entry.name}, which no backup writes`);
    if (digests.has(entry.name)) throw new RestoreError(`the archive holds ${entry.name} twice`);
    const hash = createHash('sha256');
    let size = 0;
    const counted = async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    };
    if (targetOf) await pipeline(entry.body, counted, fs.createWriteStream(targetOf(entry.name), { mode: PRIVATE_FILE_MODE }));
    else for await (const chunk of counted(entry.body)) void chunk;
    digests.set(entry.name, { size, sha256: hash.digest('hex') });
  }
  if (!manifest) throw new RestoreError('the archive has no manifest: it is not a complete backup');
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new RestoreError(`the archive is ${manifest.format} version ${manifest.version}; this portal restores ${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION}`);
  }
  for (const expected of manifest.entries) {
    const found = digests.get(expected.name);
    if (!found) throw new RestoreError(`${expected.name} is in the manifest but not in the archive`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) throw new RestoreError(`${expected.name} does not match its digest in the manifest: the archive is damaged`);
    digests.delete(expected.name);
  }
  if (digests.size > 0) throw new RestoreError(`the archive holds ${[...digests.keys()][0]}, which its manifest does not name`);
  return manifest;
}

/**
 * Restores an archive into an empty `dataDir`: everything is unpacked into a staging folder
 * inside it while each entry's SHA-256 is worked out, checked against the manifest (every entry
 * named there present with its digest, nothing else), and only then moved into place: the
 * database loaded by PGlite into dataDir/db, the files into dataDir/files. A damaged archive
 * leaves dataDir as empty as it was. What it restores is the portal user's alone: every folder
 * 0700, every file 0600.
 */
export async function restoreBackup(archivePath: string, dataDir: string): Promise<Manifest> {
  const refusal = await restoreRefusal(dataDir);
  if (refusal) throw new RestoreError(refusal);
  await privateDir(dataDir);
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  await fsp.mkdir(path.join(staging, 'files'), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    const manifest = await readArchive(archivePath, (name) => path.join(staging, name));
    const database = new Blob([await fsp.readFile(path.join(staging, DATABASE_ENTRY))]);
    // PGlite writes the cluster into dataDir/db and opens it once (its recovery runs there), so a
    // cluster that would not start fails here rather than at `npm start`.
    const client = await openPgliteCluster(path.join(dataDir, 'db'), database);
    await client.query('select 1');
    await client.close();
    await fsp.rename(path.join(staging, 'files'), path.join(dataDir, 'files'));
    await fsp.rm(staging, { recursive: true, force: true });
    // Modes set, not inherited: PGlite unpacks the cluster with the modes its archive holds, and
    // a restore run under a loose umask would leave the signing keys readable (decision 0033).
    await makeTreePrivate(dataDir);
    return manifest;
  } catch (err) {
    // Leave the folder as empty as it was found.
    for (const name of await fsp.readdir(dataDir).catch(() => [] as string[])) await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}
