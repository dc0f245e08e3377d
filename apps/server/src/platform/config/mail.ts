import { z } from 'zod';
import { concern } from './concern';
import { optionalText, secretText } from './fields';
import { server } from './server';

/** Outgoing email: the SMTP server, the sender, the key of unsubscribe links, the digest's hour. */

/** The daily digest goes out at 07:00 in the campus time zone unless MAIL_DIGEST_HOUR says. */
const DEFAULT_DIGEST_HOUR = 7;
/** MAIL_SECRET signs unsubscribe links: long enough that it cannot be guessed. */
const MAIL_SECRET_MIN = 32;

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

/**
 * How the mail queue's worker paces itself (platform/mail/mail-worker.ts). Not environment
 * variables: tests shorten them.
 */
export const MAIL_WORKER_DEFAULTS: MailWorkerSettings = {
  // Each batch ends with its connections waiting on its last sends, then a statement to take the
  // next: at 50 that pause cost a fan-out a fifth of its throughput. 200 keep an urgent email's
  // wait behind a fan-out well under a second on a relay that takes hundreds a second.
  batchSize: 200,
  connections: 5,
  pollMs: 5_000,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 60 * 60_000,
  relayRetryMaxMs: 10 * 60_000,
  maxAttempts: 8,
  leaseMs: 10 * 60_000,
  smtpTimeoutMs: 20_000,
};

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

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return Boolean(url.hostname) && (url.protocol === 'smtp:' || url.protocol === 'smtps:');
  } catch {
    return false;
  }
}

/** A bare address (one @, no spaces or brackets), or `Display Name <address>`. */
function isSenderAddress(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(address);
}

export const mail = concern({
  env: {
    SMTP_URL: optionalText.refine((v) => v === undefined || isSmtpUrl(v), {
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.edu:587',
    }),
    MAIL_FROM: optionalText.refine((v) => v === undefined || isSenderAddress(v), {
      error: 'must be an email address, or a name and an address such as Campus Portal <portal@example.edu>',
    }),
    MAIL_SECRET: secretText(MAIL_SECRET_MIN, 'from `openssl rand -hex 32`'),
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
  },
  // An email's links must be absolute: they are built on the portal's public address.
  reads: { PUBLIC_ORIGIN: server.env.PUBLIC_ORIGIN },
  check: ({ set }, report) => {
    if (set.MAIL_FROM && !set.SMTP_URL) report('SMTP_URL', 'required when MAIL_FROM is set (the SMTP server that sends the portal\'s emails)');
    if (set.SMTP_URL && !set.MAIL_FROM) report('MAIL_FROM', 'required when SMTP_URL is set (the sender address, e.g. Campus Portal <portal@example.edu>)');
    if ((set.SMTP_URL || set.MAIL_FROM) && !set.PUBLIC_ORIGIN) {
      report('PUBLIC_ORIGIN', 'required when mail is on (SMTP_URL): links in emails must name the portal\'s public address');
    }
    // Every notification email carries an unsubscribe link signed with it.
    if (set.SMTP_URL && !set.MAIL_SECRET) report('MAIL_SECRET', 'required when mail is on (SMTP_URL): it signs the unsubscribe links of emails');
  },
  config: (e) => {
    // The check has made sure that MAIL_FROM and PUBLIC_ORIGIN are set, and their schemas that they are valid, when SMTP_URL is.
    const outgoing: MailConfig | undefined =
      e.SMTP_URL === undefined ? undefined : { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM!.trim(), linkOrigin: e.PUBLIC_ORIGIN!, worker: MAIL_WORKER_DEFAULTS };
    return {
      /** Outgoing mail; undefined when SMTP_URL and MAIL_FROM are unset (no emails, digests or password resets). */
      mail: outgoing,
      /**
       * Signs the unsubscribe links of emails (HMAC-SHA256), so that one works without logging in and
       * cannot be made up. Unset: no link verifies.
       */
      mailSecret: e.MAIL_SECRET,
      /** The hour (0–23, campus time zone) the daily digest goes out. */
      digestHour: e.MAIL_DIGEST_HOUR,
    };
  },
});
