import { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX, api, todayIn } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { presentOwnEntry } from './audit.presenter';
import { csvRow } from '../../platform/http/csv';
import { AUDIT_CSV_HEADER, auditCsvRow } from './audit-csv';
import { eachAuditEntry, listAuditEntries } from './audit.queries';

const route = contractRoutes('users');
const adminRoute = contractRoutes('admin');

/** GET /users/activity: what was done to the caller's account and records, by anyone; GET /admin/audit.csv: the administrators' export. */
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
  app.route({
    ...adminRoute(api.admin.auditExport, { access: 'admin' }),
    handler: async (request, reply) => {
      const { actor, target, action, q, from, to } = request.query;
      const timeZone = app.config.campusTimeZone;
      const entries = eachAuditEntry(db, { actorId: actor, targetId: target, action, person: q, from, to, timeZone }, AUDIT_EXPORT_MAX);
      // Streamed a batch at a time: 50,000 rows never sit in memory at once.
      async function* rows() {
        yield csvRow(AUDIT_CSV_HEADER);
        for await (const entry of entries) yield auditCsvRow(entry);
      }
      const day = todayIn(timeZone, app.config.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows()));
    },
  });
}
