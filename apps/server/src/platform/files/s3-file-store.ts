import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyBaseLogger } from 'fastify';
import { refuse, type AppError } from '../errors/app-error';
import { STORAGE_KEY_PATTERN, type FileStore, type ReferencedKeys } from './file-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver); unset for AWS itself. */
  endpoint?: string;
}

/**
 * Parts of a streamed upload: S3's minimum, and two in flight at once. An upload holds about
 * (queue + 1) parts in memory whatever the file's size, so a 50 MB notes file costs ~15 MB.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * A client that gives up quickly on a dead bucket, so an upload answers 503 within seconds
 * rather than hanging: 3 s to connect, 30 s for a request (a 5 MB part) to be answered or for
 * its socket to stay silent, and one retry.
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    // S3-compatible servers address buckets by path, not by a bucket.host name.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    // By default the SDK adds CRC checksums to every upload (as aws-chunked trailers on streamed
    // bodies) and checks them on downloads; S3-compatible servers may store the chunk framing as
    // if it were the file, or refuse the request. Checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: 3_000,
      requestTimeout: 30_000,
      throwOnRequestTimeout: true,
      socketTimeout: 30_000,
      // A download holds its socket while the browser reads; the SDK's default of 50 would
      // queue the 51st concurrent download behind the others.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

/** S3's answer for a key that names nothing (NoSuchBucket is a 404 too, but is not that). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}

/** An upload a concurrent sweep (or an earlier abort) already removed. */
function isGoneUpload(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchUpload' || e?.$metadata?.httpStatusCode === 404;
}

/** What `get` rejects with for a missing object: the same meaning as the local store's ENOENT. */
class MissingObject extends Error {
  readonly code = 'ENOENT';
}

/**
 * Files as objects of one bucket, shared by every instance. Objects are written whole or not at
 * all: a multipart upload becomes an object only when it is completed, and one that fails is
 * aborted (or, if even that fails, left for `sweep`). Any failure of the bucket (unreachable,
 * timing out, 5xx, refusing our credentials) is a 503 for the request and a warning in the log
 * saying why; never a 500.
 */
export class S3FileStore implements FileStore {
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    private readonly client: S3Client = s3Client(settings),
  ) {
    this.bucket = settings.bucket;
  }

  async put(source: AsyncIterable<Uint8Array>): Promise<{ key: string; size: number }> {
    const key = randomUUID();
    let size = 0;
    // The source's own error (a 413 or 415) must reach the client unchanged, whatever the
    // upload made of it: it is kept here and rethrown.
    let failed: { error: unknown } | undefined;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of source) {
          size += chunk.byteLength;
          yield chunk;
        }
      } catch (error) {
        failed = { error };
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }) },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // We abort ourselves: lib-storage would throw the abort's own error (a dead bucket's)
      // in place of the source's.
      leavePartsOnError: true,
    });
    try {
      // Resolves once the object is complete (a PutObject for a file within one part).
      await upload.done();
    } catch (err) {
      await this.abortUpload(key, upload.uploadId);
      if (failed) throw failed.error;
      throw this.unavailable(err, 'put');
    }
    return { key, size };
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('S3 GetObject gave no Node stream');
      return object.Body;
    } catch (err) {
      if (isMissing(err)) throw new MissingObject(`no stored object ${key}`);
      throw this.unavailable(err, 'get');
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    try {
      // S3 answers 204 for a key that is already gone: deleting twice is fine.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw this.unavailable(err, 'delete');
    }
  }

  /**
   * Aborts multipart uploads begun before `before`, then deletes objects last modified before it
   * that no row names, asking `referenced` once per listing page (up to 1000 keys). Keys that
   * are not ours (not UUIDs) are left alone. Several instances may sweep at once: an upload or
   * object another removed first is simply gone, so the count is this instance's share, roughly.
   */
  async sweep(before: Date, referenced: ReferencedKeys): Promise<number> {
    // No 503 here: a sweep answers no request, and its caller logs the SDK's own error.
    return (await this.abortUploadsBefore(before)) + (await this.deleteOrphansBefore(before, referenced));
  }

  private async abortUploadsBefore(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !STORAGE_KEY_PATTERN.test(upload.Key) || !upload.Initiated || upload.Initiated >= before) continue;
        try {
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        } catch (err) {
          if (!isGoneUpload(err)) throw err;
        }
      }
      // ListMultipartUploads has no paginator in the SDK: follow the markers by hand.
      if (!page.IsTruncated || (!page.NextKeyMarker && !page.NextUploadIdMarker)) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  private async deleteOrphansBefore(before: Date, referenced: ReferencedKeys): Promise<number> {
    let removed = 0;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      const old = (page.Contents ?? []).flatMap((o) => (o.Key && STORAGE_KEY_PATTERN.test(o.Key) && o.LastModified && o.LastModified < before ? [o.Key] : []));
      if (old.length === 0) continue;
      const kept = await referenced(old);
      // One DeleteObject each rather than DeleteObjects: orphans are rare (a crash, a lost race),
      // and DeleteObjects needs a Content-MD5 some S3-compatible servers insist on and the SDK
      // no longer sends.
      for (const key of old) {
        if (kept.has(key)) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
        removed += 1;
      }
    }
    return removed;
  }

  /** Best effort: an upload we cannot abort now (the bucket is down) is the sweeper's to remove. */
  private async abortUpload(key: string, uploadId: string | undefined): Promise<void> {
    if (!uploadId) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      if (!isGoneUpload(err)) this.log?.warn({ err }, 'file storage: could not abort a failed upload; the sweep will remove it');
    }
  }

  private unavailable(err: unknown, operation: string): AppError {
    this.log?.warn({ err }, `file storage: ${operation} failed`);
    return Object.assign(refuse('storage_unavailable'), { cause: err });
  }
}

function checkKey(key: string): void {
  // Keys are ours (UUIDs); anything else is a bad row, never a request to pass to the bucket.
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
}
