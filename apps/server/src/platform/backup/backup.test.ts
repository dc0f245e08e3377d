import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { paths, type Note } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { backup, restore } from '../../backup';
import { testConfig } from '../../../test/build-app';
import { allIds, DRILL_TABLES, fileRows, idsOf, keepWriting, makeCampus, sha, type Campus } from '../../../test/drill';
import { buildNote } from '../../../test/factories';
import { notPrivate } from '../../../test/file-modes';
import { textFile } from '../../../test/fixtures';
import { ACCESS_FILE, BACKUP_PATH, type BackupAccess } from './backup.routes';
import { RestoreError } from './archive';

/**
 * The restore drill (issue 27): a portal on a real DATA_DIR (PGlite on disk, files on disk) with
 * users, courses with thumbnails, notes, events, a marksheet and notifications made through the
 * API; backed up by `npm run backup`'s code while a loop keeps creating notes and courses and a
 * note is deleted; restored into a new DATA_DIR and served by a new portal. Every row committed
 * before the backup began is there, and every file a restored row names is back byte for byte.
 */
let root: string;
let dataDir: string;
let app: FastifyInstance;
let campus: Campus;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-backup-'));
  dataDir = path.join(root, 'live');
  app = await buildApp(testConfig(dataDir));
  await app.listen({ host: '127.0.0.1', port: 0 });
  campus = await makeCampus(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the loopback backup route', () => {
  const access = () => JSON.parse(fs.readFileSync(path.join(dataDir, ACCESS_FILE), 'utf8')) as BackupAccess;

  it('leaves its token in DATA_DIR for the portal user alone', () => {
    const stat = fs.statSync(path.join(dataDir, ACCESS_FILE));
    expect(stat.mode & 0o077).toBe(0);
    expect(access().pid).toBe(process.pid);
  });

  it('answers 404 to another address, to a forwarded request, without or with a wrong token', async () => {
    const token = `Bearer ${access().token}`;
    const asked = [
      await app.inject({ method: 'POST', url: BACKUP_PATH, remoteAddress: '10.1.2.3', headers: { authorization: token } }),
      await app.inject({ method: 'POST', url: BACKUP_PATH, remoteAddress: '127.0.0.1', headers: { authorization: token, 'x-forwarded-for': '203.0.113.9' } }),
      await app.inject({ method: 'POST', url: BACKUP_PATH, remoteAddress: '127.0.0.1' }),
      await app.inject({ method: 'POST', url: BACKUP_PATH, remoteAddress: '127.0.0.1', headers: { authorization: `${token}x` } }),
    ];
    expect(asked.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
  });
});

describe('the restore drill', () => {
  it('backs up during writes, restores into a new DATA_DIR, and the new portal serves every row and file', async () => {
    // A note to delete while the backup runs: its bytes must stay until the files are copied.
    const { professor, student, uploaded } = campus;
    const course = campus.firstCourse;
    const doomedText = 'deleted during the backup\n'.repeat(50);
    const doomed = await buildNote(app, professor, course._id, textFile('doomed.txt', doomedText), 'Doomed');
    uploaded.set(doomed.notesfile, Buffer.from(doomedText));

    const before = await allIds(app.database.db);
    expect(before.notifications.size).toBeGreaterThan(0);
    // The doomed note is deleted during the backup, before or after its snapshot: not required.
    // If the snapshot has it, its file must be in the archive (checked below with every file row).
    before.notes.delete(doomed._id);
    before.files.delete(path.basename(doomed.notesfile));

    const writer = keepWriting(app, campus);
    const archive = path.join(root, 'portal.tar.gz');
    // Let the writers get going first; the note goes while the backup runs.
    await new Promise((r) => setTimeout(r, 200));
    const deletion = app.inject({ method: 'DELETE', url: paths.notes.delete(doomed._id), headers: { cookie: professor.cookie } });
    const result = await backup(dataDir, archive).finally(() => writer.stop());
    expect((await deletion).statusCode).toBe(200);
    const written = await writer.stop();
    expect(result.viaPortal).toBe(true);
    expect(written).toBeGreaterThan(0);
    expect(result.manifest.files.count).toBeGreaterThanOrEqual(before.files.size);
    expect(result.manifest.migrations.applied).toBeGreaterThan(0);
    // The system's tar reads it as well (gzip levels switched per file, the writer's own ustar).
    const listed = (await promisify(execFile)('tar', ['-tzf', archive])).stdout.split('\n').filter(Boolean);
    expect(listed).toEqual(result.manifest.entries.map((e) => e.name).concat('manifest.json'));
    // Deletions held during the backup are carried out once it is done.
    expect(fs.existsSync(path.join(dataDir, 'files', path.basename(doomed.notesfile)))).toBe(false);

    const restoredDir = path.join(root, 'restored');
    const manifest = await restore(restoredDir, archive);
    expect(manifest.entries.length).toBe(result.manifest.entries.length);
    // The database (its signing keys) and the files are the portal user's alone, whatever this
    // process's umask (the test runner's is looser than the command's).
    expect(notPrivate(restoredDir)).toEqual([]);
    const second = await buildApp(testConfig(restoredDir));
    try {
      for (const table of DRILL_TABLES) {
        const restored = await idsOf(second.database.db, table);
        const missing = [...before[table]].filter((id) => !restored.has(id));
        expect({ table, missing }).toEqual({ table, missing: [] });
      }
      // Every file a restored row names is back, with the bytes that were uploaded.
      const rows = await fileRows(second.database.db);
      for (const row of rows) {
        const bytes = fs.readFileSync(path.join(restoredDir, 'files', row.key));
        const sent = uploaded.get(`/files/${row.id}`);
        if (sent) expect(sha(bytes)).toBe(sha(sent));
        else expect(sha(bytes)).toBe(sha(fs.readFileSync(path.join(dataDir, 'files', row.key)))); // avatars
      }
      expect(rows.length).toBeGreaterThanOrEqual(before.files.size);
      // The new portal serves them: the student's session of before the backup still holds, and the notes download.
      const notes = await second.inject({ method: 'GET', url: paths.notes.ofCourse(course._id), headers: { cookie: student.cookie } });
      expect(notes.statusCode).toBe(200);
      const list = notes.json().data.notesofcourse as Note[];
      expect(list.length).toBeGreaterThan(0);
      for (const note of list) {
        const file = await second.inject({ method: 'GET', url: note.notesfile, headers: { cookie: student.cookie } });
        expect(file.statusCode).toBe(200);
        expect(sha(file.rawPayload)).toBe(sha(uploaded.get(note.notesfile)!));
      }
    } finally {
      await second.close();
    }
  }, 120_000);

  it('refuses a non-empty DATA_DIR, with the reason and a non-zero exit', async () => {
    const archive = path.join(root, 'portal.tar.gz');
    await expect(restore(dataDir, archive)).rejects.toThrow(RestoreError);
    await expect(restore(dataDir, archive)).rejects.toThrow(/is not empty/);
    const cli = path.resolve(import.meta.dirname, '../../backup.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx');
    const run = promisify(execFile)(tsx, [cli, 'restore', archive], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE: 'local' } });
    const failure = await run.then(() => undefined, (err: { code: number; stderr: string }) => err);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/is not empty/);
  }, 60_000);

  it('refuses an archive whose file does not match its digest, and leaves DATA_DIR empty', async () => {
    const tar = zlib.gunzipSync(fs.readFileSync(path.join(root, 'portal.tar.gz')));
    // Change one byte of the first stored file's bytes (after the database entry's header and data).
    const at = tar.indexOf(Buffer.from('notes of course 0'));
    expect(at).toBeGreaterThan(0);
    tar[at] = tar[at]! ^ 0x20;
    const damaged = path.join(root, 'damaged.tar.gz');
    fs.writeFileSync(damaged, zlib.gzipSync(tar));
    const target = path.join(root, 'damaged-restore');
    await expect(restore(target, damaged)).rejects.toThrow(/does not match its digest/);
    expect(fs.readdirSync(target)).toEqual([]);
  }, 60_000);

  it('backs up without a running portal, opening DATA_DIR itself', async () => {
    const counts = await Promise.all(DRILL_TABLES.map(async (t) => (await idsOf(app.database.db, t)).size));
    await app.close();
    expect(fs.existsSync(path.join(dataDir, ACCESS_FILE))).toBe(false);
    const archive = path.join(root, 'stopped.tar.gz');
    const result = await backup(dataDir, archive);
    expect(result.viaPortal).toBe(false);
    const restoredDir = path.join(root, 'restored-stopped');
    // An empty DATA_DIR made beforehand by someone else's umask is closed too.
    fs.mkdirSync(restoredDir, { mode: 0o755 });
    fs.chmodSync(restoredDir, 0o755);
    await restore(restoredDir, archive);
    expect(notPrivate(restoredDir)).toEqual([]);
    const second = await buildApp(testConfig(restoredDir));
    try {
      expect(await Promise.all(DRILL_TABLES.map(async (t) => (await idsOf(second.database.db, t)).size))).toEqual(counts);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('deletions held during a backup', () => {
  it('keeps a removed file and sweeps nothing until the hold is let go, then removes it', async () => {
    const { LocalFileStore } = await import('../files/local-file-store');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-hold-'));
    try {
      const store = new LocalFileStore(dir);
      const { key } = await store.put((async function* () {
        yield Buffer.from('kept while held');
      })());
      const old = new Date(Date.now() - 2 * 3600_000);
      fs.utimesSync(path.join(dir, key), old, old);
      const release = store.holdDeletions();
      await store.delete(key);
      expect(await store.sweep(new Date(), async () => new Set())).toBe(0);
      expect(fs.existsSync(path.join(dir, key))).toBe(true);
      await release();
      expect(fs.existsSync(path.join(dir, key))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the archive', () => {
  it('stores incompressible files as they are and deflates the rest, and reads back whole (with the system tar too)', async () => {
    const { writeBackup, readArchive } = await import('./archive');
    const { randomBytes, randomUUID } = await import('node:crypto');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-archive-'));
    try {
      const files = path.join(dir, 'files');
      fs.mkdirSync(files);
      const contents = new Map<string, Buffer>([
        [randomUUID(), randomBytes(300_000)],
        [randomUUID(), Buffer.from('a text note that shrinks\n'.repeat(20_000))],
        [randomUUID(), Buffer.alloc(0)],
        [randomUUID(), randomBytes(100)],
      ]);
      for (const [key, bytes] of contents) fs.writeFileSync(path.join(files, key), bytes);
      fs.writeFileSync(path.join(files, '.tmp-unfinished'), 'not taken');
      const archive = path.join(dir, 'a.tar.gz');
      const { manifest, archiveBytes } = await writeBackup(
        { snapshot: async () => ({ migrations: { applied: 1, lastCreatedAt: 1 }, database: new Blob([Buffer.from('cluster')]) }), filesDir: files },
        fs.createWriteStream(archive),
      );
      expect(manifest.files.count).toBe(4);
      // The text shrank, the random bytes were stored (a few bytes of framing per block).
      expect(archiveBytes).toBeLessThan(300_000 + 100 + 20_000);
      expect(archiveBytes).toBeGreaterThan(300_000);
      expect((await readArchive(archive)).entries).toEqual(manifest.entries);
      const out = path.join(dir, 'out');
      fs.mkdirSync(out);
      await promisify(execFile)('tar', ['-xzf', archive, '-C', out]);
      for (const [key, bytes] of contents) expect(sha(fs.readFileSync(path.join(out, 'files', key)))).toBe(sha(bytes));
      expect(fs.readFileSync(path.join(out, 'database.tar'), 'utf8')).toBe('cluster');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
