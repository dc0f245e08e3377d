import { ROSTER_COLUMNS, type ImportKind } from '@campus/contract/roster-columns';
import type { ColumnMapping } from '@campus/contract/roster';
import { useId } from 'react';
import { CARD, KIND_WORDS } from './roster-help';

/** The select's value for "ignore this column" (a roster column is never empty). */
const IGNORE = '';

/**
 * The file's columns matched to the roster's, shown when the header names them otherwise ("Reg.
 * No.", "Email ID"): a select per file column, proposed from its name and what this browser was
 * told before, which the registrar may change; each change previews the file again.
 */
export function ColumnMatch({ kind, header, mapping, busy, onChange }: { kind: ImportKind; header: string[]; mapping: ColumnMapping; busy: boolean; onChange: (cell: string, column: string | null) => void }) {
  const id = useId();
  const { columns, optional } = ROSTER_COLUMNS[kind];
  const chosen = new Set(Object.values(mapping).filter((c): c is string => c !== null));
  const missing = columns.filter((c) => !chosen.has(c) && !(optional as readonly string[]).includes(c));
  const cells = header.filter((cell) => cell !== '' && Object.hasOwn(mapping, cell));
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-campus-900">
        Match the file’s columns
      </h2>
      <p className="text-sm text-slate-600">
        The file names its columns its own way. Each is matched to a column of a {KIND_WORDS[kind].label.toLowerCase()} file by its name; change any that is wrong, or
        ignore it. This browser remembers your choices for the next file.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {cells.map((cell, i) => (
          <div key={cell} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${i}`} className="break-all text-sm font-medium text-slate-900">
              {cell}
            </label>
            <select
              id={`${id}-${i}`}
              value={mapping[cell] ?? IGNORE}
              disabled={busy}
              onChange={(e) => onChange(cell, e.target.value === IGNORE ? null : e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-campus-600"
            >
              <option value={IGNORE}>Ignore this column</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {missing.length > 0 && (
        <p role="status" className="text-sm text-amber-800">
          No column is matched to {missing.join(', ')} yet.
        </p>
      )}
    </section>
  );
}
