import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_KEY_PATTERN as KEY_PATTERN, type FileStore, type ReferencedKeys } from './file-store';

/** An upload still being written; one a crash interrupted stays until the sweeper removes it. */
const TEMP_PREFIX = '.tmp-';

/**
 * Files under DATA_DIR/files. Crash-safe: bytes go to a temp file in the same directory, are
 * fsynced, renamed into place (atomic on one filesystem) and the directory is fsynced, so after a
 * crash a key either names a complete file or does not exist.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
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
    const handle = await fsp.open(tempPath, 'wx', 0o600);
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
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async sweep(before: Date, referenced: ReferencedKeys): Promise<number> {
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
