import { useId, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { RequireUser } from '../auth';
import { useOtherEvents } from './api/list-events';
import { EventListResult, EventsPage } from './EventList';

/** How long typing must pause before the title is searched. */
const SEARCH_DEBOUNCE_MS = 300;

/** /other-events: every event not today, with a search by title (spec §2). */
export default function OtherEventsPage() {
  return <RequireUser>{() => <OtherEvents />}</RequireUser>;
}

function OtherEvents() {
  const searchId = useId();
  const [title, setTitle] = useState('');
  const searched = useDebounced(title.trim(), SEARCH_DEBOUNCE_MS);
  const events = useOtherEvents(searched);
  // While the next answer is on its way the previous one stays; say that it is being replaced.
  const searching = events.isPlaceholderData && events.isFetching;
  // An empty previous answer is no answer to the new search: wait rather than say "No Match Found" early.
  const waiting = events.isPlaceholderData && events.data?.length === 0;
  const shown = { data: waiting ? undefined : events.data, isPending: waiting || events.isPending, isError: events.isError, error: events.error, isFetching: events.isFetching, refetch: events.refetch };

  return (
    <EventsPage title="Other Events">
      <div role="search" className="flex max-w-xl flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
          Search events
        </label>
        <input
          id={searchId}
          type="search"
          value={title}
          placeholder="Title"
          onChange={(e) => setTitle(e.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-campus-600 focus:outline-none focus:ring-2 focus:ring-campus-100"
        />
        <p aria-live="polite" className="min-h-5 text-xs text-slate-500">
          {searching ? 'Searching…' : ''}
        </p>
      </div>
      <EventListResult query={shown} empty={searched ? 'No Match Found' : 'No Events Yet'} />
    </EventsPage>
  );
}
