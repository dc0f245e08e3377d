import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../../../test/build-app';

const ctx = useTestApp();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The service worker and the manifest the build writes (apps/web/build/service-worker.ts, public/).
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Campus Portal', start_url: '/' }));
  // The build's pre-compressed copies (apps/web/build/precompress.ts writes them).
  const script = Buffer.from(`console.log(${'"padding", '.repeat(200)}1)`);
  fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(dist, 'index.html'))));
  app = await ctx.extraApp({ webDist: dist });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it('answers index.html, never cached, for client routes with and without parameters', async () => {
    for (const url of ['/', '/login', '/course/123', '/applicant/42', '/event/abc?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    }
  });

  it('keeps its pages and files out of the API document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    // The API, the uploaded files and the calendar feeds; no page.
    const served = ['/api/v1/', '/files/', '/calendar/'];
    expect(Object.keys(doc.paths).filter((p) => !served.some((prefix) => p.startsWith(prefix)))).toEqual([]);
    expect(doc.paths).not.toHaveProperty('/calendar');
  });

  it('serves hashed assets as immutable and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown pages with index.html and a 404 status, unknown API paths with JSON', async () => {
    const page = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('id="root"');
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    const file = await app.inject({ method: 'GET', url: '/files/' });
    expect(file.headers['content-type']).toContain('application/json');
  });

  it('sends the build’s brotli or gzip copy by Accept-Encoding, and the file itself otherwise', async () => {
    const plain = fs.readFileSync(path.join(dist, 'assets', 'app-def456.js'));
    const br = await app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 5);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload)).toEqual(plain);
    const none = await app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload).toEqual(plain);
    // index.html for a client route too, still never cached.
    const page = await app.inject({ method: 'GET', url: '/all-courses', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('id="root"');
  });

  it('serves the service worker and the manifest at the root, revalidated every time, as script and manifest', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    // A browser accepts a worker only as JavaScript; no-cache: a new build's worker is found at the next visit.
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // Root scope needs no Service-Worker-Allowed header: the script sits at the root.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/' });
  });

  it('has a content security policy that lets a page register /sw.js and read its manifest', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/hallticket' })).headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    // worker-src falls back to child-src, then script-src; manifest-src to default-src.
    const worker = directives.get('worker-src') ?? directives.get('child-src') ?? directives.get('script-src') ?? directives.get('default-src');
    const manifestSrc = directives.get('manifest-src') ?? directives.get('default-src');
    expect(worker).toContain("'self'");
    expect(manifestSrc).toContain("'self'");
    // The worker's own fetches (the API, the shell) answer to its connect-src.
    expect(directives.get('connect-src')).toContain("'self'");
  });

  it('puts the security headers on pages too', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the document-only headers with documents and the service worker, not with each built script', async () => {
    const documentOnly = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'];
    const script = await app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(script.statusCode).toBe(200);
    for (const name of documentOnly) expect(script.headers, name).not.toHaveProperty(name);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['referrer-policy']).toBe('same-origin');
    for (const url of ['/', '/sw.js', '/favicon.svg', '/api/v1/health']) {
      const res = await app.inject({ method: 'GET', url });
      for (const name of documentOnly) expect(res.headers, `${url} ${name}`).toHaveProperty(name);
    }
  });

  it('keeps a built script’s headers, as they cross the socket, within what the JavaScript budget counts for each', async () => {
    // apps/web/build/js-budget.ts counts SCRIPT_HEADER_BYTES (420) a script, on every route's first load.
    const SCRIPT_HEADER_BYTES = 420;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      const head = await new Promise<string>((resolve, reject) => {
        let got = '';
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write(`GET /assets/app-def456.js HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n\r\n`),
        );
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          got += chunk;
          const end = got.indexOf('\r\n\r\n');
          if (end >= 0) {
            socket.destroy();
            resolve(got.slice(0, end + 4));
          }
        });
        socket.on('error', reject);
      });
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head).toMatch(/content-encoding: br/i);
      expect(head.length).toBeLessThanOrEqual(SCRIPT_HEADER_BYTES);
    } finally {
      await app.close();
    }
  });
});
