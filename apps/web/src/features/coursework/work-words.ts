import type { Assignment } from '@campus/contract/coursework';
import { isPastDue, lateness, workState, type Lateness, type WorkState } from '@campus/contract/late-work';

// The states' words and colours live apart (the home page's card takes them without late-work.ts).
export { STATE_TONES, STATE_WORDS } from './state-words';

/**
 * A student's state on an assignment: the server's, with their submission; else what their
 * returned marks and the due time say (late-work.ts `workState`, the rule the server keeps).
 */
export function myState(a: Pick<Assignment, 'kind' | 'dueAt' | 'graceMinutes' | 'mySubmission' | 'myMarks'>, now: number): WorkState {
  if (a.mySubmission) return a.mySubmission.state;
  return workState({ kind: a.kind, submission: null, mark: a.myMarks ?? null, pastDue: isPastDue(a, new Date(now)) });
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A span of minutes as people say it: "5 minutes", "2 hours 10 minutes", "3 days 4 hours". */
export function spanInWords(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return plural(m, 'minute');
  if (m < 24 * 60) {
    const rest = m % 60;
    return rest === 0 ? plural(Math.floor(m / 60), 'hour') : `${plural(Math.floor(m / 60), 'hour')} ${plural(rest, 'minute')}`;
  }
  const hours = Math.floor((m % (24 * 60)) / 60);
  const days = plural(Math.floor(m / (24 * 60)), 'day');
  return hours === 0 ? days : `${days} ${plural(hours, 'hour')}`;
}

/** What lateness costs, as a sentence's end: "10% off your marks", or no penalty at all. */
const costWords = ({ penalty }: Lateness) => (penalty === 0 ? 'no marks are taken off' : `${penalty}% off your marks`);

/**
 * What submitting at `now` costs, said before the button is pressed: due in some time, within
 * the grace, or late and what that takes off. `cost` is late-work.ts `lateness` at `now` (or the
 * server's `submitNow` before the page's clock has ticked).
 */
export function costSentence(a: Pick<Assignment, 'dueAt' | 'graceMinutes'>, cost: Lateness, now: number): string {
  const untilDue = (Date.parse(a.dueAt) - now) / 60_000;
  if (cost.lateMinutes > 0) return `Submitting now is ${spanInWords(cost.lateMinutes)} late: ${costWords(cost)}.`;
  if (untilDue > 0) return `Due in ${spanInWords(Math.ceil(untilDue))}: submitting now is on time.`;
  return `The due time has passed, but you are within the ${spanInWords(a.graceMinutes)} of grace: submitting now is on time.`;
}

/** What submitting at `now` costs, by the one rule the server also keeps (late-work.ts). */
export const costAt = (a: Pick<Assignment, 'dueAt' | 'graceMinutes' | 'latePenaltyPercentPerDay'>, now: number): Lateness => lateness(a, new Date(now));

/** The grace and the late penalty, in words. */
export function latePolicyWords(a: Pick<Assignment, 'graceMinutes' | 'latePenaltyPercentPerDay' | 'closesAt'>): string[] {
  const lines = [a.graceMinutes > 0 ? `Work handed in up to ${spanInWords(a.graceMinutes)} after the due time is on time.` : 'Work handed in after the due time is late.'];
  lines.push(
    a.latePenaltyPercentPerDay > 0
      ? `Late work loses ${a.latePenaltyPercentPerDay}% of its marks for each day late (a part of a day counts as a whole one), up to all of them.`
      : 'Late work loses no marks.',
  );
  return lines;
}
