import { SearchField, useTitleSearch } from '../../components/SearchField';
import { RequireUser } from '../auth';
import { useOtherEvents } from './api/list-events';
import { useCampusToday } from './campus-day';
import { EventListResult, EventsPage } from './EventList';

/** /other-events: every event not today, upcoming first, then past ones marked Past, with a search by title (docs/product.md#events). */
export default function OtherEventsPage() {
  return <RequireUser>{() => <OtherEvents />}</RequireUser>;
}

function OtherEvents() {
  const search = useTitleSearch();
  const events = useOtherEvents(search.searched);
  const today = useCampusToday();
  // While the next answer is on its way the previous one stays; say that it is being replaced.
  const searching = events.isPlaceholderData && events.isFetching;
  // An empty previous answer is no answer to the new search: wait rather than say "No Match Found" early.
  const waiting = events.isPlaceholderData && events.data?.length === 0;
  const shown = { data: waiting ? undefined : events.data, isPending: waiting || events.isPending, isError: events.isError, error: events.error, isFetching: events.isFetching, refetch: events.refetch };

  return (
    <EventsPage title="Other Events">
      <div role="search" className="max-w-xl">
        <SearchField label="Search events" search={search} searching={searching} />
      </div>
      <EventListResult query={shown} empty={search.searched ? 'No Match Found' : 'No Events Yet'} splitAt={today} />
    </EventsPage>
  );
}
