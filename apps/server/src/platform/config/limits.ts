import { concern } from './concern';
import { optionalText, positiveInt } from './fields';

/** How much one user, address or instance may do: rate limits, the upload quota, open streams. */

export interface RateLimit {
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

/** The login throttle's three limits on failed password checks (decision 0009). */
export interface LoginLimits {
  /**
   * Failures for one account from one address: the hard limit a guesser meets first. Also the
   * allowance of a browser that logged into the account before, which none of the three holds.
   */
  perAccountAddress: RateLimit;
  /** Failures from one address across accounts: bounds spraying many accounts. */
  perAddress: RateLimit;
  /**
   * Failures for one account from every address: past it only browsers that logged into the
   * account before may try, so a guesser with many addresses cannot lock the owner out.
   */
  perAccount: RateLimit;
}

const minute = 60_000;
const fifteenMinutes = 15 * minute;
const hour = 60 * minute;
const limit = (max: number, windowMs: number): RateLimit => ({ max, windowMs });

export const limits = concern({
  env: {
    REDIS_URL: optionalText,
    RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: positiveInt('RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS', 10),
    RATE_LIMIT_LOGIN_PER_ADDRESS: positiveInt('RATE_LIMIT_LOGIN_PER_ADDRESS', 300),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt('RATE_LIMIT_LOGIN_PER_ACCOUNT', 50),
    RATE_LIMIT_REGISTER_PER_ADDRESS: positiveInt('RATE_LIMIT_REGISTER_PER_ADDRESS', 500),
    RATE_LIMIT_REGISTER_BURST: positiveInt('RATE_LIMIT_REGISTER_BURST', 30),
    RATE_LIMIT_RESET_PER_ACCOUNT: positiveInt('RATE_LIMIT_RESET_PER_ACCOUNT', 5),
    RATE_LIMIT_RESET_PER_ADDRESS: positiveInt('RATE_LIMIT_RESET_PER_ADDRESS', 100),
    RATE_LIMIT_DRAFT_PER_USER: positiveInt('RATE_LIMIT_DRAFT_PER_USER', 10),
    RATE_LIMIT_UPLOADS_PER_USER: positiveInt('RATE_LIMIT_UPLOADS_PER_USER', 60),
    RATE_LIMIT_CREATE_PER_USER: positiveInt('RATE_LIMIT_CREATE_PER_USER', 30),
    RATE_LIMIT_CALENDAR_PER_FEED: positiveInt('RATE_LIMIT_CALENDAR_PER_FEED', 60),
    UPLOAD_QUOTA_MB: positiveInt('UPLOAD_QUOTA_MB', 1024),
    STREAMS_PER_USER: positiveInt('STREAMS_PER_USER', 5),
    STREAMS_PER_INSTANCE: positiveInt('STREAMS_PER_INSTANCE', 10_000),
  },
  config: (e) => {
    const login: LoginLimits = {
      perAccountAddress: limit(e.RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS, fifteenMinutes),
      perAddress: limit(e.RATE_LIMIT_LOGIN_PER_ADDRESS, fifteenMinutes),
      perAccount: limit(e.RATE_LIMIT_LOGIN_PER_ACCOUNT, fifteenMinutes),
    };
    return {
      /** Where the counters live when several instances share them; unset: in this process. */
      redisUrl: e.REDIS_URL,
      login,
      rateLimits: {
        /** Signups from one address: an hour's worth (a class behind one NAT) and a minute's burst. */
        registerPerAddress: limit(e.RATE_LIMIT_REGISTER_PER_ADDRESS, hour),
        registerBurst: limit(e.RATE_LIMIT_REGISTER_BURST, minute),
        /**
         * Reset links emailed for one account per window; past it the answer is unchanged (counted
         * whether or not the account exists, so the limit tells nothing) and emails stop while a sent
         * link still works. The account's known browsers have an allowance of their own.
         */
        resetPerAccount: limit(e.RATE_LIMIT_RESET_PER_ACCOUNT, hour),
        /** Reset links asked for, and reset tokens tried, from one address. */
        resetPerAddress: limit(e.RATE_LIMIT_RESET_PER_ADDRESS, hour),
        draftPerUser: limit(e.RATE_LIMIT_DRAFT_PER_USER, minute),
        /** Every upload (avatar, thumbnail, notes, marksheet) of one user; the exam office is exempt. */
        uploadsPerUser: limit(e.RATE_LIMIT_UPLOADS_PER_USER, hour),
        /** Courses, notes and events one user creates, each counted apart. */
        createPerUser: limit(e.RATE_LIMIT_CREATE_PER_USER, hour),
        /** Fetches of one calendar feed (calendar apps poll it). */
        calendarPerFeed: limit(e.RATE_LIMIT_CALENDAR_PER_FEED, hour),
      },
      /** Bytes of files one user may keep (what they uploaded); the exam office is exempt. */
      uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      /** Open notification streams: per user, and on this instance (the oldest closes first). */
      streams: { perUser: e.STREAMS_PER_USER, perInstance: e.STREAMS_PER_INSTANCE },
    };
  },
});
