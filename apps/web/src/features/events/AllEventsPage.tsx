import { RequireUser } from '../auth';
import { useEventList } from './api/list-events';
import { EventListResult, EventsPage } from './EventList';

/** /events: every event, by date (spec §2). */
export default function AllEventsPage() {
  return <RequireUser>{() => <AllEvents />}</RequireUser>;
}

function AllEvents() {
  const events = useEventList('all');
  return (
    <EventsPage title="All Events">
      <EventListResult query={events} empty="No Event Yet" />
    </EventsPage>
  );
}
