import { pages } from '@campus/contract';
import type { DueTime } from '../coursework';
import type { ExamDay } from '../courses';
import type { FeedEvent } from '../events';
import { CRLF, addDays, date, line, localDateTime, text, utcDateTime } from './ics-text';
import { vtimezone } from './vtimezone';

/** What one user's feed holds, and where the portal is. */
export interface FeedContent {
  /** The owner's name, in the calendar's name. */
  ownerName: string;
  /** CAMPUS_TZ: events' dates and times are wall-clock times there. */
  zone: string;
  /** The portal's public origin: the events' links, and the host in every UID. */
  origin: string;
  /** Today in the campus zone (`YYYY-MM-DD`): the zone's years run from it when no event is earlier. */
  today: string;
  events: FeedEvent[];
  exams: ExamDay[];
  /** The due times of the published work of the owner's courses. */
  dues: DueTime[];
}

const PRODID = '-//Campus Portal//Calendar feed//EN';

/**
 * One user's calendar as iCalendar text (RFC 5545). Nothing in it depends on when it is written:
 * DTSTAMP is each item's last change (as LAST-MODIFIED), not the time of the request, so an
 * unchanged calendar is the same bytes, its ETag the same, and a poll a 304.
 */
export function feedText(feed: FeedContent): string {
  const host = new URL(feed.origin).hostname;
  // The zone's rules for every year a local time falls in: the events', and the timed exams'.
  const timed = feed.exams.filter((x) => x.examStart !== null && x.examEnd !== null);
  const years = [feed.today, ...feed.events.map((e) => e.date), ...timed.map((x) => x.examDate)].map((d) => Number(d.slice(0, 4)));
  const lines = [
    'BEGIN:VCALENDAR',
    line('PRODID', PRODID),
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    line('X-WR-CALNAME', text(`Campus Portal — ${feed.ownerName}`)),
    line('X-WR-TIMEZONE', feed.zone),
    // How often to come back (RFC 7986, and the older Microsoft name): within the feed's rate limit.
    line('REFRESH-INTERVAL', 'PT1H', { VALUE: 'DURATION' }),
    line('X-PUBLISHED-TTL', 'PT1H'),
    ...vtimezone(feed.zone, Math.min(...years), Math.max(...years)),
    ...feed.events.flatMap((e) => eventLines(e, feed.zone, feed.origin, host)),
    ...feed.exams.flatMap((x) => examLines(x, feed.zone, feed.origin, host)),
    ...feed.dues.flatMap((d) => dueLines(d, feed.origin, host)),
    'END:VCALENDAR',
  ];
  return lines.join(CRLF) + CRLF;
}

/**
 * A campus event: its day and time in the campus zone, an hour long (events have no end). Its UID
 * stays whatever the host edits; SEQUENCE is the event's revision (0 as created, one more per
 * edit), which is how a calendar app knows the copy it holds is out of date (RFC 5545 §3.8.7.4).
 */
function eventLines(e: FeedEvent, zone: string, origin: string, host: string): string[] {
  const changed = utcDateTime(e.updatedAt);
  return [
    'BEGIN:VEVENT',
    line('UID', `event-${e.id}@${host}`),
    line('DTSTAMP', changed),
    line('LAST-MODIFIED', changed),
    line('SEQUENCE', String(e.revision)),
    line('DTSTART', localDateTime(e.date, e.time), { TZID: zone }),
    line('DURATION', 'PT1H'),
    line('SUMMARY', text(e.title)),
    line('LOCATION', text(e.venue)),
    line('DESCRIPTION', text(e.description)),
    line('URL', `${origin}${pages.event(e.id)}`),
    'END:VEVENT',
  ];
}

/**
 * An exam. With its times, from start to end in the campus zone (TZID, the VTIMEZONE above);
 * without them, the whole day (DATE values, the end the day after, §3.6.1). Either way busy
 * (TRANSP:OPAQUE, §3.8.2.7): nobody should book the exam's hours, and a day whose time is not yet
 * announced may be any of its hours. LOCATION is the course's exam centre when it says one. Its
 * UID stays the course's whatever the date; SEQUENCE (§3.8.7.4) is the number of times the date
 * or time changed, so a calendar app that holds the event under that UID takes the new day or
 * hours as a revision of it and moves it.
 */
function examLines(x: ExamDay, zone: string, origin: string, host: string): string[] {
  const changed = utcDateTime(x.updatedAt);
  const when =
    x.examStart !== null && x.examEnd !== null
      ? [line('DTSTART', localDateTime(x.examDate, x.examStart), { TZID: zone }), line('DTEND', localDateTime(x.examDate, x.examEnd), { TZID: zone })]
      : [line('DTSTART', date(x.examDate), { VALUE: 'DATE' }), line('DTEND', date(addDays(x.examDate, 1)), { VALUE: 'DATE' })];
  return [
    'BEGIN:VEVENT',
    line('UID', `exam-${x.courseId}@${host}`),
    line('DTSTAMP', changed),
    line('LAST-MODIFIED', changed),
    line('SEQUENCE', String(x.revision)),
    ...when,
    line('SUMMARY', text(`Exam: ${x.title}`)),
    ...(x.examCentre !== null ? [line('LOCATION', text(x.examCentre))] : []),
    line('URL', `${origin}${pages.course(x.courseId)}`),
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/**
 * A published assignment's or class test's due time: a moment, not a stretch of time (DTSTART in
 * UTC, no end, §3.6.1), free time around it (TRANSP:TRANSPARENT: a deadline books no hours). Its
 * UID stays the assignment's whatever the due time; SEQUENCE is the number of times the due time
 * changed, so a calendar app moves the copy it holds.
 */
function dueLines(d: DueTime, origin: string, host: string): string[] {
  const changed = utcDateTime(d.updatedAt);
  return [
    'BEGIN:VEVENT',
    line('UID', `assignment-${d.assignmentId}@${host}`),
    line('DTSTAMP', changed),
    line('LAST-MODIFIED', changed),
    line('SEQUENCE', String(d.revision)),
    line('DTSTART', utcDateTime(d.dueAt)),
    line('SUMMARY', text(`Due: ${d.title} (${d.courseTitle})`)),
    line('URL', `${origin}${pages.assignment(d.assignmentId)}`),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}
