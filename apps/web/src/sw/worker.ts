/**
 * The service worker, served as /sw.js: built by apps/web/build/service-worker.ts, which bundles
 * this file and writes in the build's shell files and version. It keeps the shell and the few
 * answers the admit card needs, so /hallticket opens on exam day with no network
 * (docs/decisions/0025-offline-service-worker.md). The rules live in policy.ts.
 */
import { ANSWER_SAVED, PUBLIC_CACHE, USER_CACHE } from './names';
import { CARD_ANSWERS, CARD_PUBLIC_ANSWERS, changesSession, isCurrentUser, isStudentAnswer, outcomeOf, routeOf, shellCache, stamped, staleCaches, userIdOf } from './policy';

/** Written in by the build: the shell's URLs ('/' is index.html) and a hash of them and of index.html. */
declare const __CAMPUS_PRECACHE__: string[];
declare const __CAMPUS_VERSION__: string;

// The worker's own event types, declared here rather than by the WebWorker library, which cannot
// share a program with the DOM library the rest of the web app checks against.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerClients {
  claim(): Promise<void>;
  matchAll(options?: { type?: 'window' }): Promise<{ postMessage(message: unknown): void }[]>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: WorkerClients;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;
const SHELL = shellCache(__CAMPUS_VERSION__);
const SHELL_FILES: ReadonlySet<string> = new Set(__CAMPUS_PRECACHE__);

/**
 * Bumped when a session begins or ends: an answer fetched for the previous session that arrives
 * after it is not saved (a current-user in flight while she logs out must not bring her back).
 */
let session = 0;

/** Every kept answer of the signed-in user goes (logout, login, a 401, another user's current-user). */
async function forgetUser(): Promise<void> {
  session += 1;
  await caches.delete(USER_CACHE);
}

worker.addEventListener('install', (event) => {
  // cache: 'reload': the files themselves, not what the browser's HTTP cache holds of them.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(__CAMPUS_PRECACHE__.map((url) => new Request(url, { cache: 'reload' }))))
      // A new build's worker takes over at the next page load, not after every tab has closed.
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, __CAMPUS_VERSION__).map((name) => caches.delete(name))))
      // The pages open now are this worker's from here on: a first visit is kept, not only the next.
      .then(() => worker.clients.claim())
      .then(() => keepTheCard()),
  );
});

/** How long the worker waits for each answer it fetches as it takes over. */
const ACTIVATION_FETCH_MS = 10_000;

/**
 * What a signed-in student's admit card needs, fetched and saved by the worker itself as it takes
 * over: the visit that registered it fetched them before it was there (decision 0032). Someone
 * else, or nobody, signed in: only current-user is asked (and a 401 keeps nothing).
 */
async function keepTheCard(): Promise<void> {
  const began = session;
  const [first, ...rest] = CARD_ANSWERS;
  const who = await fetchAndKeep(first!, USER_CACHE, began);
  if (!isStudentAnswer(who)) return;
  await Promise.all([...rest.map((path) => fetchAndKeep(path, USER_CACHE, began)), ...CARD_PUBLIC_ANSWERS.map((path) => fetchAndKeep(path, PUBLIC_CACHE, began))]);
}

/** One kept GET as the page would make it, settled as `kept` settles it; its parsed body when kept, else null. */
async function fetchAndKeep(path: string, cacheName: string, began: number): Promise<unknown> {
  const request = new Request(new URL(path, origin), { credentials: 'same-origin' });
  // Activation waits for these (the pages' own requests wait on activation): a slow server must not hold them long.
  const response = await fetch(request, { signal: AbortSignal.timeout(ACTIVATION_FETCH_MS) }).catch(() => null);
  if (!response) return null;
  const outcome = outcomeOf(response.status, cacheName);
  if (outcome === 'forget-user') await forgetUser();
  else if (outcome === 'drop') await caches.open(cacheName).then((cache) => cache.delete(request));
  if (outcome !== 'keep') return null;
  const copy = response.clone();
  await save(request, response, cacheName, began);
  return copy.json().catch(() => null);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (changesSession(request, origin)) {
    // Not answered here: the browser sends it on; only the user's saved answers go.
    event.waitUntil(forgetUser());
    return;
  }
  const route = routeOf(request, origin, SHELL_FILES);
  if (!route) return;
  if (route.kind === 'page') event.respondWith(networkFirst(request, '/'));
  else if (route.kind === 'shell') event.respondWith(networkFirst(request, request));
  else if (route.kind === 'asset') event.respondWith(asset(request, event));
  else event.respondWith(kept(request, route.cache, event));
});

/**
 * Network first; offline (or the server failing), the shell's saved `fallback`: for a page,
 * index.html ('/'), which routes on the client.
 */
async function networkFirst(request: Request, fallback: Request | string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status < 500) return response;
    return (await caches.match(fallback, { cacheName: SHELL })) ?? response;
  } catch (err) {
    const shell = await caches.match(fallback, { cacheName: SHELL });
    if (shell) return shell;
    throw err;
  }
}

/** Hashed files never change: the saved copy, else the network's, saved for next time (a lazy chunk opened online). */
async function asset(request: Request, event: FetchEvent): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/** A kept GET: the network's answer, saved with the time; when the network fails, the saved one. */
async function kept(request: Request, cacheName: string, event: FetchEvent): Promise<Response> {
  const began = session;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    const saved = await caches.match(request, { cacheName });
    if (saved) return saved;
    throw err;
  }
  const outcome = outcomeOf(response.status, cacheName);
  if (outcome === 'fallback') return (await caches.match(request, { cacheName })) ?? response;
  if (outcome === 'forget-user') event.waitUntil(forgetUser());
  else if (outcome === 'drop') event.waitUntil(caches.open(cacheName).then((cache) => cache.delete(request)));
  else event.waitUntil(save(request, response.clone(), cacheName, began));
  return response;
}

async function save(request: Request, response: Response, cacheName: string, began: number): Promise<void> {
  const body = await response.arrayBuffer();
  if (cacheName === USER_CACHE && isCurrentUser(request.url)) {
    // Another person signed in (a campus sign-in lands here with no login POST seen): the previous one's answers go.
    const before = await caches.match(request, { cacheName });
    const previous = before ? userIdOf(await before.json().catch(() => null)) : null;
    const now = userIdOf(parseJson(body));
    if (previous !== null && previous !== now) {
      await forgetUser();
      // This answer is the new person's own: it is kept.
      began = session;
    }
  }
  if (began !== session && cacheName === USER_CACHE) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers: stamped(response.headers, new Date()) }));
  // The admit card's page says whether it is saved on this device: it reads again.
  if (cacheName === USER_CACHE) for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(ANSWER_SAVED);
}

function parseJson(body: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
}
