import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

const readme = readFileSync(fileURLToPath(new URL('../../../../../README.md', import.meta.url)), 'utf8');

/** The variables named in the first column of the README's "Configuration" table. */
function documentedVariables(): string[] {
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('README configuration table', () => {
  it('lists exactly the variables the server reads', () => {
    const inCode = Object.keys(envSchema.shape).sort();
    const documented = documentedVariables();
    // TEXTGEN_* are named together in one row's text; the rest each have a row.
    const inReadme = new Set([...documented, ...(readme.match(/TEXTGEN_[A-Z_]+/g) ?? [])]);
    expect(inCode.filter((v) => !inReadme.has(v))).toEqual([]);
    expect(documented.filter((v) => !inCode.includes(v))).toEqual([]);
  });
});
