import { RequireUser } from '../auth';
import { useEventList } from './api/list-events';
import { EventListResult, EventsPage } from './EventList';

/** /my-events: the events the user hosts. */
export default function MyEventsPage() {
  return <RequireUser>{() => <MyEvents />}</RequireUser>;
}

function MyEvents() {
  const events = useEventList('mine');
  return (
    <EventsPage title="My Events">
      <EventListResult query={events} empty="No Events Hosted by you" />
    </EventsPage>
  );
}
