// A real S3-protocol server on loopback (s3rver, in process), for the tests and the loopback
// cluster. s3rver 3.7 lacks two calls the portal's S3 store relies on, ListMultipartUploads
// (GET ?uploads) and AbortMultipartUpload (DELETE ?uploadId=); they are added here over its own
// on-disk layout (`<bucket>/._S3rver_uploads/<uploadId>/{key,1,2,…}`), answering what S3 answers.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's account: the AWS SDK reads these from the environment. */
export const S3_ACCESS_KEY = 'S3RVER';

function multipartUploadCalls(directory) {
  return async (ctx, next) => {
    const [, bucket, key] = /^\/([^/]+)\/?(.*)$/.exec(ctx.path) ?? [];
    if (!bucket) return next();
    const uploads = path.join(directory, bucket, '._S3rver_uploads');
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const ids = await fsp.readdir(uploads).catch(() => []);
      const listed = await Promise.all(
        ids.sort().map(async (id) => {
          const keyFile = path.join(uploads, id, 'key');
          return { Key: await fsp.readFile(keyFile, 'utf8'), UploadId: id, Initiated: (await fsp.stat(keyFile)).mtime.toISOString(), StorageClass: 'STANDARD' };
        }),
      );
      ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, KeyMarker: '', UploadIdMarker: '', MaxUploads: 1000, IsTruncated: false, Upload: listed } };
      return;
    }
    if (ctx.method === 'DELETE' && key && typeof ctx.query.uploadId === 'string') {
      const dir = path.join(uploads, path.basename(ctx.query.uploadId));
      if (!fs.existsSync(dir)) {
        ctx.status = 404;
        ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.', UploadId: ctx.query.uploadId } };
        return;
      }
      await fsp.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
}

/** Starts s3rver over `directory` with `bucket`, on `port` (0: a free one) of 127.0.0.1. */
export async function startS3Server({ directory, bucket, port = 0 }) {
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  // Before s3rver's router (its last middleware), which answers NotImplemented for these calls.
  server.middleware.splice(server.middleware.length - 1, 0, multipartUploadCalls(directory));
  const { port: listening } = await server.run();
  return { endpoint: `http://127.0.0.1:${listening}`, close: () => server.close() };
}
