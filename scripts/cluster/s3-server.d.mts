// Types of s3-server.mjs for its TypeScript users (the server's S3 tests).
export const S3_ACCESS_KEY: string;
export function startS3Server(options: { directory: string; bucket: string; port?: number }): Promise<{ endpoint: string; close(): Promise<void> }>;
