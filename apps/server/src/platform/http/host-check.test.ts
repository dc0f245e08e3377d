import net from 'node:net';
import { refusal, paths } from '@campus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildStudent } from '../../../test/factories';
import { isValidHost } from './host-check';

/**
 * A malformed Host answers 400 naming it, over a real socket: app.inject and fetch would
 * normalise or refuse such a header before it reached the server.
 */
const ctx = useTestApp();

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});

/** Sends one request as written and reads the answer until the server closes the connection: status, headers, body. */
function raw(path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, split), body: text.slice(split + 4) });
    });
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    // Written, not ended: a client that half-closes reads as one that went away (the server stops
    // work it no longer owes). `Connection: close` has the server close once it answered.
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);
  });
}

const BAD_HOSTS = ['[::1', 'a b', 'x:99999', '', 'x:0', 'host:abc', '[::1]:80x', '[not-ipv6]', 'user@evil.example', 'a/b', 'a?b', 'a#b', '%41', '::1', 'a..b', 'x:'];

describe('a malformed Host header', () => {
  it('answers 400 naming it, as the JSON envelope, on an API route, a page, a file and a feed; the connection closes cleanly', async () => {
    const student = await buildStudent(ctx.app);
    const routes: [string, Record<string, string>][] = [
      // The feed's address is built on the host when PUBLIC_ORIGIN is unset: this one failed as a 500.
      [paths.calendar.feed, { cookie: student.cookie }],
      [paths.health, {}],
      ['/login', {}],
      ['/files/00000000-0000-4000-8000-000000000000', { cookie: student.cookie }],
      [paths.calendar.ics('a'.repeat(43)), {}],
    ];
    for (const [path, headers] of routes) {
      for (const host of BAD_HOSTS) {
        const res = await raw(path, host, headers);
        expect({ path, host, status: res.status }).toEqual({ path, host, status: 400 });
        expect(res.head).toMatch(/^content-type: application\/json/im);
        expect(JSON.parse(res.body)).toEqual({ statusCode: 400, data: null, message: refusal('bad_host').message, errors: [refusal('bad_host').message], success: false, code: 'bad_host', params: {} });
      }
    }
  });

  it('leaves well-formed hosts alone', async () => {
    const student = await buildStudent(ctx.app);
    for (const host of ['localhost', `127.0.0.1:${port}`, `[::1]:${port}`, 'portal.example.edu', 'portal.example.edu.', 'Portal-1.Example.EDU:443', 'xn--bcher-kva.example']) {
      const res = await raw(paths.calendar.feed, host, { cookie: student.cookie });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
  });
});

describe('isValidHost', () => {
  it('takes a name, an IPv4 or a bracketed IPv6 address, with a port from 1 to 65535', () => {
    for (const host of ['a', 'a.b.c', 'my_host', '10.0.0.1:8000', '[::1]', '[2001:db8::1]:65535', '[::ffff:10.0.0.1]']) expect(isValidHost(host), host).toBe(true);
    for (const host of [...BAD_HOSTS, 'a:65536', '.a', 'a b.c', 'ü.example', '[::1]]', '[]']) expect(isValidHost(host), host).toBe(false);
  });
});
