// `abuse`: a student under attack at exam time. From 127.0.0.2 an attacker floods wrong passwords
// for the victim's registration id; from 127.0.0.3 it holds 200 slow connections open (half
// sending their headers a byte at a time, half a login body). Meanwhile the victim, from
// 127.0.0.1, logs in and reads a course over and over. The same victim loop on an idle server
// first gives the baseline. The server runs with the product's default limits.
import http from 'node:http';
import net from 'node:net';
import { median, percentile, startServer } from './lib/server.mjs';
import { BENCH_PASSWORD, register, sessionCookie } from './lib/accounts.mjs';
import { tinyPng } from './lib/png.mjs';
import { LOAD } from './lib/load.mjs';

const VICTIM = '200000301';
const PROFESSOR = '200000302';
const VICTIM_ADDRESS = '127.0.0.1';
const ATTACKER_ADDRESS = '127.0.0.2';
const SLOW_ADDRESS = '127.0.0.3';
const SLOW_CONNECTIONS = 200;
const GUESSERS = 20;
/** Long enough for the server to drop slow headers (15 s) and slow bodies (30 s) at least once. */
const ATTACK_SECONDS = Math.max(LOAD.duration, 40);

/** One HTTP exchange from `localAddress`; resolves with status and time, never rejects. */
function exchange(base, { method = 'GET', path, headers = {}, body, localAddress, agent }) {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, headers, localAddress, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: err.code ?? err.message }));
    req.end(body);
  });
}

const loginBody = (password) => JSON.stringify({ registrationId: VICTIM, password });

/** The victim: log in, then read the course, until `until`; every outcome recorded. */
async function victimLoop(base, courseId, until) {
  const agent = new http.Agent({ keepAlive: true, localAddress: VICTIM_ADDRESS });
  const logins = [];
  const reads = [];
  try {
    while (performance.now() < until) {
      const login = await exchange(base, { method: 'POST', path: '/api/v1/users/login', headers: { 'content-type': 'application/json' }, body: loginBody(BENCH_PASSWORD), agent });
      logins.push(login);
      const cookie = [login.headers?.['set-cookie'] ?? []].flat().find((c) => c.startsWith('campus_session='))?.split(';')[0];
      if (!cookie) continue;
      reads.push(await exchange(base, { path: `/api/v1/courses/getcourse/${courseId}`, headers: { cookie }, agent }));
    }
  } finally {
    agent.destroy();
  }
  return { logins, reads };
}

/** Guessers from one address, each sending wrong passwords back to back. */
function guess(base, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: GUESSERS, localAddress: ATTACKER_ADDRESS });
  const counts = { sent: 0, 401: 0, 429: 0, other: 0 };
  const one = async () => {
    while (performance.now() < until) {
      const res = await exchange(base, { method: 'POST', path: '/api/v1/users/login', headers: { 'content-type': 'application/json' }, body: loginBody('a wrong guess 123'), agent });
      counts.sent += 1;
      if (res.status === 401 || res.status === 429) counts[res.status] += 1;
      else counts.other += 1;
    }
  };
  return Promise.all(Array.from({ length: GUESSERS }, one)).then(() => {
    agent.destroy();
    return counts;
  });
}

/**
 * Keeps SLOW_CONNECTIONS open from one address until `until`: half trickle their headers, half
 * a login body, a byte every 2 s; each one the server drops is opened again at once.
 */
function holdSlowConnections(port, until) {
  const stats = { opened: 0, dropped: 0, lifetimes: { headers: [], body: [] } };
  const sockets = new Set();
  const open = (kind) => {
    if (performance.now() >= until) return;
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: SLOW_ADDRESS });
    const born = performance.now();
    stats.opened += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    const payload =
      kind === 'headers'
        ? 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(10_000)
        : 'POST /api/v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"registrationId":' + '1'.repeat(100_000);
    const head = kind === 'headers' ? 40 : payload.indexOf('\r\n\r\n') + 4;
    socket.write(payload.slice(0, head));
    let sent = head;
    const trickle = setInterval(() => {
      if (sent < payload.length && !socket.destroyed) socket.write(payload[sent++]);
    }, 2_000);
    socket.on('close', () => {
      clearInterval(trickle);
      sockets.delete(socket);
      if (performance.now() < until) {
        stats.dropped += 1;
        stats.lifetimes[kind].push(performance.now() - born);
        open(kind);
      }
    });
  };
  for (let i = 0; i < SLOW_CONNECTIONS; i++) open(i % 2 ? 'headers' : 'body');
  return {
    stats,
    stop: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

const ms = (v) => `${v.toFixed(0)} ms`;
function summary(results) {
  const ok = results.filter((r) => r.status === 200);
  const times = results.map((r) => r.ms);
  if (times.length === 0) return 'none';
  return `${ok.length}/${results.length} ok (${((100 * ok.length) / results.length).toFixed(1)} %), p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}`;
}

/** A professor's course for the victim to read. */
async function setUp(base) {
  await register(base, { registrationId: VICTIM, fullname: 'Victim Student' });
  await register(base, { registrationId: PROFESSOR, fullname: 'Bench Professor', userrole: '1' });
  const cookie = await sessionCookie(base, PROFESSOR);
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'Exam week', description: 'Revision', coursenumber: '300000301', semester: '3', branch: 'Computer Engineering' })) form.append(k, v);
  form.append('thumbnail', new Blob([tinyPng], { type: 'image/png' }), 't.png');
  const res = await fetch(`${base}/api/v1/courses/create-course`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`create-course answered ${res.status}`);
  return (await res.json()).data.course._id;
}

export async function abuse({ port }) {
  const server = await startServer({ port });
  try {
    const { base } = server;
    const courseId = await setUp(base);

    const idle = await victimLoop(base, courseId, performance.now() + LOAD.duration * 1000);

    process.stderr.write(`  attack: ${GUESSERS} guessers and ${SLOW_CONNECTIONS} slow connections for ${ATTACK_SECONDS} s\n`);
    const until = performance.now() + ATTACK_SECONDS * 1000;
    const slow = holdSlowConnections(port, until);
    const guessing = guess(base, until);
    // The victim starts once the attack is under way (its first guesses already refused).
    await new Promise((r) => setTimeout(r, 2_000));
    const attacked = await victimLoop(base, courseId, until);
    const guesses = await guessing;
    slow.stop();
    const span = (xs) => (xs.length ? `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}` : 'never');

    return [
      { scenario: 'abuse: victim login, idle server', value: summary(idle.logins) },
      { scenario: 'abuse: victim getcourse, idle server', value: summary(idle.reads) },
      { scenario: 'abuse: victim login, under attack', value: summary(attacked.logins) },
      { scenario: 'abuse: victim getcourse, under attack', value: summary(attacked.reads) },
      {
        scenario: 'abuse: attacker wrong passwords',
        value: `${guesses.sent} sent from another address: ${guesses[401]} checked (401), ${guesses[429]} refused (429), ${guesses.other} other`,
      },
      {
        scenario: 'abuse: slow connections',
        value: `${SLOW_CONNECTIONS} held open; the server dropped ${slow.stats.dropped}: slow headers after ${span(slow.stats.lifetimes.headers)}, slow bodies after ${span(slow.stats.lifetimes.body)}`,
      },
    ];
  } finally {
    await server.stop();
  }
}
