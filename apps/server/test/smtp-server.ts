import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig, MailWorkerSettings } from '../src/platform/config/config';
import { MAIL_WORKER_DEFAULTS } from '../src/platform/config/config';

/** An email as the test SMTP server received it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
  /** A header's raw value as sent (unfolded), by case-insensitive name. */
  header(name: string): string | undefined;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a free port, in process, that keeps every
 * message it accepts (parsed with mailparser). It can refuse the next messages or answer slowly,
 * and, started with `{ auth: true }`, require a login and refuse the next ones.
 */
export interface TestSmtp {
  /** Where to send, with the login in it when the server requires one. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The emails to `address` with `subject`, once `count` of them arrived (fails after 10 s): every test's users have their own addresses. */
  emailsTo(address: string, subject: string, count?: number): Promise<ReceivedMail[]>;
  /** The next `count` messages are refused at the end of DATA with `code` (451: try later). */
  refuseNext(count: number, code?: number): void;
  /** The next `count` logins are refused with 535 (wrong credentials), as a relay whose password changed. */
  refuseLogins(count: number): void;
  /** Logins refused so far. */
  readonly refusedLogins: number;
  /** Each message is accepted only after this long (a slow server). */
  delayMs: number;
  /** Forgets what arrived and any pending refusal (between tests). */
  reset(): void;
  stop(): Promise<void>;
}

const LOGIN = { user: 'portal', pass: 'relay-password' };

/** `port`: listen there (a relay brought back where the portal expects it); any free one by default. */
export async function startSmtpServer(options: { auth?: boolean; port?: number } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  const waiters: (() => void)[] = [];
  const state = { delayMs: 0, loginRefusals: 0, refusedLogins: 0 };
  const server = new SMTPServer({
    authOptional: !options.auth,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with the server's self-signed certificate.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (state.loginRefusals > 0 || auth.username !== LOGIN.user || auth.password !== LOGIN.pass) {
        if (state.loginRefusals > 0) state.loginRefusals--;
        state.refusedLogins++;
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    logger: false,
    // Closing does not wait long for the apps' pooled connections.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
          if (refusals.left > 0) {
            refusals.left--;
            const err = Object.assign(new Error('refused by the test server'), { responseCode: refusals.code });
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const lines = parsed.headerLines;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            header: (name) => {
              const line = lines.find((l) => l.key === name.toLowerCase())?.line;
              return line?.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
            },
          });
          callback();
          for (const wake of waiters.splice(0)) wake();
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: options.auth ? `smtp://${LOGIN.user}:${LOGIN.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    received,
    refuseLogins(count) {
      state.loginRefusals = count;
    },
    get refusedLogins() {
      return state.refusedLogins;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} emails, ${received.length} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    async emailsTo(address, subject, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.filter((m) => m.to.includes(address) && m.parsed.subject === subject);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`expected ${count} "${subject}" emails to ${address}, ${found.length} arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    refuseNext(count, code = 451) {
      refusals = { left: count, code };
    },
    reset() {
      received.length = 0;
      refusals = { left: 0, code: 451 };
      state.delayMs = 0;
      state.loginRefusals = 0;
      state.refusedLogins = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail on, through the test server, with a worker paced for tests (fast polls and retries). */
export function testMailConfig(smtp: Pick<TestSmtp, 'url'>, worker: Partial<MailWorkerSettings> = {}): MailConfig {
  return {
    smtpUrl: smtp.url,
    from: 'Campus Portal <portal@campus.test>',
    linkOrigin: 'https://portal.campus.test',
    worker: { ...MAIL_WORKER_DEFAULTS, pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000, relayRetryMaxMs: 1_000, smtpTimeoutMs: 5_000, ...worker },
  };
}
