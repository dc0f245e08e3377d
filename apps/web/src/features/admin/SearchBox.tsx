import { useId, useRef } from 'react';
import { Button } from '../../components/Button';

/**
 * A search box of the administration's lists (users, the audit log): Enter or the button searches
 * with the trimmed words. Not a <form>: React treats a submit that navigates as a form action and
 * builds FormData of it, for nothing here. Keyed by the words the URL holds, so Back puts the
 * earlier words back in the box.
 */
export function SearchBox({ label, hint, value, onSearch }: { label: string; hint: string; value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const search = () => onSearch(box.current?.value.trim() ?? '');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          key={value}
          ref={box}
          id={id}
          type="search"
          enterKeyHint="search"
          defaultValue={value}
          aria-describedby={`${id}-hint`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search();
          }}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100"
        />
        <Button onClick={search}>Search</Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
