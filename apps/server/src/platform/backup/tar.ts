/**
 * The few parts of the tar format (POSIX ustar) a backup needs: regular files with short names
 * (`database.tar`, `files/<uuid>`, `manifest.json`), written and read as a stream so that a
 * gigabyte of files never sits in memory. Written here rather than taken from a package because
 * it is this small, and the archive must stay readable by the system's own `tar`.
 */

const BLOCK = 512;

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  // 11 octal digits: up to 8 GiB per entry, far above any one upload or the database of a campus.
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

/** Zero bytes that bring an entry of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two zero blocks: the end of the archive. */
export function tarEnd(): Buffer {
  return Buffer.alloc(BLOCK * 2);
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.length < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `n` bytes (fewer only at the end of the stream), as they arrived. */
  async take(n: number): Promise<Buffer> {
    await this.fill(Math.min(n, 1));
    if (this.length === 0) return Buffer.alloc(0);
    const first = this.chunks[0]!;
    if (first.length <= n) {
      this.chunks.shift();
      this.length -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(n);
    this.length -= n;
    return first.subarray(0, n);
  }

  /** Exactly `n` bytes; a shorter stream is a truncated archive. */
  async exactly(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.length < n) throw new Error('the archive is truncated');
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them all before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The regular files of a ustar stream, in order. Anything else (links, devices) is refused. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header.every((b) => b === 0)) return;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '').trim();
    let sum = 0;
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (Number.parseInt(field(148, 8), 8) !== sum) throw new Error('the archive is damaged (a tar header checksum does not match)');
    const type = field(156, 1);
    if (type !== '0' && type !== '') throw new Error(`the archive holds something other than files (tar type ${type})`);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12), 8);
    let consumed = false;
    const body = async function* () {
      let left = size;
      while (left > 0) {
        const chunk = await reader.take(left);
        if (chunk.length === 0) throw new Error('the archive is truncated');
        left -= chunk.length;
        yield chunk;
      }
      consumed = true;
    };
    yield { name, size, body: body() };
    if (!consumed) throw new Error(`tar entry ${name} was not read`);
    const padding = tarPadding(size).length;
    if (padding > 0) await reader.exactly(padding);
  }
}
