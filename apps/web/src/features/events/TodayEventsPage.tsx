import { RequireUser } from '../auth';
import { useEventList } from './api/list-events';
import { EventListResult, EventsPage } from './EventList';

/** /today-events: the events of today in the campus time zone (the server decides the day). */
export default function TodayEventsPage() {
  return <RequireUser>{() => <TodayEvents />}</RequireUser>;
}

function TodayEvents() {
  const events = useEventList('today');
  return (
    <EventsPage title="Today's Events">
      <EventListResult query={events} empty="No Events Happening Today" />
    </EventsPage>
  );
}
