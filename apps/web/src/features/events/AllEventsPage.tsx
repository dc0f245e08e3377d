import { RequireUser } from '../auth';
import { useEventList } from './api/list-events';
import { useCampusToday } from './campus-day';
import { EventListResult, EventsPage } from './EventList';

/** /events: every event, upcoming by date, then past ones latest first, marked Past (docs/product.md#events). */
export default function AllEventsPage() {
  return <RequireUser>{() => <AllEvents />}</RequireUser>;
}

function AllEvents() {
  const events = useEventList('all');
  const today = useCampusToday();
  return (
    <EventsPage title="All Events">
      <EventListResult query={events} empty="No Event Yet" splitAt={today} />
    </EventsPage>
  );
}
