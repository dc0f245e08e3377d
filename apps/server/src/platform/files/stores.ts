import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/** The store STORAGE chose: a folder under DATA_DIR (the default) or a bucket all instances share. */
export function createFileStore(config: Config, log?: FastifyBaseLogger): FileStore {
  const storage = config.storage;
  if (storage.kind === 's3') return new S3FileStore(storage, log);
  return new LocalFileStore(path.join(config.dataDir, 'files'));
}
