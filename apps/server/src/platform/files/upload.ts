import { createHash } from 'node:crypto';
import { FILE_LIMITS } from '@campus/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, refuse } from '../errors/app-error';
import type { FileStore } from './file-store';
import { SNIFF_BYTES, sniffType } from './sniff';
import { fileTooLarge, filesTooLarge, quotaExceeded, quotaLeft, type UploadRoute } from './upload-guard';

/** Bytes already durable in the store, not yet referenced by a row. */
export interface StoredUpload {
  key: string;
  size: number;
  contentType: string;
  originalName: string;
  /** SHA-256 (hex) of the bytes, computed as they streamed past. */
  sha256: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The first (for most routes, the only) file of the declared field. */
  file: StoredUpload | null;
  /** Every file of the declared field, in the order sent (at most the route's `upload.max`). */
  files: StoredUpload[];
}

const MAX_FIELD_BYTES = 100 * 1024;

/**
 * Checks a streamed upload as it passes: the type is sniffed from the first bytes before anything
 * is written, and the byte count is capped while streaming. Throwing here makes the store discard
 * its temp file, so a refused upload leaves nothing behind.
 */
async function* checked(file: MultipartFile, upload: UploadRoute, onType: (t: string) => void, hash: ReturnType<typeof createHash>, counted: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const { field, kind } = upload;
  const { types, maxBytes, typeNames, noun } = FILE_LIMITS[kind];
  let head = Buffer.alloc(0);
  let sniffed = false;
  let total = 0;
  const sniff = async () => {
    sniffed = true;
    const type = await sniffType(head);
    if (!type || !(types as readonly string[]).includes(type)) throw refuse('file_wrong_type', { field, params: { types: typeNames, noun } });
    onType(type);
  };
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw fileTooLarge(upload);
      hash.update(chunk);
      counted(chunk.byteLength);
      if (!sniffed) {
        head = Buffer.concat([head, chunk]);
        if (head.byteLength < SNIFF_BYTES) continue;
        await sniff();
        yield head;
        continue;
      }
      yield chunk;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(upload);
    throw err;
  }
  if (!sniffed) {
    if (head.byteLength === 0) throw refuse('file_empty', { field });
    await sniff();
    yield head;
  }
}

/**
 * The multipart parser reports a malformed body ("Unexpected end of multipart data", a missing
 * boundary) as a plain Error: that is the client's fault (400). Our refusals, Fastify's coded
 * limits and system errors (a full disk has an errno) keep their meaning.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: unknown; errno?: unknown };
  if (typeof e?.code === 'string' || typeof e?.errno === 'number') return err;
  return refuse('malformed_multipart');
}

/** A client file name reduced to something safe to echo in a header or a page. */
function safeName(name: string | undefined): string {
  const cleaned = (name ?? '').replace(/[\\/]/g, '_').replace(/[^\p{L}\p{N} ._()-]/gu, '').trim().slice(0, 200);
  return cleaned || 'file';
}

/** The upload a route declares (`config.upload`); a multipart route without one is a bug. */
function declaredUpload(request: FastifyRequest): UploadRoute {
  const upload = request.routeOptions.config?.upload;
  if (!upload) throw new Error(`${request.method} ${request.routeOptions.url} reads a multipart body but declares no config.upload`);
  return upload;
}

/**
 * Reads a multipart request: text fields plus the files of the route's declared upload field (at
 * most `upload.max`, one unless the route says more), each checked against the limits of its
 * kind, together within the route's `upload.total` when it sets one and within the caller's storage quota, and stored
 * durably. Other file fields are drained and ignored, as is a single-file route's second file;
 * more files than a several-file route takes is refused. If anything fails after a file was
 * stored, every stored file is deleted before the error propagates; once this returns, the caller
 * owns `files` and must delete them if its own work fails.
 */
export async function readMultipart(request: FastifyRequest, store: FileStore): Promise<MultipartForm> {
  const upload = declaredUpload(request);
  const { max = 1, total } = upload;
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  let bytes = 0;
  const counted = (n: number) => {
    bytes += n;
    if (total && bytes > total.maxBytes) throw filesTooLarge({ ...upload, total });
  };
  try {
    const parts = request.parts({
      limits: { fileSize: FILE_LIMITS[upload.kind].maxBytes + 1, files: max + 3, fields: 40, fieldSize: MAX_FIELD_BYTES, parts: max + 49 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw refuse('form_field_too_large', { field: part.fieldname });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === upload.field && files.length >= max && max > 1) throw refuse('too_many_items', { field: upload.field, params: { max } });
      if (part.fieldname !== upload.field || files.length >= max) {
        for await (const chunk of part.file) void chunk;
        continue;
      }
      let contentType = '';
      const hash = createHash('sha256');
      const stored = await store.put(checked(part, upload, (t) => (contentType = t), hash, counted));
      files.push({ key: stored.key, size: stored.size, contentType, originalName: safeName(part.filename), sha256: hash.digest('hex') });
      // The guard refused a full quota before the body was read; this catches the files that
      // do not fit in what was left.
      const left = await quotaLeft(request);
      if (left !== undefined && bytes > left) throw quotaExceeded(request);
    }
  } catch (err) {
    await Promise.all(files.map((f) => store.delete(f.key)));
    throw asClientError(err);
  }
  return { fields, file: files[0] ?? null, files };
}

/**
 * Reads the request's multipart form (`readMultipart`) and hands it to `use`, the route's own
 * work. If that work fails, the stored files go before the error does: a refused upload leaves
 * nothing behind.
 */
export async function withUpload<T>(request: FastifyRequest, store: FileStore, use: (form: MultipartForm) => Promise<T>): Promise<T> {
  const form = await readMultipart(request, store);
  try {
    return await use(form);
  } catch (err) {
    await Promise.all(form.files.map((f) => store.delete(f.key)));
    throw err;
  }
}
