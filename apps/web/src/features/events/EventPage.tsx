import { pages } from '@campus/contract/pages';
import type { EventListing } from '@campus/contract/events';
import type { User } from '@campus/contract/users';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { buttonClass } from '../../components/Button';
import { preloadConfirmDialog } from '../../components/ConfirmAction';
import { usePageLoad } from '../../components/PageLoad';
import { Spinner } from '../../components/Spinner';
import { RequireUser } from '../auth';
import { useEvent } from './api/event';
import { EVENT_NOT_FOUND } from './event-not-found';
import { Thumbnail } from '../../components/Thumbnail';
import { formatDay } from '../../lib/dates';

/** The delete dialog (Radix) loads only for the host: a guest's event page never downloads it. */
const loadDelete = () => import('./DeleteEventButton');
const DeleteEventButton = lazy(() => loadDelete().then((m) => ({ default: m.DeleteEventButton })));

/** /event/:eventId: the event in full (docs/product.md#events); Edit event and Delete for its host. */
export default function EventPage() {
  const { eventId = '' } = useParams();
  return <RequireUser>{(user) => <EventView key={eventId} eventId={eventId} user={user} />}</RequireUser>;
}

function EventView({ eventId, user }: { eventId: string; user: User }) {
  const q = useEvent(eventId);
  const host = q.data?.events.owner === user._id;
  // The earlier portal's client only logged a failure; here the reason shows, with a way to ask again.
  const page = usePageLoad(q, {
    title: (data) => data.events.title,
    loadingTitle: 'Event',
    notFound: EVENT_NOT_FOUND,
    loadingLabel: 'Loading event',
  });
  // Fetched while the host reads the page, so the dialog opens at once.
  useEffect(() => {
    if (!host) return;
    void loadDelete().catch(() => {});
    preloadConfirmDialog();
  }, [host]);

  if (page.screen) return page.screen;

  return (
    <EventDetail listing={page.data}>
      {host && (
        <div className="flex flex-wrap items-start gap-3">
          <Link to={pages.editEvent(eventId)} className={buttonClass('secondary')}>
            Edit event
          </Link>
          <Suspense fallback={<Spinner label="Loading" />}>
            <DeleteEventButton eventId={eventId} />
          </Suspense>
        </div>
      )}
    </EventDetail>
  );
}

const isHttpLink = (value: string) => /^https?:\/\//i.test(value);

function EventDetail({ listing, children }: { listing: EventListing; children?: ReactNode }) {
  const { events: event, fullname, avatar } = listing;
  const links = [
    { label: 'Instagram', href: event.instagram },
    { label: 'Twitter', href: event.twitter },
    { label: 'LinkedIn', href: event.linkedin },
    { label: 'Form', href: event.gform },
  ].filter((link) => link.href && isHttpLink(link.href));

  return (
    <article className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex items-center gap-3 text-slate-700">
          <Avatar src={avatar} name={fullname} size={44} />
          <p>
            <span className="font-semibold text-slate-900">{fullname}</span> Presents
          </p>
        </div>
        <h1 className="break-words text-2xl font-bold text-campus-900 sm:text-3xl">{event.title}</h1>
        {links.length > 0 && (
          <ul aria-label="Links" className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-campus-200 bg-campus-50 px-3 py-1 text-sm font-medium text-campus-800 hover:bg-campus-100 focus-visible:outline-2 focus-visible:outline-campus-600"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </header>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <Thumbnail src={event.thumbnail} title={event.title} className="rounded-xl md:w-96 md:shrink-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">
            <dt className="font-medium text-slate-500">Date</dt>
            <dd>
              <time dateTime={event.date}>{formatDay(event.date, { weekday: true })}</time>
            </dd>
            <dt className="font-medium text-slate-500">Time</dt>
            <dd>{event.time}</dd>
            <dt className="font-medium text-slate-500">Venue</dt>
            <dd className="break-words">{event.venue}</dd>
          </dl>
          <p className="whitespace-pre-line break-words text-slate-800">{event.description}</p>
          {children}
        </div>
      </div>
    </article>
  );
}
