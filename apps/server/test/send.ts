import http from 'node:http';
import { paths } from '@campus/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the matrix and bad-input tests read of an answer. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): { success: boolean; statusCode: number; errors: string[] };
}

const isStream = (url: string) => url.split('?')[0] === paths.notifications.stream;

/**
 * app.inject for every route except the event stream, which never ends on its own: that one goes
 * over real HTTP (the app listens on demand), and a 200 is read as soon as the headers arrive.
 */
export async function send(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const url = String(options.url);
  if (!isStream(url)) return (await app.inject(options)) as unknown as Answer;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // node:http rather than fetch: the socket is destroyed as soon as a 200's headers are read, so
  // no half-read stream keeps a connection (and the app's close) waiting.
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method: String(options.method ?? 'GET'), headers: options.headers as Record<string, string> }, (res) => {
      const headers = res.headers;
      if (res.statusCode === 200) {
        req.destroy();
        resolve({ statusCode: 200, headers, body: '', json: () => JSON.parse('null') });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers, body, json: () => JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}
