import { describe, expect, it } from 'vitest';
import { IMPORT_KINDS, ROSTER_COLUMNS } from './roster-columns';
import { ROSTER_KINDS } from './roster';

describe('the roster’s plain columns (what the browser reads) and its row rules', () => {
  it.each(IMPORT_KINDS)('%s: the row schema checks exactly the columns, in template order', (kind) => {
    expect(Object.keys(ROSTER_KINDS[kind].row.shape)).toEqual([...ROSTER_COLUMNS[kind].columns]);
    expect(ROSTER_KINDS[kind].columns).toBe(ROSTER_COLUMNS[kind].columns);
    expect(ROSTER_KINDS[kind].optional).toBe(ROSTER_COLUMNS[kind].optional);
  });

  it.each(IMPORT_KINDS)('%s: every optional column is one of its columns, and the key comes first and is required', (kind) => {
    const { columns, optional } = ROSTER_COLUMNS[kind];
    for (const column of optional) expect(columns).toContain(column);
    expect(optional).not.toContain(columns[0]);
  });
});
