import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setUserStore } from '../features/auth/session';
import { server } from './server';

// findBy… and waitFor wait up to 10 s rather than 1 s: lazy pages and their chunks load slower on
// a busy machine, and a wait that ends early fails a test that would have passed.
configure({ asyncUtilTimeout: 10_000 });

// jsdom's File and FormData are not the ones Node's fetch (undici) serialises: a jsdom File in
// a multipart body hangs the request. Use the platform's own, as a browser would, so MSW sees
// real multipart bodies from both fetch and XMLHttpRequest. Node's FormData is only reachable
// through a parsed body.
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = (await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData())
  .constructor as typeof FormData;

// What Radix's menus ask of the DOM that jsdom does not implement.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // Files share a worker (isolate: false): a test that faked the clock and failed before putting
  // it back must not leave the next file's requests waiting on timers that never run.
  vi.useRealTimers();
  cleanup();
  server.resetHandlers();
  setUserStore(null);
  localStorage.clear();
});
afterAll(() => server.close());
