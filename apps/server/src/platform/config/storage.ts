import { z } from 'zod';
import { concern } from './concern';
import { httpUrl, optionalText } from './fields';

/**
 * Where uploaded bytes live. `local`: a folder under DATA_DIR. `s3`: a bucket several instances
 * share; `endpoint` is set for S3-compatible servers (MinIO, Ceph…), unset for AWS itself.
 * Credentials are not here: the AWS SDK reads them from its usual chain.
 */
export type StorageConfig = { kind: 'local' } | { kind: 's3'; bucket: string; region: string; endpoint?: string };

export const storage = concern({
  env: {
    STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: httpUrl('http://127.0.0.1:9000'),
    S3_REGION: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? 'us-east-1' : v.trim())),
  },
  check: ({ value, set }, report) => {
    if (value.STORAGE === 's3' && !set.S3_BUCKET) report('S3_BUCKET', 'required when STORAGE=s3 (the bucket that keeps uploaded files)');
  },
  config: (e) => {
    // The check has made sure of the bucket; the S3 settings mean nothing to the local store.
    const store: StorageConfig = e.STORAGE === 'local' ? { kind: 'local' } : { kind: 's3', bucket: e.S3_BUCKET!, region: e.S3_REGION, ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}) };
    return { storage: store };
  },
});
