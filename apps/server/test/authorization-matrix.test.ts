import { paths } from '@campus/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';
import { ACTOR_NAMES, buildActors, cookieOf, type ActorName, type Actors } from './actors';
import { DEFAULT_PASSWORD, userFields } from './factories';
import { multipart, pngAvatar } from './fixtures';

/**
 * Every registered /api and /files route × every actor → the expected status, with valid input so
 * the status reflects authorization alone. A route missing from this table fails the suite.
 */
const ctx = useTestApp();

type Row = {
  request: (actor: ActorName, actors: Actors) => InjectOptions;
  expected: Record<ActorName, number>;
};

const all = (status: number): Record<ActorName, number> => ({ anonymous: status, student: status, otherStudent: status, professor: status, otherProfessor: status, examOffice: status });
const loggedIn = (status: number): Record<ActorName, number> => ({ ...all(status), anonymous: 401 });
const passwordOf = (actor: ActorName, actors: Actors) => (actor === 'anonymous' ? DEFAULT_PASSWORD : actors[actor].password);

const MATRIX: Record<string, Row> = {
  'GET /api/v1/health': { request: () => ({ method: 'GET', url: paths.health }), expected: all(200) },
  'GET /api/v1/config': { request: () => ({ method: 'GET', url: paths.config }), expected: all(200) },
  'POST /api/v1/users/register': {
    request: () => ({ method: 'POST', url: paths.users.register, ...multipart(userFields(), pngAvatar()) }),
    expected: all(201),
  },
  'POST /api/v1/users/login': {
    request: (actor, actors) => {
      const who = actor === 'anonymous' ? actors.student : actors[actor];
      return { method: 'POST', url: paths.users.login, payload: { registrationId: who.user.registrationId, password: who.password } };
    },
    expected: all(200),
  },
  'POST /api/v1/users/logout': { request: () => ({ method: 'POST', url: paths.users.logout }), expected: loggedIn(200) },
  'GET /api/v1/users/current-user': { request: () => ({ method: 'GET', url: paths.users.currentUser }), expected: loggedIn(200) },
  'PATCH /api/v1/users/avatar': {
    request: () => ({ method: 'PATCH', url: paths.users.avatar, ...multipart({}, pngAvatar()) }),
    expected: loggedIn(200),
  },
  'PATCH /api/v1/users/update-account': {
    request: (actor) => ({
      method: 'PATCH',
      url: paths.users.updateAccount,
      payload: { email: `${actor}-renamed@campus.test`, fullname: 'Renamed', branch: 'Civil Engineering', semester: 4 },
    }),
    expected: loggedIn(200),
  },
  'POST /api/v1/users/change-password': {
    request: (actor, actors) => ({ method: 'POST', url: paths.users.changePassword, payload: { oldpassword: passwordOf(actor, actors), newpassword: 'an entirely new passphrase' } }),
    expected: loggedIn(200),
  },
  'GET /api/v1/users/getuser/:userId': {
    request: (_actor, actors) => ({ method: 'GET', url: paths.users.getUser(actors.student.user._id) }),
    expected: { anonymous: 401, student: 200, otherStudent: 404, professor: 404, otherProfessor: 404, examOffice: 200 },
  },
  'GET /files/:id': {
    request: (_actor, actors) => ({ method: 'GET', url: actors.student.user.avatar }),
    expected: loggedIn(200),
  },
};

/** Routes that are not part of the API surface: Swagger UI's pages and assets. */
const EXCLUDED = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const guardedRoutes = () =>
  ctx.routes
    .filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/files')) && !EXCLUDED(r.url))
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`));

describe('authorization matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = guardedRoutes().sort();
    expect(registered.length).toBeGreaterThan(5);
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}`, async () => {
      // Each actor is a different account, so one actor's logout or password change cannot
      // affect another's call; anonymous goes first, before anyone changed anything.
      const actors = await buildActors(ctx.app);
      const got: Record<string, number> = {};
      for (const actor of ACTOR_NAMES) {
        const options = row.request(actor, actors);
        const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...cookieOf(actors, actor) } });
        got[actor] = res.statusCode;
        expect(res.headers['content-type'] ?? '', `${route} as ${actor}`).not.toContain('text/html');
      }
      expect(got).toEqual(row.expected);
    });
  }
});
