// A local SMTP server (smtp-server) that accepts every message and notes when each arrived: the
// far end of the portal's mail queue for the mail scenarios. It does not parse the messages
// (that would cost the CPU the portal is being measured on); it keeps each one's recipient, its
// first header lines and the time it was accepted.
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  const accepted = [];
  let waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: the portal's nodemailer would otherwise upgrade to TLS.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        accepted.push({ at: performance.now(), wall: Date.now(), to: session.envelope.rcptTo.map((r) => r.address), head });
        callback();
        const ready = waiters.filter((w) => accepted.length >= w.count);
        waiters = waiters.filter((w) => accepted.length < w.count);
        for (const w of ready) w.resolve();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Resolves once `count` messages have arrived in all; rejects after `timeoutMs`. */
    waitFor(count, timeoutMs = 600_000) {
      if (accepted.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${accepted.length} of ${count} emails arrived within ${timeoutMs / 1000} s`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** What the portal needs to send through the sink (links point at `origin`). */
export const mailEnv = (sink, origin) => ({
  SMTP_URL: sink.url,
  MAIL_FROM: 'Campus Portal <portal@bench.campus.test>',
  PUBLIC_ORIGIN: origin,
  MAIL_SECRET: 'bench-mail-secret-0123456789abcdef0123456789',
});
