import { BRANCHES, SEMESTERS, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { draftingEnabled } from '../../platform/config/config';
import { refuse } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';

const { system } = api;
const route = contractRoutes('system');

/** Portal-wide calls: liveness and readiness (for load balancers and the e2e runner) and the public set-up. */
export async function systemRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...route(system.health, { access: 'anyone' }),
    handler: async (_request, reply) => {
      if (!(await app.database.ping())) throw refuse('database_unavailable');
      return ok(reply, { status: 'ok' as const }, 'healthy');
    },
  });

  app.route({
    ...route(system.ready, { access: 'anyone' }),
    handler: async (_request, reply) => {
      const { state } = app.lifecycle;
      if (state !== 'ready') throw refuse('instance_not_ready', { params: { state } });
      if (!(await app.database.ping())) throw refuse('database_unavailable');
      return ok(reply, { status: 'ready' as const }, 'ready');
    },
  });

  app.route({
    ...route(system.config, { access: 'anyone' }),
    handler: async (_request, reply) => {
      const config = app.config;
      return ok(
        reply,
        {
          examOfficeRegistrationId: config.examOffice.registrationId,
          professorSignupNeedsCode: config.staffSignupCode !== undefined,
          draftingEnabled: draftingEnabled(config),
          mailEnabled: config.mail !== undefined,
          signupOpen: config.signupOpen,
          passwordLogin: config.passwordLogin,
          campusTimeZone: config.campusTimeZone,
          campusName: config.campusName,
          examCentre: config.examCentre ?? null,
          supportContact: config.supportContact ?? null,
          branches: [...BRANCHES],
          semesters: [...SEMESTERS],
        },
        'config fetched successfully',
      );
    },
  });
}
