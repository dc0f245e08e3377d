import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ByteBudgetCache } from '../cache/byte-budget-cache';

/**
 * Answers above 1 KB are compressed on the fly, brotli or gzip as the client accepts, at a
 * quality chosen by size (decision 0011, measured on real course listings, whose ids barely
 * compress):
 * - up to 512 KB, in one call at brotli 2: a page of 48 courses (78 KB) comes to the same 34 KB
 *   as at brotli 4 in half the time (0.8 against 1.6 ms);
 * - larger answers stream at brotli 4: its longer window halves the whole catalogue (3.2 MB to
 *   551 KB in 22 ms, where brotli 1 gives 1.39 MB and gzip at any level ~1.47 MB in 39–76 ms);
 * - gzip, for clients without brotli, at level 1: higher levels save ~2 % for twice the time.
 * The built web app's files are compressed at the highest levels once, at build time, and served
 * as they are (web-app.ts). Event streams are written to the socket directly (hijacked), never
 * through this. Compressed request bodies are not accepted: nothing here needs them, and they
 * would let a small request expand into a large one.
 */
export const COMPRESSION = {
  threshold: 1024,
  /** Up to this size an answer is compressed in one call, at the small-answer quality. */
  syncThreshold: 512 * 1024,
  smallBrotliQuality: 2,
  largeBrotliQuality: 4,
  gzipLevel: 1,
};

const brotli = (quality: number, sizeHint = 0): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint },
});

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when the client takes it, else gzip, else none (RFC 9110 q-values). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (token && (!q || Number(q.slice(2)) > 0)) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * Compressed copies of tagged answers (etag.ts), by tag and encoding, within a byte budget: a
 * list that is the same for everyone (the catalogue, its first page) is compressed once, not
 * once per request, until it changes. Compression runs on zlib's thread pool, off the event loop.
 */
export class CompressedBodies {
  private readonly bodies: ByteBudgetCache<Buffer>;
  /** Compressions under way: requests for the same body at once wait for one, not each their own. */
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(budgetBytes = 32 * 1024 * 1024) {
    this.bodies = new ByteBudgetCache<Buffer>(budgetBytes, (body) => body.length);
  }

  get(tag: string, encoding: Encoding, payload: string | Buffer): Promise<Buffer> {
    const key = `${tag} ${encoding}`;
    const kept = this.bodies.get(key);
    if (kept) return Promise.resolve(kept);
    let compressing = this.pending.get(key);
    if (!compressing) {
      compressing = this.compress(encoding, payload)
        .then((body) => {
          this.bodies.set(key, body);
          return body;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, compressing);
    }
    return compressing;
  }

  private async compress(encoding: Encoding, payload: string | Buffer): Promise<Buffer> {
    const size = Buffer.byteLength(payload);
    const large = size > COMPRESSION.syncThreshold;
    return encoding === 'br'
      ? brotliAsync(payload, brotli(large ? COMPRESSION.largeBrotliQuality : COMPRESSION.smallBrotliQuality, size))
      : gzipAsync(payload, { level: COMPRESSION.gzipLevel });
  }
}

/** The zlib @fastify/compress calls: its one-call path for small answers, its streams for large ones. */
const bySize = {
  brotliCompressSync: (payload: zlib.InputType) => zlib.brotliCompressSync(payload, brotli(COMPRESSION.smallBrotliQuality, Buffer.byteLength(payload as string))),
  createBrotliCompress: () => zlib.createBrotliCompress(brotli(COMPRESSION.largeBrotliQuality)),
  gzipSync: (payload: zlib.InputType) => zlib.gzipSync(payload, { level: COMPRESSION.gzipLevel }),
  createGzip: () => zlib.createGzip({ level: COMPRESSION.gzipLevel }),
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION.threshold,
    syncThreshold: COMPRESSION.syncThreshold,
    encodings: ['br', 'gzip'],
    zlib: bySize,
  });
}
