import { BRANCHES, SEMESTERS, paths, type PortalConfig } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { draftingEnabled } from '../../platform/config/config';
import { serviceUnavailable } from '../../platform/errors/app-error';
import { ok } from '../../platform/errors/envelope';

/** Portal-wide calls: liveness and readiness (for load balancers and the e2e runner) and the public set-up. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get(paths.health, {
    config: { access: 'anyone' },
    schema: { tags: ['system'], summary: 'Health: 200 when the database answers' },
    handler: async (_request, reply) => {
      if (!(await app.database.ping())) throw serviceUnavailable('database unavailable');
      return ok(reply, { status: 'ok' as const }, 'healthy');
    },
  });

  app.get(paths.ready, {
    config: { access: 'anyone' },
    schema: { tags: ['system'], summary: 'Readiness: 200 while this instance takes traffic; 503 while it starts or drains, or its database does not answer' },
    handler: async (_request, reply) => {
      const { state } = app.lifecycle;
      if (state !== 'ready') throw serviceUnavailable(`this instance is ${state}`);
      if (!(await app.database.ping())) throw serviceUnavailable('database unavailable');
      return ok(reply, { status: 'ready' as const }, 'ready');
    },
  });

  app.get(paths.config, {
    config: { access: 'anyone' },
    schema: { tags: ['system'], summary: 'What the web app needs to know about this server' },
    handler: async (_request, reply) => {
      const config = app.config;
      const data: PortalConfig = {
        examOfficeRegistrationId: config.examOffice.registrationId,
        professorSignupNeedsCode: config.staffSignupCode !== undefined,
        draftingEnabled: draftingEnabled(config),
        campusTimeZone: config.campusTimeZone,
        branches: [...BRANCHES],
        semesters: [...SEMESTERS],
      };
      return ok(reply, data, 'config fetched successfully');
    },
  });
}
