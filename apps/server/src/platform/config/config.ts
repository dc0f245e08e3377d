import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Every setting of API.md "Running it", validated once at start-up. A bad value stops the
 * process with a message naming the variable rather than failing later at the first request.
 */

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const positiveInt = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive whole number` });
        return z.NEVER;
      }
      return n;
    });

/** The longest CAMPUS_NAME or EXAM_CENTRE: it heads a printed page and fills one table cell. */
export const PRINTED_TEXT_MAX = 120;

/**
 * A name printed on the admit card and in emails: one line of text. A line break or another
 * control character would split a heading or an email's subject, so it stops the start-up.
 */
const printedLine = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim() ?? '';
      if (text === '') return undefined;
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a single line of text (no line breaks or control characters)` });
        return z.NEVER;
      }
      if (text.length > PRINTED_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${PRINTED_TEXT_MAX} characters` });
        return z.NEVER;
      }
      return text;
    });

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Where the built web app lives: apps/web/dist next to this app, from src (tsx) or dist (bundle). */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/server.js -> apps/server ; src/platform/config/config.ts -> apps/server
  const serverRoot = path.basename(here) === 'dist' ? path.resolve(here, '..') : path.resolve(here, '../../..');
  return path.resolve(serverRoot, '../web/dist');
}

/** The institution's name when CAMPUS_NAME is unset. */
export const DEFAULT_CAMPUS_NAME = 'Campus Portal';
/** The daily digest goes out at 07:00 in the campus time zone unless MAIL_DIGEST_HOUR says. */
export const DEFAULT_DIGEST_HOUR = 7;
/** MAIL_SECRET signs unsubscribe links: long enough that it cannot be guessed. */
export const MAIL_SECRET_MIN = 32;

/** Exported for the test that keeps the README's configuration table in step. */
export const envSchema = z.object({
  PORT: positiveInt('PORT', 8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? 'us-east-1' : v.trim())),
  EXAM_OFFICE_REGISTRATION_ID: positiveInt('EXAM_OFFICE_REGISTRATION_ID', 211070007),
  EXAM_OFFICE_PASSWORD: optionalText,
  EXAM_OFFICE_EMAIL: z.string().default('examoffice@campus.local'),
  STAFF_SIGNUP_CODE: optionalText,
  CAMPUS_TZ: z
    .string()
    .default('Asia/Kolkata')
    .refine(isTimeZone, { error: 'CAMPUS_TZ must be an IANA time zone such as Asia/Kolkata' }),
  CAMPUS_NAME: printedLine('CAMPUS_NAME').transform((v) => v ?? DEFAULT_CAMPUS_NAME),
  EXAM_CENTRE: printedLine('EXAM_CENTRE'),
  TEXTGEN_PROVIDER: z
    .enum(['openai', 'gemini', ''], { error: 'TEXTGEN_PROVIDER must be openai or gemini' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  TEXTGEN_BASE_URL: optionalText,
  TEXTGEN_MODEL: optionalText,
  TEXTGEN_API_KEY: optionalText,
  SESSION_IDLE_MINUTES: positiveInt('SESSION_IDLE_MINUTES', 60),
  SESSION_MAX_HOURS: positiveInt('SESSION_MAX_HOURS', 12),
  REDIS_URL: optionalText,
  TRUST_PROXY: optionalText,
  PUBLIC_ORIGIN: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  APP_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
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
  MAIL_SECRET: optionalText,
  MAIL_DIGEST_HOUR: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return DEFAULT_DIGEST_HOUR;
      const n = Number(v);
      if (!/^\s*\d{1,2}\s*$/.test(v) || n > 23) {
        ctx.addIssue({ code: 'custom', message: 'MAIL_DIGEST_HOUR must be an hour from 0 to 23' });
        return z.NEVER;
      }
      return n;
    }),
});

/** Gemini's public endpoint and a current model, used unless TEXTGEN_BASE_URL / TEXTGEN_MODEL say otherwise. */
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_MODEL = 'gemini-2.0-flash';
/** Headers within 15 s; a body at 1 KB/s at least, over 30 s windows; an early-answered body drained for 30 s. */
export const CONNECTION_DEFAULTS = { headersTimeoutMs: 15_000, bodyWindowMs: 30_000, bodyMinBytes: 30 * 1024, lingerMs: 30_000 };
/**
 * How the mail queue's worker paces itself (platform/mail/mail-worker.ts). Not environment
 * variables: tests shorten them.
 */
export const MAIL_WORKER_DEFAULTS: MailWorkerSettings = {
  batchSize: 50,
  connections: 5,
  pollMs: 5_000,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 60 * 60_000,
  relayRetryMaxMs: 10 * 60_000,
  maxAttempts: 8,
  leaseMs: 10 * 60_000,
  smtpTimeoutMs: 20_000,
};
/** How long a drafting call may take before it is a 502 (API.md "Events"). */
export const TEXTGEN_TIMEOUT_MS = 15_000;

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

/**
 * Where uploaded bytes live. `local`: a folder under DATA_DIR. `s3`: a bucket several instances
 * share; `endpoint` is set for S3-compatible servers (MinIO, Ceph…), unset for AWS itself.
 * Credentials are not here: the AWS SDK reads them from its usual chain.
 */
export type StorageConfig = { kind: 'local' } | { kind: 's3'; bucket: string; region: string; endpoint?: string };

export interface MailWorkerSettings {
  /** Jobs taken at once by one instance. */
  batchSize: number;
  /** SMTP connections one instance keeps open (nodemailer's pool); a batch is sent over them in parallel. */
  connections: number;
  /** How often an idle worker looks for due jobs (retries, and jobs other instances queued). */
  pollMs: number;
  /** A failed send is tried again after retryBaseMs × 2^(attempts − 1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * While the relay itself fails (down, refusing our login, 421), the worker waits retryBaseMs,
   * doubling, at most this long, before it tries again; such failures count no attempt.
   */
  relayRetryMaxMs: number;
  /** Failed sends after which a job is given up (failed_at set, logged). */
  maxAttempts: number;
  /** How long a taken job stays invisible to every worker: past it, one left by a crashed instance is taken again. */
  leaseMs: number;
  /** Connecting, the greeting and each socket wait: a stalled SMTP server fails the send, not the worker. */
  smtpTimeoutMs: number;
}

/** Outgoing mail (SMTP_URL, MAIL_FROM); absent when mail is off. */
export interface MailConfig {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL. */
  smtpUrl: string;
  /** The sender, an address or `Name <address>`. */
  from: string;
  /** PUBLIC_ORIGIN, required when mail is on: an email's links must be absolute. */
  linkOrigin: string;
  worker: MailWorkerSettings;
}

export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite under dataDir/db. */
  databaseUrl?: string;
  dataDir: string;
  storage: StorageConfig;
  examOffice: { registrationId: number; password?: string; email: string };
  staffSignupCode?: string;
  campusTimeZone: string;
  /** The institution's name (CAMPUS_NAME), printed on the admit card and in emails. */
  campusName: string;
  /** EXAM_CENTRE: the exam centre printed on the admit card for a paper whose course names none; unset: none. */
  examCentre?: string;
  /**
   * The text generator that drafts event descriptions; no provider means drafting is off.
   * `timeoutMs` is not an environment variable: tests shorten it to exercise the 502.
   */
  textgen: { provider?: 'openai' | 'gemini'; baseUrl?: string; model?: string; apiKey?: string; timeoutMs: number };
  session: { idleMinutes: number; maxHours: number };
  redisUrl?: string;
  /**
   * Passed to Fastify's trustProxy: false, a hop count, or the proxies' addresses (comma-separated
   * IPs or CIDR ranges); true (any client's forwarded headers believed) is allowed with a warning.
   */
  trustProxy: boolean | number | string;
  /** The portal's public address (scheme, host, port), e.g. https://portal.example.edu; unset: taken from each request. */
  publicOrigin?: string;
  /** Outgoing mail; undefined when SMTP_URL and MAIL_FROM are unset (no emails, digests or password resets). */
  mail?: MailConfig;
  /**
   * The key private addresses are derived from (calendar feeds), shared by every instance;
   * unset: one generated at first start and kept in the database (platform/secrets).
   */
  appSecret?: string;
  logLevel: string;
  webDist: string;
  login: LoginLimits;
  rateLimits: {
    /** Signups from one address: an hour's worth (a class behind one NAT) and a minute's burst. */
    registerPerAddress: RateLimit;
    registerBurst: RateLimit;
    /**
     * Reset links emailed for one account per window; past it the answer is unchanged (counted
     * whether or not the account exists, so the limit tells nothing) and emails stop while a sent
     * link still works. The account's known browsers have an allowance of their own.
     */
    resetPerAccount: RateLimit;
    /** Reset links asked for, and reset tokens tried, from one address. */
    resetPerAddress: RateLimit;
    draftPerUser: RateLimit;
    /** Every upload (avatar, thumbnail, notes, marksheet) of one user; the exam office is exempt. */
    uploadsPerUser: RateLimit;
    /** Courses, notes and events one user creates, each counted apart. */
    createPerUser: RateLimit;
    /** Fetches of one calendar feed (calendar apps poll it). */
    calendarPerFeed: RateLimit;
  };
  /** Bytes of files one user may keep (what they uploaded); the exam office is exempt. */
  uploadQuotaBytes: number;
  /** Open notification streams: per user, and on this instance (the oldest closes first). */
  streams: { perUser: number; perInstance: number };
  /**
   * How slow a client may be (decision 0010). Not environment variables: tests shorten them.
   * A body must bring `bodyMinBytes` every `bodyWindowMs`; a body answered early is drained for
   * `lingerMs`; the request line and headers must arrive within `headersTimeoutMs`.
   */
  connections: { headersTimeoutMs: number; bodyWindowMs: number; bodyMinBytes: number; lingerMs: number };
  /**
   * Signs the unsubscribe links of emails (HMAC-SHA256), so that one works without logging in and
   * cannot be made up. Unset: no link verifies.
   */
  mailSecret?: string;
  /** The hour (0–23, campus time zone) the daily digest goes out. */
  digestHour: number;
  /** The clock: "today" in the campus time zone is read from it (tests fix it). */
  now: () => Date;
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((a) => a.trim()).join(',');
}

/** An IPv4 or IPv6 address, with or without a CIDR prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY and PUBLIC_ORIGIN, each problem naming its variable. */
function checkProxy(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  const trust = e.TRUST_PROXY;
  if (trust !== undefined && !/^(true|false|\d+)$/.test(trust) && !trust.split(',').every((a) => isAddressOrRange(a.trim()))) {
    problems.push('TRUST_PROXY: must be a hop count (e.g. 1) or the proxies\' addresses, comma-separated IPs or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)');
  }
  if (e.PUBLIC_ORIGIN !== undefined && publicOriginOf(e.PUBLIC_ORIGIN) === undefined) {
    problems.push('PUBLIC_ORIGIN: must be the portal\'s public address alone, e.g. https://portal.example.edu');
  }
  return problems;
}

/** At least 32 characters: the key must be as hard to guess as the tokens derived from it. */
export const APP_SECRET_MIN_LENGTH = 32;

function checkAppSecret(e: z.output<typeof envSchema>): string[] {
  if (e.APP_SECRET === undefined || e.APP_SECRET.length >= APP_SECRET_MIN_LENGTH) return [];
  return [`APP_SECRET: must be at least ${APP_SECRET_MIN_LENGTH} characters (e.g. the output of \`openssl rand -base64 48\`)`];
}

/** The origin of an http(s) URL with nothing after its host, or undefined. */
function publicOriginOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [...checkStorage(e), ...checkTextgen(e), ...checkProxy(e), ...checkMail(e), ...checkMailSecret(e), ...checkAppSecret(e)];
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const gemini = e.TEXTGEN_PROVIDER === 'gemini';
  const fifteenMinutes = 15 * 60_000;
  const hour = 60 * 60_000;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    storage: storageConfig(e),
    examOffice: { registrationId: e.EXAM_OFFICE_REGISTRATION_ID, password: e.EXAM_OFFICE_PASSWORD, email: e.EXAM_OFFICE_EMAIL },
    staffSignupCode: e.STAFF_SIGNUP_CODE,
    campusTimeZone: e.CAMPUS_TZ,
    campusName: e.CAMPUS_NAME,
    examCentre: e.EXAM_CENTRE,
    textgen: {
      provider: e.TEXTGEN_PROVIDER,
      baseUrl: (e.TEXTGEN_BASE_URL ?? (gemini ? GEMINI_DEFAULT_BASE_URL : undefined))?.replace(/\/+$/, ''),
      model: e.TEXTGEN_MODEL ?? (gemini ? GEMINI_DEFAULT_MODEL : undefined),
      apiKey: e.TEXTGEN_API_KEY,
      timeoutMs: TEXTGEN_TIMEOUT_MS,
    },
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicOrigin: e.PUBLIC_ORIGIN === undefined ? undefined : publicOriginOf(e.PUBLIC_ORIGIN),
    mail: mailConfig(e),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    login: {
      perAccountAddress: { max: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS, windowMs: fifteenMinutes },
      perAddress: { max: e.RATE_LIMIT_LOGIN_PER_ADDRESS, windowMs: fifteenMinutes },
      perAccount: { max: e.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowMs: fifteenMinutes },
    },
    rateLimits: {
      registerPerAddress: { max: e.RATE_LIMIT_REGISTER_PER_ADDRESS, windowMs: hour },
      registerBurst: { max: e.RATE_LIMIT_REGISTER_BURST, windowMs: 60_000 },
      resetPerAccount: { max: e.RATE_LIMIT_RESET_PER_ACCOUNT, windowMs: hour },
      resetPerAddress: { max: e.RATE_LIMIT_RESET_PER_ADDRESS, windowMs: hour },
      draftPerUser: { max: e.RATE_LIMIT_DRAFT_PER_USER, windowMs: 60_000 },
      uploadsPerUser: { max: e.RATE_LIMIT_UPLOADS_PER_USER, windowMs: hour },
      createPerUser: { max: e.RATE_LIMIT_CREATE_PER_USER, windowMs: hour },
      calendarPerFeed: { max: e.RATE_LIMIT_CALENDAR_PER_FEED, windowMs: hour },
    },
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    streams: { perUser: e.STREAMS_PER_USER, perInstance: e.STREAMS_PER_INSTANCE },
    connections: CONNECTION_DEFAULTS,
    mailSecret: e.MAIL_SECRET,
    digestHour: e.MAIL_DIGEST_HOUR,
    now: () => new Date(),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What STORAGE=s3 needs, each problem naming its variable. */
function checkStorage(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.S3_ENDPOINT !== undefined && !isHttpUrl(e.S3_ENDPOINT)) problems.push('S3_ENDPOINT: must be an http(s) URL such as http://127.0.0.1:9000');
  if (e.STORAGE === 's3' && e.S3_BUCKET === undefined) problems.push('S3_BUCKET: required when STORAGE=s3 (the bucket that keeps uploaded files)');
  return problems;
}

function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  if (e.STORAGE === 'local') return { kind: 'local' };
  // checkStorage has made sure of the bucket.
  return { kind: 's3', bucket: e.S3_BUCKET!, region: e.S3_REGION, ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}) };
}

/**
 * MAIL_SECRET signs the unsubscribe links every notification email carries: required when mail
 * is on, and hard to guess.
 */
function checkMailSecret(e: z.output<typeof envSchema>): string[] {
  const secret = e.MAIL_SECRET;
  if (secret === undefined) return e.SMTP_URL === undefined ? [] : ['MAIL_SECRET: required when mail is on (SMTP_URL): it signs the unsubscribe links of emails'];
  if (secret.length < MAIL_SECRET_MIN) return [`MAIL_SECRET: must be at least ${MAIL_SECRET_MIN} characters (e.g. from \`openssl rand -hex 32\`)`];
  return [];
}

/** What the chosen text generator needs, each problem naming its variable. */
function checkTextgen(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.TEXTGEN_BASE_URL !== undefined && !isHttpUrl(e.TEXTGEN_BASE_URL)) problems.push('TEXTGEN_BASE_URL: must be an http(s) URL such as https://api.openai.com/v1');
  if (e.TEXTGEN_PROVIDER === 'openai') {
    if (e.TEXTGEN_BASE_URL === undefined) problems.push('TEXTGEN_BASE_URL: required when TEXTGEN_PROVIDER=openai (e.g. https://api.openai.com/v1)');
    if (e.TEXTGEN_MODEL === undefined) problems.push('TEXTGEN_MODEL: required when TEXTGEN_PROVIDER=openai (e.g. gpt-4o-mini)');
  }
  if (e.TEXTGEN_PROVIDER === 'gemini' && e.TEXTGEN_API_KEY === undefined) problems.push('TEXTGEN_API_KEY: required when TEXTGEN_PROVIDER=gemini');
  return problems;
}

/** A bare address (one @, no spaces or brackets), or `Display Name <address>`. */
function isSenderAddress(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(address);
}

/** SMTP_URL, MAIL_FROM and the PUBLIC_ORIGIN mail needs, each problem naming its variable. */
function checkMail(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  const { SMTP_URL: url, MAIL_FROM: from } = e;
  if (url === undefined && from === undefined) return problems;
  if (url !== undefined) {
    let protocol = '';
    try {
      const parsed = new URL(url);
      protocol = parsed.hostname ? parsed.protocol : '';
    } catch {
      // reported below
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') problems.push('SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.edu:587');
  } else {
    problems.push('SMTP_URL: required when MAIL_FROM is set (the SMTP server that sends the portal\'s emails)');
  }
  if (from === undefined) problems.push('MAIL_FROM: required when SMTP_URL is set (the sender address, e.g. Campus Portal <portal@example.edu>)');
  else if (!isSenderAddress(from)) problems.push('MAIL_FROM: must be an email address, or a name and an address such as Campus Portal <portal@example.edu>');
  if (e.PUBLIC_ORIGIN === undefined) problems.push('PUBLIC_ORIGIN: required when mail is on (SMTP_URL): links in emails must name the portal\'s public address');
  return problems;
}

function mailConfig(e: z.output<typeof envSchema>): MailConfig | undefined {
  // checkMail has made sure that all three are set and valid when either mail variable is.
  if (e.SMTP_URL === undefined) return undefined;
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM!.trim(), linkOrigin: publicOriginOf(e.PUBLIC_ORIGIN!)!, worker: MAIL_WORKER_DEFAULTS };
}

/** Drafting is on when a provider is configured (POST /events/draft-description; 503 otherwise). */
export function draftingEnabled(config: Config): boolean {
  const { provider, baseUrl, model, apiKey } = config.textgen;
  if (provider === 'openai') return Boolean(baseUrl && model);
  if (provider === 'gemini') return Boolean(baseUrl && model && apiKey);
  return false;
}
