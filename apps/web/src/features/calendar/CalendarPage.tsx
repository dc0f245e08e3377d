import { pages } from '@campus/contract/pages';
import type { User } from '@campus/contract/users';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '../../components/Button';
import { useConfirmAction } from '../../components/ConfirmAction';
import { TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { useNavigateWithFlash } from '../../lib/flash';
import { isExamOffice, isStudent, RequireUser } from '../auth';
import { useCalendarFeed, useResetCalendarFeed } from './api/feed';
import { googleCalendarUrl, webcalUrl } from './feed-links';

export const FEED_RESET = 'Your calendar feed has a new address. The old one no longer works: subscribe again with this one.';

/** /calendar: the private feed's address, ways to subscribe to it, and Reset (issue 18). */
export default function CalendarPage() {
  return (
    <FormPage title="Calendar feed" intro="See campus events and exam dates in Google Calendar, Apple Calendar, Outlook or Thunderbird, kept up to date.">
      <RequireUser>{(user) => <Feed user={user} />}</RequireUser>
    </FormPage>
  );
}

/** What the feed holds for this user, in words. */
function Holds({ user }: { user: User }) {
  const what = isStudent(user)
    ? 'every campus event and the exam dates of the courses you joined'
    : isExamOffice(user)
      ? 'every campus event'
      : 'every campus event and the exam dates of the courses you teach';
  return <p className="text-sm text-slate-700">Your feed holds {what}. Subscribe once; your calendar app checks it for changes by itself.</p>;
}

function Feed({ user }: { user: User }) {
  const feed = useCalendarFeed();
  if (feed.isError) return <LoadError error={feed.error} onRetry={() => feed.refetch()} retrying={feed.isFetching} />;
  if (feed.isPending) return <Spinner label="Loading your calendar feed" />;
  return (
    <div className="flex flex-col gap-6">
      <Holds user={user} />
      <Address url={feed.data} />
      <Subscribe url={feed.data} />
      <Reset />
    </div>
  );
}

/** The address, read-only, and Copy. Where the clipboard cannot be written, the address is selected for the keyboard. */
function Address({ url }: { url: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <TextField
        ref={field}
        label="Your private address"
        hint="Anyone who has this address can see your calendar: keep it to yourself, and reset it if it got out."
        value={url}
        readOnly
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void copy()}>Copy address</Button>
        <span aria-live="polite" className="text-sm text-slate-700">
          {copied === 'yes' ? 'Address copied.' : copied === 'no' ? 'Press Ctrl+C (⌘C on a Mac) to copy the selected address.' : ''}
        </span>
      </div>
    </div>
  );
}

function Subscribe({ url }: { url: string }) {
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-campus-900">Subscribe</h2>
      <div className="flex flex-wrap gap-3">
        <a href={googleCalendarUrl(url)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
          Add to Google Calendar
        </a>
        <a href={webcalUrl(url)} className={buttonClass('secondary')}>
          Open in Apple Calendar, Outlook or Thunderbird
        </a>
      </div>
      <p className="text-sm text-slate-600">Another app: subscribe to a calendar “from the internet” or “by URL” and paste the address.</p>
    </div>
  );
}

function Reset() {
  const navigateWithFlash = useNavigateWithFlash();
  const reset = useConfirmAction({
    mutation: useResetCalendarFeed(),
    variables: () => undefined,
    words: {
      title: 'Reset your calendar feed address?',
      description: 'The current address stops working at once: calendars subscribed to it stop getting updates. Subscribe again with the new address.',
      cancelLabel: 'No, keep it',
      confirmLabel: 'Yes, reset it',
    },
    onDone: () => navigateWithFlash(pages.calendar, FEED_RESET, { replace: true }),
  });
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h2 className="text-lg font-semibold text-campus-900">Reset the address</h2>
      <p className="text-sm text-slate-600">If someone else may have the address, reset it: you get a new one, and the old one stops working.</p>
      <Button variant="danger" className="self-start" {...reset.trigger()}>
        Reset address
      </Button>
      {reset.dialog}
    </div>
  );
}
