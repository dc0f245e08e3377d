import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { S3_ACCESS_KEY, startS3Server as startS3ServerOn } from '../../../scripts/cluster/s3-server.mjs';
import { s3Client, type S3Settings } from '../src/platform/files/s3-file-store';

/**
 * A real S3-protocol server (s3rver, with the two calls it lacks added: scripts/cluster/s3-server.mjs)
 * on 127.0.0.1, in process, over a temp directory: the S3 store's tests run against it.
 */
export interface TestS3 {
  settings: S3Settings;
  /** A client of the test bucket, to look at it from outside the store. */
  client: S3Client;
  /** Keys of the objects in the bucket. */
  objectKeys(): Promise<string[]>;
  /** Unfinished multipart uploads in the bucket, by key. */
  unfinishedUploads(): Promise<string[]>;
  /** Bytes the parts of unfinished multipart uploads hold so far. */
  bytesInUploads(): number;
  stop(): Promise<void>;
}

/** Starts s3rver with one bucket on a free loopback port; `stop` closes it and removes its files. */
export async function startS3Server(bucket = 'campus-files'): Promise<TestS3> {
  useTestCredentials();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-s3-'));
  const server = await startS3ServerOn({ directory, bucket });
  const settings: S3Settings = { bucket, region: 'us-east-1', endpoint: server.endpoint };
  const client = s3Client(settings);
  return {
    settings,
    client,
    objectKeys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!),
    bytesInUploads: () => {
      const uploads = path.join(directory, bucket, '._S3rver_uploads');
      if (!fs.existsSync(uploads)) return 0;
      let total = 0;
      for (const id of fs.readdirSync(uploads)) {
        for (const part of fs.readdirSync(path.join(uploads, id))) if (/^\d+$/.test(part)) total += fs.statSync(path.join(uploads, id, part)).size;
      }
      return total;
    },
    unfinishedUploads: async () => ((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).map((u) => u.Key!),
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver's keys in the environment, where the SDK's credential chain finds them first, and the
 * EC2 metadata lookup off: a test must never reach past loopback looking for credentials.
 */
function useTestCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID = S3_ACCESS_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = S3_ACCESS_KEY;
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  // The SDK's once-per-process notice that its releases after January 2027 need Node 22.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}

/** An S3 endpoint where nothing listens: a port that was free a moment ago, on loopback. */
export async function closedEndpoint(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}
