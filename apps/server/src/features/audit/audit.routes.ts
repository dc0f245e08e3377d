import { api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { presentOwnEntry } from './audit.presenter';
import { listAuditEntries } from './audit.queries';

const route = contractRoutes('users');

/** GET /users/activity: what was done to the caller's account and records, by anyone. */
export async function auditRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.route({
    ...route(api.users.activity, { access: 'user' }),
    handler: async (request, reply) => {
      const { limit, cursor } = request.query;
      // Only entries whose target is the caller: nobody reads another person's. Nor another
      // person's address: the ip of an entry someone else made is left out.
      const { rows, nextCursor } = await listAuditEntries(db, { targetId: request.user!.id }, { limit, cursor });
      return ok(reply, { entries: rows.map(presentOwnEntry(request.user!.id)), nextCursor }, 'activity fetched successfully');
    },
  });
}
