/**
 * What each of the portal's rate limits counts, by the name a 429 answers as its `limit` param
 * (refusals.ts, `rate_limited`); the English message is `<this>; try again in <time>`.
 */
export const LIMIT_REASONS = {
  signups_this_hour: 'too many signups from your network this hour',
  signups_just_now: 'too many signups from your network just now',
  reset_requests: 'too many password reset requests from your network',
  login_account_address: 'too many failed attempts for this account from your network',
  login_address: 'too many failed attempts from your network',
  login_account: 'too many failed attempts for this account; log in from a browser you have used here before, or wait',
  uploads: 'too many uploads this hour',
  notes: 'too many notes added this hour',
  courses: 'too many courses created this hour',
  events: 'too many events created this hour',
  assignments: 'too many assignments set this hour',
  drafts: 'too many descriptions drafted',
  /** A course stream's announcements and comments of one user. */
  stream: 'too many posts and comments this hour',
  /** One calendar feed, polled too often by the apps that subscribe to it. */
  calendar_feed: 'this calendar feed is fetched too often',
} as const;

export type LimitReason = keyof typeof LIMIT_REASONS;
