import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_KEY_PATTERN as KEY_PATTERN, type FileStore, type ReferencedKeys } from './file-store';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-data';

/** An upload still being written; one a crash interrupted stays until the sweeper removes it. */
const TEMP_PREFIX = '.tmp-';

/**
 * Files under DATA_DIR/files. Crash-safe: bytes go to a temp file in the same directory, are
 * fsynced, renamed into place (atomic on one filesystem) and the directory is fsynced, so after a
 * crash a key either names a complete file or does not exist.
 */
export class LocalFileStore implements FileStore {
  /** Backups in progress (holdDeletions); while any runs, deletions wait in `held`. */
  private holds = 0;
  private held: string[] = [];

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  /**
   * Holds off every deletion (a removed row's bytes, the sweeper) until the returned function is
   * called, which then carries out the held ones. A backup takes this before its database
   * snapshot and lets go once it has copied the files: a file the snapshot's rows name cannot be
   * removed in between, so none is missing from the archive. Files put meanwhile are copied too
   * (orphans to the snapshot, which the restored portal's sweeper removes after its grace period).
   */
  holdDeletions(): () => Promise<void> {
    this.holds += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds > 0) return;
      const keys = this.held;
      this.held = [];
      for (const key of keys) await this.delete(key);
    };
  }

  private pathOf(key: string): string {
    // Keys are ours (UUIDs); refusing anything else rules out path traversal via a bad row.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.dir, key);
  }

  async put(source: AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }> {
    const key = randomUUID();
    const finalPath = this.pathOf(key);
    const tempPath = path.join(this.dir, `${TEMP_PREFIX}${key}`);
    const handle = await fsp.open(tempPath, 'wx', PRIVATE_FILE_MODE);
    let size = 0;
    try {
      for await (const chunk of source) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
      await handle.close();
      await fsp.rename(tempPath, finalPath);
    } catch (err) {
      await handle.close().catch(() => {});
      await fsp.rm(tempPath, { force: true });
      throw err;
    }
    await this.syncDir();
    return { key, size };
  }

  async get(key: string): Promise<Readable> {
    const filePath = this.pathOf(key);
    await fsp.access(filePath);
    return fs.createReadStream(filePath);
  }

  async delete(key: string): Promise<void> {
    const filePath = this.pathOf(key);
    if (this.holds > 0) {
      this.held.push(key);
      return;
    }
    await fsp.rm(filePath, { force: true });
  }

  async sweep(before: Date, referenced: ReferencedKeys): Promise<number> {
    // During a backup nothing goes; the next sweep takes it.
    if (this.holds > 0) return 0;
    const cutoff = before.getTime();
    const old: { name: string; key?: string }[] = [];
    for (const name of await fsp.readdir(this.dir)) {
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => undefined);
      if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
      if (name.startsWith(TEMP_PREFIX)) old.push({ name });
      else if (KEY_PATTERN.test(name)) old.push({ name, key: name });
    }
    const keys = old.flatMap((f) => (f.key ? [f.key] : []));
    const kept = keys.length > 0 ? await referenced(keys) : new Set<string>();
    let removed = 0;
    for (const f of old) {
      if (f.key && kept.has(f.key)) continue;
      // force: another instance sweeping the same folder may have removed it first.
      await fsp.rm(path.join(this.dir, f.name), { force: true });
      removed += 1;
    }
    return removed;
  }

  private async syncDir(): Promise<void> {
    const dirHandle = await fsp.open(this.dir, 'r');
    try {
      await dirHandle.sync();
    } catch {
      // Some filesystems refuse fsync on a directory; the rename is still atomic there.
    } finally {
      await dirHandle.close();
    }
  }
}
