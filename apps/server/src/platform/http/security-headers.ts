import type { FastifyInstance, FastifyReply } from 'fastify';
import { overHttps } from './proxy';

// Fits the Vite build: scripts and styles from our origin (Tailwind/React inline style attributes
// need 'unsafe-inline' for styles only), images also from data:/blob: URLs (avatar previews).
// The file viewer page (/view) frames our own /files/… answers, nothing else; no page of ours
// may be framed by anyone (clickjacking).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

// Swagger UI ships an inline bootstrap script and inline styles: relaxed on /api/docs only.
const DOCS_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

/**
 * A file shown in the browser (a PDF, an image) is framed by our viewer page, so our own origin
 * may frame it, and no other. `sandbox` gives it an opaque origin: even a file that somehow ran
 * script could not act as the portal (read its cookies-backed API, its storage). Chromium's PDF
 * viewer still renders under it (tried with Chromium 156; the marksheets journey checks the frame
 * is not blocked).
 */
const INLINE_FILE_CSP = ['sandbox', "default-src 'none'", "img-src 'self'", "style-src 'unsafe-inline'", "frame-ancestors 'self'"].join('; ');

export function allowSameOriginFraming(reply: FastifyReply): void {
  reply.header('content-security-policy', INLINE_FILE_CSP);
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * The build's hashed scripts and styles (/assets/*.js, *.css). The policy, framing, opener and
 * permissions headers act on the document (or worker) a response becomes, and these never become
 * one: the page's own answer carries them, and the service worker, the one script run as a
 * worker, is /sw.js. Sent with each of the 13–18 scripts a first load fetches they were about
 * 450 of its ~900 header bytes, 6–8 KB of the page's JavaScript on the wire (issue 28). Other
 * files under /assets (an SVG opened on its own is a document) keep them all; nosniff and the
 * referrer policy (a stylesheet's own requests follow it) stay on these too.
 */
const isBuiltScriptOrStyle = (url: string) => url.startsWith('/assets/') && (url.endsWith('.js') || url.endsWith('.css'));

/**
 * Security headers on every response (set here rather than through helmet, to keep them visible).
 * A callback hook, not an async one: it runs on every request, and an async hook costs a promise
 * and a microtask turn each time (the hot path's hooks are all written so).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (!isBuiltScriptOrStyle(request.url)) {
      const isDocs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
      reply.header('content-security-policy', isDocs ? DOCS_CSP : CSP);
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    }
    if (overHttps(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers are per-user and must never be cached by the browser or a proxy.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    reply.header('x-request-id', request.id);
    done();
  });
}
