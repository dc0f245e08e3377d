import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server';
import { AppError, refuse } from '../errors/app-error';
import { STORAGE_KEY_PATTERN, type FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/**
 * The FileStore contract (file-store.ts), held by both stores alike: the local folder on a temp
 * directory and the S3 store on a real S3-protocol server (s3rver) on loopback.
 */
const MB = 1024 * 1024;

interface Subject {
  store: FileStore;
  /** Keys of the complete files the store holds. */
  stored(): Promise<string[]>;
  /** What unfinished uploads left: temp files, incomplete multipart uploads. */
  unfinished(): Promise<string[]>;
  /** Bytes of uploads in progress already in the store (temp files, parts of multipart uploads). */
  bytesInProgress(): number;
  /** Leaves what an instance that crashed in the middle of an upload leaves. */
  crashMidUpload(): Promise<void>;
  close(): Promise<void>;
}

async function localSubject(): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-store-'));
  const names = () => fs.readdirSync(dir);
  return {
    store: new LocalFileStore(dir),
    stored: async () => names().filter((n) => STORAGE_KEY_PATTERN.test(n)),
    unfinished: async () => names().filter((n) => n.startsWith('.tmp-')),
    bytesInProgress: () => names().filter((n) => n.startsWith('.tmp-')).reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0),
    crashMidUpload: async () => fs.writeFileSync(path.join(dir, `.tmp-${randomUUID()}`), randomBytes(1024)),
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Subject(): Promise<Subject> {
  const s3 = await startS3Server();
  const Bucket = s3.settings.bucket;
  return {
    store: new S3FileStore(s3.settings),
    stored: () => s3.objectKeys(),
    unfinished: () => s3.unfinishedUploads(),
    bytesInProgress: () => s3.bytesInUploads(),
    crashMidUpload: async () => {
      const Key = randomUUID();
      const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      await s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: randomBytes(5 * MB) }));
    },
    close: () => s3.stop(),
  };
}

/** The bytes in chunks the size a multipart parser hands over; throws `failure` after `failAfter` bytes. */
async function* chunksOf(bytes: Buffer, failAfter?: { bytes: number; failure: Error }): AsyncGenerator<Uint8Array> {
  const CHUNK = 64 * 1024;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    if (failAfter && at >= failAfter.bytes) throw failAfter.failure;
    yield bytes.subarray(at, at + CHUNK);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['LocalFileStore', localSubject],
  ['S3FileStore', s3Subject],
])('%s', (name, open) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('gives back the very bytes it was given: 20 MB streamed, and 1 byte', async () => {
    const big = randomBytes(20 * MB);
    let started = performance.now();
    const stored = await subject.store.put(chunksOf(big));
    const putSeconds = (performance.now() - started) / 1000;
    expect(stored).toEqual({ key: expect.stringMatching(STORAGE_KEY_PATTERN), size: big.length });
    started = performance.now();
    const back = await readAll(await subject.store.get(stored.key));
    const getSeconds = (performance.now() - started) / 1000;
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
    console.info(`${name}: 20 MB put at ${(20 / putSeconds).toFixed(0)} MB/s, read back at ${(20 / getSeconds).toFixed(0)} MB/s`);

    const one = Buffer.from([0x2a]);
    const small = await subject.store.put(chunksOf(one));
    expect(small.size).toBe(1);
    expect((await readAll(await subject.store.get(small.key))).equals(one)).toBe(true);
    expect(await subject.store.get(small.key).then(text)).toBe('*');
  });

  it('stores a file while it arrives: what is held in memory stays within a few parts, whatever the size', async () => {
    // A 50 MB source made as it is read (nothing keeps it whole); at 40 MB in, most of it must
    // already be in the store: S3 holds at most its parts in flight (2 × 5 MB) and the one filling.
    let behind = -1;
    async function* fiftyMegabytes(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < 50 * MB; at += 64 * 1024) {
        if (at === 40 * MB) behind = at - subject.bytesInProgress();
        yield randomBytes(64 * 1024);
      }
    }
    const { key, size } = await subject.store.put(fiftyMegabytes());
    expect(size).toBe(50 * MB);
    expect(behind).toBeGreaterThanOrEqual(0);
    expect(behind).toBeLessThanOrEqual(16 * MB);
    await subject.store.delete(key);
  });

  it('deletes, idempotently; a missing key is an error that is not a 503 (the route answers 404)', async () => {
    const { key } = await subject.store.put(chunksOf(Buffer.from('to be deleted')));
    expect(await subject.stored()).toContain(key);
    await subject.store.delete(key);
    await subject.store.delete(key);
    expect(await subject.stored()).not.toContain(key);
    for (const missing of [key, randomUUID()]) {
      const err = await subject.store.get(missing).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(AppError);
    }
  });

  it('keeps nothing of a source that fails part-way, and rethrows its very error', async () => {
    const before = await subject.stored();
    // 11 MB in: on S3 two parts of a multipart upload are already in the bucket.
    const failure = refuse('file_too_large', { field: 'notesfile', params: { size: '50 MB' } });
    const err = await subject.store.put(chunksOf(randomBytes(20 * MB), { bytes: 11 * MB, failure })).catch((e: unknown) => e);
    expect(err).toBe(failure);
    // Failing before the first part is complete leaves nothing either.
    const early = new Error('client went away');
    expect(await subject.store.put(chunksOf(randomBytes(2 * MB), { bytes: MB, failure: early })).catch((e: unknown) => e)).toBe(early);
    expect(await subject.stored()).toEqual(before);
    expect(await subject.unfinished()).toEqual([]);
  });

  it('sweeps old orphans and old unfinished uploads, keeps what a row names and what is recent, and may run twice at once', async () => {
    for (const key of await subject.stored()) await subject.store.delete(key);
    const oldOrphan = (await subject.store.put(chunksOf(Buffer.from('orphan')))).key;
    const oldKept = (await subject.store.put(chunksOf(Buffer.from('referenced')))).key;
    await subject.crashMidUpload();
    expect(await subject.unfinished()).toHaveLength(1);
    // S3 (s3rver) dates objects to the second: the cutoff is the next whole second, and the
    // recent file is written after it.
    const cutoff = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    await sleep(cutoff.getTime() - Date.now() + 20);
    const recentOrphan = (await subject.store.put(chunksOf(Buffer.from('recent')))).key;

    const asked: string[] = [];
    const referenced = async (keys: string[]) => {
      asked.push(...keys);
      return new Set(keys.filter((k) => k === oldKept));
    };
    const removed = await Promise.all([subject.store.sweep(cutoff, referenced), subject.store.sweep(cutoff, referenced)]);
    expect(removed[0]! + removed[1]!).toBeGreaterThanOrEqual(2);
    expect((await subject.stored()).sort()).toEqual([oldKept, recentOrphan].sort());
    expect(await subject.unfinished()).toEqual([]);
    // Only old objects are worth a question to the database.
    expect(new Set(asked)).toEqual(new Set([oldOrphan, oldKept]));
    expect(await subject.store.sweep(cutoff, referenced)).toBe(0);
  });
});
