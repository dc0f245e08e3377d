import { refusal, type ImportError } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { csvRows, type CsvColumns } from './csv-rows';

const SPEC: CsvColumns = { columns: ['registrationId', 'fullname', 'note'], optional: ['note'] };

/** Reads `chunks` (split anywhere, as a network would) and returns the rows and the problems. */
async function read(chunks: (string | Buffer)[]) {
  const problems: ImportError[] = [];
  const rows = [];
  async function* source() {
    for (const c of chunks) yield typeof c === 'string' ? Buffer.from(c) : c;
  }
  for await (const row of csvRows(source(), SPEC, (p) => problems.push(p))) rows.push(row);
  return { rows, problems };
}

/** The bytes split into pieces of `size`: a multi-byte character or a \r\n may fall across two. */
const pieces = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
};

describe('csvRows', () => {
  it('reads a byte order mark, columns in another order, CRLF, quoted commas, quotes and line breaks, and Devanagari, each row with its line', async () => {
    const file = '\uFEFFFullName, registrationId ,note\r\n"Patil, Rohan",211070002,\r\nअनन्या शर्मा,211070003,"two\r\nlines"\r\n\r\n"Say ""hi""",211070004,x\r\n';
    for (const size of [1, 2, 3, 7, 1000]) {
      const { rows, problems } = await read(pieces(file, size));
      expect(problems, `chunks of ${size}`).toEqual([]);
      expect(rows, `chunks of ${size}`).toEqual([
        { line: 2, cells: { fullname: 'Patil, Rohan', registrationId: '211070002', note: '' } },
        { line: 3, cells: { fullname: 'अनन्या शर्मा', registrationId: '211070003', note: 'two\nlines' } },
        { line: 6, cells: { fullname: 'Say "hi"', registrationId: '211070004', note: 'x' } },
      ]);
    }
  });

  it('names a header’s unknown, doubled and missing columns, and reads no row after it', async () => {
    const { rows, problems } = await read(['fullname,semster,fullname\n1,2,3\n']);
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { line: 1, column: 'semster', code: 'roster_column_unknown', params: { column: 'semster', known: ['registrationId', 'fullname', 'note'] }, message: 'semster is not a column of this kind of file; its columns are registrationId, fullname, note', value: 'semster' },
      { line: 1, column: 'fullname', code: 'roster_column_twice', params: { column: 'fullname' }, message: 'The column fullname is in the header twice', value: 'fullname' },
      { line: 1, column: 'registrationId', code: 'roster_column_missing', params: { column: 'registrationId' }, message: 'The header has no registrationId column', value: null },
    ]);
  });

  it('names a line with the wrong number of cells, and goes on', async () => {
    const { rows, problems } = await read(['registrationId,fullname\n1,a,extra\n2,b\n']);
    expect(problems).toEqual([{ line: 2, column: null, code: 'roster_cell_count', params: { cells: 3, expected: 2 }, message: 'This line has 3 cells; the header has 2', value: null }]);
    expect(rows.map((r) => r.line)).toEqual([3]);
  });

  it('names the line of a quote left open, and still reads the upload to its end', async () => {
    let read_ = 0;
    async function* source() {
      for (const c of ['registrationId,fullname\n1,ok\n2,"never closed\n', 'more\n'.repeat(1000)]) {
        read_ += 1;
        yield Buffer.from(c);
      }
    }
    const problems: ImportError[] = [];
    const rows = [];
    for await (const row of csvRows(source(), SPEC, (p) => problems.push(p))) rows.push(row);
    // Rows before the broken line may or may not have come out before the parser stopped.
    expect(rows.every((r) => r.line === 2)).toBe(true);
    expect(problems).toEqual([{ line: expect.any(Number), column: null, code: 'csv_quote_not_closed', params: {}, message: 'A quoted cell is never closed: add the missing double quote (")', value: null }]);
    expect(problems[0]!.line).toBeGreaterThanOrEqual(3);
    expect(read_).toBe(2);
  });

  it('refuses bytes that are not UTF-8 (a Latin-1 export) with 415, reading the upload to its end', async () => {
    await expect(read(['registrationId,fullname\n1,', Buffer.from([0x4a, 0xf6, 0x72, 0x67]), '\n'])).rejects.toMatchObject({ statusCode: 415, code: 'roster_not_text', message: refusal('roster_not_text').message });
  });

  it('refuses an empty upload, and one holding a NUL (an executable, not text), with 400', async () => {
    await expect(read([])).rejects.toMatchObject({ statusCode: 400, code: 'file_empty', field: 'file', message: 'File is empty' });
    await expect(read(['MZ\u0000\u0000'])).rejects.toMatchObject({ statusCode: 415, code: 'roster_not_text', message: refusal('roster_not_text').message });
  });

  it('says so when the file has no header row', async () => {
    expect((await read(['\n\n'])).problems).toEqual([{ line: 1, column: null, code: 'roster_no_header', params: {}, message: 'The file has no header row', value: null }]);
  });
});
