import { randomUUID } from 'node:crypto';
import type { FileKind } from '@campus/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { files, type FileRow } from '../../db/schema';
import type { Db } from '../db/database';
import type { StoredUpload } from './upload';

/** Records several stored uploads as file rows in one statement, in their order; none: no statement. */
export async function insertFileRows(db: Db, uploads: readonly StoredUpload[], kind: FileKind, ownerId: string | null): Promise<FileRow[]> {
  if (uploads.length === 0) return [];
  const values = uploads.map((upload) => ({
    id: randomUUID(),
    storageKey: upload.key,
    ownerId,
    kind,
    contentType: upload.contentType,
    sizeBytes: upload.size,
    originalName: upload.originalName,
  }));
  const rows = await db.insert(files).values(values).returning();
  // RETURNING gives no promised order: put the rows back in the uploads'.
  const byId = new Map(rows.map((r) => [r.id, r]));
  return values.map((v) => byId.get(v.id)!);
}

/** Records stored bytes as a file row; call inside the transaction that references the file. */
export async function insertFileRow(db: Db, upload: StoredUpload, kind: FileKind, ownerId: string | null): Promise<FileRow> {
  const [row] = await insertFileRows(db, [upload], kind, ownerId);
  return row!;
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

/**
 * Bytes of the files a user uploaded and still has (their storage quota's use). Marksheets are
 * the exam office's uploads, kept under the student they belong to: not the student's to count.
 */
export async function bytesUploadedBy(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(and(eq(files.ownerId, userId), ne(files.kind, 'marksheet')));
  return Number(row?.total ?? 0);
}

/** Which of these storage keys a file row still names (the sweeper removes the others). */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}
