import { CsvError, parse, type Parser } from 'csv-parse';
import { IMPORT_VALUE_MAX, refusal, type ColumnMapping, type ImportError } from '@campus/contract';
import { refuse } from '../../platform/errors/app-error';
import { importError } from './cell-quote';

/** One row of the file: the line it starts on (the header is line 1) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** The columns a kind takes: all of them in the order a template writes them, and those that may be left out. */
export interface CsvColumns {
  columns: readonly string[];
  optional: readonly string[];
}

/**
 * Bytes to text as they arrive: UTF-8 or nothing (a spreadsheet saved in Latin-1 would turn a
 * Devanagari or accented name into question marks, so it is refused, not guessed at), the byte
 * order mark dropped, and every line ending made `\n` so that the parser counts lines as an
 * editor does (a `\r\n` inside a quoted field would otherwise count twice). Throws 415 on bytes
 * that are not UTF-8 text.
 */
function utf8Text(): { next(chunk: Buffer): string; end(): string } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let carriageReturn = false;
  const lines = (text: string) => {
    // A `\r` at the end of a chunk may be the first half of `\r\n`: decided with the next chunk.
    let joined = (carriageReturn ? '\r' : '') + text;
    carriageReturn = joined.endsWith('\r');
    if (carriageReturn) joined = joined.slice(0, -1);
    return joined.replace(/\r\n?/g, '\n');
  };
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw refuse('roster_not_text');
    }
  };
  // A NUL is no character of a text file (PostgreSQL could not store it either): an executable, say.
  const text = (decoded: string) => {
    if (decoded.includes('\u0000')) throw refuse('roster_not_text');
    return lines(decoded);
  };
  return {
    next: (chunk) => text(decode(chunk)),
    end: () => text(decode()) + (carriageReturn ? '\n' : ''),
  };
}

/** What the parser says of a file it cannot read, as a registrar can act on it. */
function csvProblem(err: CsvError): 'csv_quote_not_closed' | 'csv_quote_in_cell' | 'csv_unreadable' {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'csv_quote_not_closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'csv_quote_in_cell';
    default:
      return 'csv_unreadable';
  }
}

/**
 * The header's problems: a column twice, one the kind does not take, one it needs that is missing.
 * `header` holds each column's name (null: ignored, as the mapping said); `cells` the header's own text.
 */
function headerProblems(header: (string | null)[], cells: string[], spec: CsvColumns): ImportError[] {
  const problems: ImportError[] = [];
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (name === null) return;
    const value = cells[i]!.slice(0, IMPORT_VALUE_MAX);
    if (seen.has(name)) problems.push(importError(1, name, refusal('roster_column_twice', { params: { column: name } }), value));
    seen.add(name);
    if (!spec.columns.includes(name)) problems.push(importError(1, name, refusal('roster_column_unknown', { params: { column: name, known: spec.columns } }), value));
  });
  for (const name of spec.columns) {
    if (!seen.has(name) && !spec.optional.includes(name)) problems.push(importError(1, name, refusal('roster_column_missing', { params: { column: name } })));
  }
  return problems;
}

/**
 * A header cell as a column's name: as the registrar's mapping says (null: the column is
 * ignored), else the cell itself, which a spreadsheet may have padded or changed the case of.
 */
const canonical = (cell: string, spec: CsvColumns, mapping: ColumnMapping | undefined): string | null => {
  const name = cell.trim();
  if (mapping && Object.hasOwn(mapping, name)) return mapping[name]!;
  return spec.columns.find((c) => c.toLowerCase() === name.toLowerCase()) ?? name;
};

const newlines = (cells: string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * The rows of a CSV file as it streams in, each with the line it starts on: a header naming the
 * columns in any order, quoted cells with commas, quotes and line breaks, blank lines skipped.
 * Problems with the file itself (the header, a line with the wrong number of cells, a quote left
 * open) go to `problem`; after a header problem or a line the parser cannot read, no more rows
 * come. Either way the upload is read to its end, so the request finishes cleanly. Throws 415
 * when the bytes are not UTF-8 text, 400 when there are none.
 */
export async function* csvRows(source: AsyncIterable<Buffer>, spec: CsvColumns, problem: (e: ImportError) => void, mapping?: ColumnMapping): AsyncGenerator<CsvRow> {
  const parser = parse({ info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: '\n' });
  // Fed as this generator is read (the parser's buffer bounds what is held), and read to the end.
  const feeding = feed(source, parser);
  let header: (string | null)[] | undefined;
  let readable = true;
  let unreadable = false;
  let failure: unknown;
  let stopped: unknown;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!readable) continue;
      if (!header) {
        header = record.map((cell) => canonical(cell, spec, mapping));
        const problems = headerProblems(header, record, spec);
        problems.forEach(problem);
        readable = problems.length === 0;
        continue;
      }
      const line = info.lines - newlines(record);
      if (record.length !== header.length) {
        problem(importError(line, null, refusal('roster_cell_count', { params: { cells: record.length, expected: header.length } })));
        continue;
      }
      const named = header;
      yield { line, cells: Object.fromEntries(record.flatMap((cell, i) => (named[i] === null ? [] : [[named[i], cell]]))) };
    }
  } catch (err) {
    // A line the parser cannot read is the file's problem; anything else stopped the parser
    // because the upload failed, and the upload's failure (below) is then the answer.
    if (err instanceof CsvError) {
      unreadable = true;
      problem(importError(typeof err.lines === 'number' ? err.lines : 1, null, refusal(csvProblem(err))));
    } else {
      stopped = err;
    }
  } finally {
    // Whatever happens here, the upload is read to its end before the request answers.
    failure = (await feeding) ?? stopped;
  }
  if (failure) throw failure;
  if (!header && !unreadable) problem(importError(1, null, refusal('roster_no_header')));
}

/** Resolves when the parser has room again, or has stopped; its listeners go with it. */
function drained(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
}

/**
 * Writes the upload's text into the parser, waiting when it is full, until the upload ends;
 * once the parser has stopped (it met a line it cannot read) the rest is read and dropped.
 * Resolves with the failure, if any (bytes that are not UTF-8, an upload cut off or too large),
 * after the upload's last byte.
 */
async function feed(source: AsyncIterable<Buffer>, parser: Parser): Promise<unknown> {
  const text = utf8Text();
  let failure: unknown;
  let bytes = 0;
  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (failure !== undefined || parser.destroyed) continue;
      try {
        if (!parser.write(text.next(chunk))) await drained(parser);
      } catch (err) {
        failure = err;
        parser.destroy();
      }
    }
  } catch (err) {
    // The upload itself failed (cut off, or past its size limit): that is the answer.
    parser.destroy();
    return err;
  }
  if (bytes === 0 && failure === undefined) {
    failure = refuse('file_empty', { field: 'file' });
    parser.destroy();
  }
  if (failure === undefined && !parser.destroyed) {
    try {
      parser.end(text.end());
    } catch (err) {
      failure = err;
      parser.destroy();
    }
  }
  return failure;
}
