import http from 'node:http';
import { paths } from '@campus/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the matrix, bad-input and refusal tests read of an answer. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): { success: boolean; statusCode: number; errors: string[]; message: string; code?: string; field?: string; params?: Record<string, unknown> };
}

/**
 * How a request reaches the app: `inject` calls it in process (no socket, fast); `http` sends it
 * over a real connection to the app listening on 127.0.0.1, as a browser would. They differ where
 * Node's sockets matter (a request is destroyed once its body is read whole; a connection can
 * close mid-body), which inject cannot show. `TEST_TRANSPORT=http` runs every table over the wire.
 */
export type Transport = 'inject' | 'http';
const DEFAULT_TRANSPORT: Transport = process.env.TEST_TRANSPORT === 'http' ? 'http' : 'inject';

const isStream = (url: string) => url.split('?')[0] === paths.notifications.stream;

/**
 * Sends `options` by `transport`. The event stream, which never ends on its own, always goes over
 * HTTP, and its 200 is read as soon as the headers arrive.
 */
export async function send(app: FastifyInstance, options: InjectOptions, transport: Transport = DEFAULT_TRANSPORT): Promise<Answer> {
  if (transport === 'inject' && !isStream(String(options.url))) return (await app.inject(options)) as unknown as Answer;
  return sendOverHttp(app, options);
}

/** The bytes and headers of an inject-style payload: an object goes as JSON, as inject sends it. */
function bodyOf(options: InjectOptions): { body?: Buffer; headers: Record<string, string> } {
  const headers = { ...(options.headers as Record<string, string> | undefined) };
  const { payload } = options;
  if (payload === undefined) return { headers };
  const isBytes = typeof payload === 'string' || Buffer.isBuffer(payload);
  if (!isBytes && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  return { body: isBytes ? Buffer.from(payload) : Buffer.from(JSON.stringify(payload)), headers };
}

/**
 * Over a real socket (the app listens on demand, on a free port). node:http rather than fetch: it
 * sends a declared length other than the body's (a claim the upload guard refuses before reading),
 * and it can drop the connection as soon as a 200 stream's headers are read, so no half-read
 * stream keeps a connection (and the app's close) waiting. A request whose declared length was
 * not sent ends its connection once answered, as a client that gave up would.
 */
export async function sendOverHttp(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = String(options.url);
  const { body, headers } = bodyOf(options);
  const declared = headers['content-length'];
  if (body && declared === undefined) headers['content-length'] = String(body.length);
  const unfinished = body !== undefined && declared !== undefined && Number(declared) > body.length;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method: String(options.method ?? 'GET'), headers }, (res) => {
      const answered = res.headers;
      if (res.statusCode === 200 && isStream(url)) {
        req.destroy();
        resolve({ statusCode: 200, headers: answered, body: '', json: () => JSON.parse('null') });
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        if (unfinished) req.destroy();
        resolve({ statusCode: res.statusCode ?? 0, headers: answered, body: text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (unfinished) req.write(body);
    else req.end(body);
  });
}
