import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from './file-store';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

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
    const tempPath = path.join(this.dir, `.tmp-${key}`);
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
