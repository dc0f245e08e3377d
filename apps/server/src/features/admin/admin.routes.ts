import { SUCCESSES, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { byRequest, listAuditEntries, presentEntry } from '../audit';
import { presentUser } from '../users';
import { presentUserPage } from './admin.presenter';
import { searchUsers } from './admin.search';
import { inviteUser, sendResetLink, updateUser, userOr404, type AdminDeps } from './admin.service';

const { admin } = api;
const route = contractRoutes('admin');

/** Every /api/v1/admin route of the contract (packages/contract/src/admin.ts): administrators only. */
export async function adminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps: AdminDeps = { db, mailOn: app.config.mail !== undefined, mailSecrets: app.mailSecrets, now: app.config.now };

  app.route({
    ...route(admin.users, { access: 'admin' }),
    handler: async (request, reply) => {
      const { users, nextCursor } = await searchUsers(db, request.query);
      return ok(reply, presentUserPage(users, nextCursor, app.config.now()), 'users fetched successfully');
    },
  });

  app.route({
    ...route(admin.user, { access: 'admin' }),
    handler: async (request, reply) => ok(reply, { user: presentUser(await userOr404(db, request.params.userId), app.config.now()) }, 'user fetched successfully'),
  });

  app.route({
    ...route(admin.updateUser, { access: 'admin' }),
    handler: async (request, reply) => {
      const user = await updateUser(deps, byRequest(request), request.params.userId, request.body);
      // No instance may keep serving the old row; a switched-off account's streams close.
      await app.sessions.accountChanged(user.id);
      return ok(reply, { user: presentUser(user, app.config.now()) }, SUCCESSES.userUpdated);
    },
  });

  app.route({
    ...route(admin.resetLink, { access: 'admin' }),
    handler: async (request, reply) => {
      await sendResetLink(deps, byRequest(request), request.params.userId, request.user!.fullname);
      return ok(reply, {}, SUCCESSES.userResetLinkSent);
    },
  });

  app.route({
    ...route(admin.invite, { access: 'admin' }),
    handler: async (request, reply) => {
      await inviteUser(deps, byRequest(request), request.params.userId, request.user!.fullname);
      return ok(reply, {}, SUCCESSES.userInvited);
    },
  });

  app.route({
    ...route(admin.audit, { access: 'admin' }),
    handler: async (request, reply) => {
      const { actor, target, action, q, from, to, limit, cursor } = request.query;
      const filter = { actorId: actor, targetId: target, action, person: q, from, to, timeZone: app.config.campusTimeZone };
      const { rows, nextCursor } = await listAuditEntries(db, filter, { limit, cursor });
      return ok(reply, { entries: rows.map(presentEntry), nextCursor }, 'audit entries fetched successfully');
    },
  });
}
