import { api } from '@campus/contract/api';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CACHE, SAVED_AT, USER_CACHE } from './names';
import { CARD_ANSWERS, CARD_PUBLIC_ANSWERS, changesSession, isCurrentUser, isStudentAnswer, outcomeOf, routeOf, shellCache, stamped, staleCaches, userIdOf } from './policy';

const origin = 'https://portal.example.edu';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('what the service worker does with a request', () => {
  it('keeps the admit card’s answers, network first, in the user’s cache', () => {
    for (const path of [api.users.currentUser.path, api.courses.byStudent.path, api.courses.examDates.path, api.documents.admitCard.path]) {
      expect(routeOf(get(path), origin), path).toEqual({ kind: 'api', cache: USER_CACHE });
    }
    // The page asks for the student's courses with a page number too: the same rule, its own copy.
    expect(routeOf(get(`${api.courses.byStudent.path}?page=2`), origin)).toEqual({ kind: 'api', cache: USER_CACHE });
  });

  it('keeps the set-up and the public keys in a cache that outlives a logout', () => {
    expect(routeOf(get(api.system.config.path), origin)).toEqual({ kind: 'api', cache: PUBLIC_CACHE });
    expect(routeOf(get(api.documents.keys.path), origin)).toEqual({ kind: 'api', cache: PUBLIC_CACHE });
  });

  it('keeps nothing else of the user: notes, files, marksheets, notifications, events, the event stream', () => {
    const untouched = [
      api.marksheets.ofUser.path.replace(':userId', 'u1'),
      api.documents.marksheet.path.replace(':marksheetId', 'm1'),
      api.notes.ofCourse.path.replace(':courseId', 'c1'),
      api.notifications.list.path,
      api.notifications.stream.path,
      api.events.all.path,
      api.courses.all.path,
      api.courses.myCourses.path,
      '/files/abc123',
      '/calendar/feed.ics',
    ];
    for (const path of untouched) expect(routeOf(get(path), origin), path).toBeNull();
  });

  it('answers no write, and nothing of another origin', () => {
    expect(routeOf({ method: 'POST', url: `${origin}${api.documents.verify.path}`, mode: 'cors' }, origin)).toBeNull();
    expect(routeOf({ method: 'PATCH', url: `${origin}${api.users.currentUser.path}`, mode: 'cors' }, origin)).toBeNull();
    expect(routeOf({ method: 'GET', url: `https://elsewhere.example${api.users.currentUser.path}`, mode: 'cors' }, origin)).toBeNull();
    expect(routeOf({ method: 'GET', url: 'https://elsewhere.example/assets/x.js', mode: 'no-cors' }, origin)).toBeNull();
  });

  it('serves the shell for the app’s pages, never for downloads, the API’s pages or sign-in hops', () => {
    for (const path of ['/', '/hallticket', '/login?next=%2Fhallticket', '/course/123', '/no/such/page']) {
      expect(routeOf(get(path, 'navigate'), origin), path).toEqual({ kind: 'page' });
    }
    for (const path of ['/files/abc123', '/api/docs', '/api/v1/auth/campus/start', '/calendar/feed.ics']) {
      expect(routeOf(get(path, 'navigate'), origin), path).toBeNull();
    }
  });

  it('takes hashed build files cache first, the shell’s other files network first, and no other file of the root', () => {
    expect(routeOf(get('/assets/index-abc123.js', 'no-cors'), origin)).toEqual({ kind: 'asset' });
    expect(routeOf(get('/assets/index-abc123.css', 'no-cors'), origin)).toEqual({ kind: 'asset' });
    // Revalidated files go to the network as without a worker, unless the shell saved them (the header's logo).
    const shellFiles = new Set(['/', '/favicon.svg', '/manifest.webmanifest', '/assets/index-abc123.js']);
    expect(routeOf(get('/favicon.svg', 'no-cors'), origin, shellFiles)).toEqual({ kind: 'shell' });
    expect(routeOf(get('/manifest.webmanifest'), origin, shellFiles)).toEqual({ kind: 'shell' });
    expect(routeOf(get('/sw.js'), origin, shellFiles)).toBeNull();
    expect(routeOf(get('/icons/icon-512.png', 'no-cors'), origin, shellFiles)).toBeNull();
    expect(routeOf(get('/favicon.svg', 'no-cors'), origin)).toBeNull();
  });

  it('drops the user’s answers when a login or a logout goes by, and for nothing else', () => {
    expect(changesSession({ method: 'POST', url: `${origin}${api.users.logout.path}` }, origin)).toBe(true);
    expect(changesSession({ method: 'POST', url: `${origin}${api.users.login.path}` }, origin)).toBe(true);
    expect(changesSession({ method: 'GET', url: `${origin}${api.users.logout.path}` }, origin)).toBe(false);
    expect(changesSession({ method: 'POST', url: `${origin}${api.users.register.path}` }, origin)).toBe(false);
    expect(changesSession({ method: 'POST', url: `https://elsewhere.example${api.users.logout.path}` }, origin)).toBe(false);
  });
});

describe('what an answer from the network does to the saved copy', () => {
  it('saves a 200; on a server failure falls back to the copy; forgets the user on a 401; drops the copy on another refusal', () => {
    expect(outcomeOf(200, USER_CACHE)).toBe('keep');
    expect(outcomeOf(502, USER_CACHE)).toBe('fallback');
    expect(outcomeOf(503, PUBLIC_CACHE)).toBe('fallback');
    expect(outcomeOf(401, USER_CACHE)).toBe('forget-user');
    // An admit card once the exam dates are gone: the old one must not come back offline.
    expect(outcomeOf(400, USER_CACHE)).toBe('drop');
    expect(outcomeOf(401, PUBLIC_CACHE)).toBe('drop');
    expect(outcomeOf(204, USER_CACHE)).toBe('drop');
  });

  it('reads who a current-user answer names, to notice another person signed in', () => {
    expect(userIdOf({ success: true, data: { _id: 'u1', fullname: 'Asha' } })).toBe('u1');
    expect(userIdOf({ success: false, errors: ['you must be logged in'] })).toBeNull();
    expect(userIdOf(null)).toBeNull();
    expect(isCurrentUser(`${origin}${api.users.currentUser.path}`)).toBe(true);
    expect(isCurrentUser(`${origin}${api.courses.examDates.path}`)).toBe(false);
  });

  it('stamps a saved copy with the time, keeping the server’s headers but Vary (the worker’s fetch and the page’s differ)', () => {
    const headers = stamped(new Headers({ 'content-type': 'application/json', vary: 'Origin, Accept-Encoding' }), new Date('2026-12-03T03:45:00Z'));
    expect(headers.get(SAVED_AT)).toBe('2026-12-03T03:45:00.000Z');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('vary')).toBeNull();
  });

  it('fetches for a signed-in student, at activation, every answer the card needs, each in the cache the page’s own would go to', () => {
    expect(CARD_ANSWERS[0]).toBe(api.users.currentUser.path);
    for (const path of CARD_ANSWERS) expect(routeOf(get(path), origin), path).toEqual({ kind: 'api', cache: USER_CACHE });
    for (const path of CARD_PUBLIC_ANSWERS) expect(routeOf(get(path), origin), path).toEqual({ kind: 'api', cache: PUBLIC_CACHE });
    expect(isStudentAnswer({ success: true, data: { _id: 'u1', userrole: 2 } })).toBe(true);
    for (const other of [{ data: { userrole: 1 } }, { success: false, errors: ['you must be logged in'] }, null]) expect(isStudentAnswer(other)).toBe(false);
  });
});

describe('caches on activation', () => {
  it('removes the shells of other builds and leaves this one, the user’s, the public one and other sites’ caches', () => {
    const names = [shellCache('old1'), shellCache('new2'), USER_CACHE, PUBLIC_CACHE, 'campus-api-v0', 'someone-else'];
    expect(staleCaches(names, 'new2')).toEqual([shellCache('old1'), 'campus-api-v0']);
  });
});
