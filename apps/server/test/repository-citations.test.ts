import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every reason the code gives must be one click away, inside the repository: no comment or
 * document may cite a document that is not in it (the API contract and product spec the portal
 * was first written against, a design note). What the code relies on is in docs/product.md, the
 * contract package and docs/decisions/. This file alone names the patterns, so it alone is skipped.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url)).split('\\').join('/');

const OUTSIDE = [
  /API\.md/i,
  /\bspec\s*§/i,
  /\bspec's\b/i,
  /portal-spec/i,
  /\bshared\//i,
  /\bDESIGN\b/,
];

/** `file:line: text` for each line of `text` that cites a document outside the repository. */
function outsideCitations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
  );
}

function trackedTextFiles(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && file !== self);
  return files.flatMap((file) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(root + file);
    } catch {
      return []; // tracked but deleted in this working tree
    }
    return bytes.includes(0) ? [] : [{ file, text: bytes.toString('utf8') }];
  });
}

describe('the repository cites nothing outside it', () => {
  it('finds a citation, naming its file and line', () => {
    expect(outsideCitations('a.ts', 'const a = 1;\n// as API.md "Files" says\n/** spec §2 */')).toEqual([
      'a.ts:2: // as API.md "Files" says',
      'a.ts:3: /** spec §2 */',
    ]);
    expect(outsideCitations('b.ts', '// RFC 5545 §3.1: lines end in CRLF; a design choice')).toEqual([]);
  });

  it('no tracked text file cites a document kept outside the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ file, text }) => outsideCitations(file, text))).toEqual([]);
  });
});
