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

/** Exported for the test that keeps the README's configuration table in step. */
export const envSchema = z.object({
  PORT: positiveInt('PORT', 8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  STORAGE: z
    .enum(['local', 's3'], { error: 'STORAGE must be local or s3' })
    .default('local')
    .refine((v) => v === 'local', {
      error: 'STORAGE=s3 is not available in this build (@aws-sdk/client-s3 is not installed); use STORAGE=local',
    }),
  EXAM_OFFICE_REGISTRATION_ID: positiveInt('EXAM_OFFICE_REGISTRATION_ID', 211070007),
  EXAM_OFFICE_PASSWORD: optionalText,
  EXAM_OFFICE_EMAIL: z.string().default('examoffice@campus.local'),
  STAFF_SIGNUP_CODE: optionalText,
  CAMPUS_TZ: z
    .string()
    .default('Asia/Kolkata')
    .refine(isTimeZone, { error: 'CAMPUS_TZ must be an IANA time zone such as Asia/Kolkata' }),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt('RATE_LIMIT_LOGIN_PER_ACCOUNT', 10),
  RATE_LIMIT_LOGIN_PER_ADDRESS: positiveInt('RATE_LIMIT_LOGIN_PER_ADDRESS', 100),
  RATE_LIMIT_REGISTER_PER_ADDRESS: positiveInt('RATE_LIMIT_REGISTER_PER_ADDRESS', 20),
  RATE_LIMIT_DRAFT_PER_USER: positiveInt('RATE_LIMIT_DRAFT_PER_USER', 10),
});

/** Gemini's public endpoint and a current model, used unless TEXTGEN_BASE_URL / TEXTGEN_MODEL say otherwise. */
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_MODEL = 'gemini-2.0-flash';
/** How long a drafting call may take before it is a 502 (API.md "Events"). */
export const TEXTGEN_TIMEOUT_MS = 15_000;

export interface RateLimit {
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite under dataDir/db. */
  databaseUrl?: string;
  dataDir: string;
  storage: 'local';
  examOffice: { registrationId: number; password?: string; email: string };
  staffSignupCode?: string;
  campusTimeZone: string;
  /**
   * The text generator that drafts event descriptions; no provider means drafting is off.
   * `timeoutMs` is not an environment variable: tests shorten it to exercise the 502.
   */
  textgen: { provider?: 'openai' | 'gemini'; baseUrl?: string; model?: string; apiKey?: string; timeoutMs: number };
  session: { idleMinutes: number; maxHours: number };
  redisUrl?: string;
  /** Passed to Fastify's trustProxy: true, a hop count, or an address list. */
  trustProxy: boolean | number | string;
  logLevel: string;
  webDist: string;
  rateLimits: { loginPerAccount: RateLimit; loginPerAddress: RateLimit; registerPerAddress: RateLimit; draftPerUser: RateLimit };
  /** The clock: "today" in the campus time zone is read from it (tests fix it). */
  now: () => Date;
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const textgenProblems = checkTextgen(e);
  if (textgenProblems.length > 0) throw new ConfigError(`invalid configuration:\n${textgenProblems.map((p) => `  ${p}`).join('\n')}`);
  const gemini = e.TEXTGEN_PROVIDER === 'gemini';
  const fifteenMinutes = 15 * 60_000;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    storage: 'local',
    examOffice: { registrationId: e.EXAM_OFFICE_REGISTRATION_ID, password: e.EXAM_OFFICE_PASSWORD, email: e.EXAM_OFFICE_EMAIL },
    staffSignupCode: e.STAFF_SIGNUP_CODE,
    campusTimeZone: e.CAMPUS_TZ,
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
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    rateLimits: {
      loginPerAccount: { max: e.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowMs: fifteenMinutes },
      loginPerAddress: { max: e.RATE_LIMIT_LOGIN_PER_ADDRESS, windowMs: fifteenMinutes },
      registerPerAddress: { max: e.RATE_LIMIT_REGISTER_PER_ADDRESS, windowMs: 60 * 60_000 },
      draftPerUser: { max: e.RATE_LIMIT_DRAFT_PER_USER, windowMs: 60_000 },
    },
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

/** Drafting is on when a provider is configured (POST /events/draft-description; 503 otherwise). */
export function draftingEnabled(config: Config): boolean {
  const { provider, baseUrl, model, apiKey } = config.textgen;
  if (provider === 'openai') return Boolean(baseUrl && model);
  if (provider === 'gemini') return Boolean(baseUrl && model && apiKey);
  return false;
}
