import { pages } from '@campus/contract/pages';
import { calendarDayParts } from '@campus/contract/dates';
import type { EventListing } from '@campus/contract/events';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Thumbnail } from '../../components/Thumbnail';

/**
 * One event in a list (docs/product.md#events): thumbnail, weekday, day and month, host name and
 * avatar, title, time and venue; the title links to /event/:id. A past event says so on it. The day is formatted from the
 * `YYYY-MM-DD` string (calendarDayParts), so no browser zone moves it to the day before.
 */
export function EventCard({ listing, level = 2, past = false }: { listing: EventListing; level?: 2 | 3; past?: boolean }) {
  const { events: event, fullname, avatar } = listing;
  const day = calendarDayParts(event.date);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <Thumbnail src={event.thumbnail} title={event.title} />
        <time
          dateTime={event.date}
          className="absolute left-3 top-3 flex min-w-16 flex-col items-center rounded-lg bg-white/95 px-2 py-1 text-center leading-tight text-campus-900 shadow"
        >
          <span className="text-xs font-medium uppercase tracking-wide text-campus-700">{day.weekday}</span>{' '}
          <span className="text-2xl font-bold">{day.day}</span> <span className="text-sm font-semibold">{day.month}</span>
        </time>
        {past && <span className="absolute right-3 top-3 rounded-md bg-slate-800 px-2 py-1 text-xs font-semibold uppercase tracking-wide text-white shadow">Past</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Avatar src={avatar} name={fullname} size={28} />
          <span className="truncate">{fullname}</span>
        </div>
        <Heading className="text-lg font-semibold leading-snug text-campus-900">
          <Link to={pages.event(event._id)} className="break-words hover:underline focus-visible:outline-2 focus-visible:outline-campus-600">
            {event.title}
          </Link>
        </Heading>
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 pt-1 text-sm text-slate-700">
          <dt className="font-medium text-slate-500">Time</dt>
          <dd>{event.time}</dd>
          <dt className="font-medium text-slate-500">Venue</dt>
          <dd className="break-words">{event.venue}</dd>
        </dl>
      </div>
    </article>
  );
}

/**
 * Events as a grid: up to four (or three) per row on wide screens, one on phones. With
 * `pastBefore` (today on campus), each event of an earlier day is marked Past.
 */
export function EventGrid({ listings, level = 2, columns = 4, pastBefore }: { listings: readonly EventListing[]; level?: 2 | 3; columns?: 3 | 4; pastBefore?: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 ${columns === 4 ? 'xl:grid-cols-4' : ''}`}>
      {listings.map((listing) => (
        <li key={listing.events._id} className="flex">
          <EventCard listing={listing} level={level} past={pastBefore !== undefined && listing.events.date < pastBefore} />
        </li>
      ))}
    </ul>
  );
}
