import { useId, useState } from 'react';
import { useDebounced } from '../lib/use-debounced';

/** How long typing must pause before the title is searched. */
const SEARCH_DEBOUNCE_MS = 300;

export interface TitleSearch {
  /** What is in the box. */
  typed: string;
  setTyped: (typed: string) => void;
  /** What to ask the server for: trimmed, and only once typing pauses ('' for no search). */
  searched: string;
}

/**
 * A title search's state: typing sends one search, not one per key, while emptying the box goes
 * back to the unsearched list at once (there is nothing to wait for).
 */
export function useTitleSearch(): TitleSearch {
  const [typed, setTyped] = useState('');
  const trimmed = typed.trim();
  const searched = useDebounced(trimmed, trimmed ? SEARCH_DEBOUNCE_MS : 0);
  return { typed, setTyped, searched };
}

/**
 * The labelled search box of the course and event lists. With `searching`, a polite line under
 * it says while a new answer is on its way (for lists that keep the previous one on screen).
 */
export function SearchField({ label, search, searching }: { label: string; search: TitleSearch; searching?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={search.typed}
        placeholder="Title"
        onChange={(e) => search.setTyped(e.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100"
      />
      {searching !== undefined && (
        <p aria-live="polite" className="min-h-5 text-xs text-slate-500">
          {searching ? 'Searching…' : ''}
        </p>
      )}
    </div>
  );
}
