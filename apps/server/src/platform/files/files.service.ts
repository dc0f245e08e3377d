import { randomUUID } from 'node:crypto';
import type { FileKind } from '@campus/contract';
import { eq } from 'drizzle-orm';
import { files, type FileRow } from '../../db/schema';
import type { Db } from '../db/database';
import type { StoredUpload } from './upload';

/** Records stored bytes as a file row; call inside the transaction that references the file. */
export async function insertFileRow(db: Db, upload: StoredUpload, kind: FileKind, ownerId: string | null): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({
      id: randomUUID(),
      storageKey: upload.key,
      ownerId,
      kind,
      contentType: upload.contentType,
      sizeBytes: upload.size,
      originalName: upload.originalName,
    })
    .returning();
  if (!row) throw new Error('file row not inserted');
  return row;
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** Deletes a file row and returns its storage key so the caller removes the bytes after commit. */
export async function deleteFileRow(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning({ key: files.storageKey });
  return row?.key;
}
