import { ADMIN_HOME_IMPORTS, api, paths, todayIn, type ImportCounts, type ImportKind } from '@campus/contract';
import { and, count, desc, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identities, rosterImports, users } from '../../db/schema';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { countStudentsWithoutPhoto } from '../documents';

const route = contractRoutes('admin');

/**
 * GET /admin/summary: the administrator's home cards in one call. Each part is one statement: the
 * latest applied imports, a count of switched-off accounts, each provider's latest sign-in (the
 * newest `last_signed_in_at` of its identities: a sign-in that worked), and the students the exam
 * office still needs a photo from.
 */
export async function adminHomeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // The configuration requires PUBLIC_ORIGIN whenever there is a provider: the addresses are on it.
  const origin = app.config.publicOrigin ?? '';

  app.route({
    ...route(api.admin.summary, { access: 'admin' }),
    handler: async (_request, reply) => {
      const now = app.config.now();
      const [imports, [deactivated], lastSignIns, withoutPhoto] = await Promise.all([
        db
          .select({ id: rosterImports.id, kind: rosterImports.kind, counts: rosterImports.counts, createdAt: rosterImports.createdAt })
          .from(rosterImports)
          .where(and(eq(rosterImports.dryRun, false), eq(rosterImports.status, 'applied')))
          .orderBy(desc(rosterImports.createdAt))
          .limit(ADMIN_HOME_IMPORTS),
        db.select({ n: count() }).from(users).where(eq(users.active, false)),
        db.select({ provider: identities.provider, at: max(identities.lastSignedInAt) }).from(identities).groupBy(identities.provider),
        countStudentsWithoutPhoto(db, todayIn(app.config.campusTimeZone, now)),
      ]);
      const lastAt = new Map(lastSignIns.map((row) => [row.provider, row.at]));
      return ok(
        reply,
        {
          imports: imports.map((i) => ({ _id: i.id, kind: i.kind as ImportKind, counts: i.counts as ImportCounts, createdAt: i.createdAt.toISOString() })),
          deactivated: deactivated?.n ?? 0,
          // Every configured provider, in AUTH_PROVIDERS' order; one removed since is not shown.
          providers: app.config.signInProviders.map((p) => ({
            id: p.id,
            label: p.label,
            lastSignedInAt: lastAt.get(p.id)?.toISOString() ?? null,
            callback: `${origin}${p.type === 'oidc' ? paths.auth.callback(p.id) : paths.auth.acs(p.id)}`,
            metadata: p.type === 'saml' ? `${origin}${paths.auth.metadata(p.id)}` : null,
            logout: p.type === 'oidc' ? `${origin}${paths.auth.backchannelLogout(p.id)}` : null,
          })),
          studentsWithoutPhoto: withoutPhoto,
        },
        'administration summary fetched successfully',
      );
    },
  });
}
