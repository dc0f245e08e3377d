import { api, todayIn } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors/envelope';
import { contractRoutes } from '../../platform/http/contract-route';
import { DocumentKeys } from './document-keys';
import { sendPhoto } from './photo-route';
import { photoLink } from './photo-links';
import { studentsWithoutPhoto } from './without-photo';
import { signedAdmitCard, signedMarksheet, verifyDocument, type DocumentsDeps } from './documents.service';

const { documents } = api;
const route = contractRoutes('documents');

/** Documents a gate can trust (contract: packages/contract/src/documents.ts). */
export async function documentsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps: DocumentsDeps = {
    db: app.database.db,
    keys: await DocumentKeys.open(app.database.db, { keyDays: app.config.documentKeyDays, revoked: app.config.documentKeysRevoked, now: app.config.now }),
    fileStore: app.fileStore,
    campusTimeZone: app.config.campusTimeZone,
    now: app.config.now,
    photoLink: (fileId) => photoLink(app.appSecret, fileId, app.config.now()),
  };

  app.route({
    ...route(documents.keys, { access: 'anyone' }),
    // Key-set clients read the set itself, not the envelope; caches may keep it a while.
    handler: async (_request, reply) => reply.type('application/jwk-set+json').header('cache-control', 'public, max-age=300').send(JSON.stringify(await deps.keys.jwks())),
  });

  app.route({
    ...route(documents.admitCard, { access: 'student' }),
    handler: async (request, reply) => ok(reply, await signedAdmitCard(deps, request.user!), 'admit card signed'),
  });

  app.route({
    ...route(documents.marksheet, { access: 'user' }),
    handler: async (request, reply) => ok(reply, await signedMarksheet(deps, request.user!, request.params.marksheetId), 'marksheet signed'),
  });

  app.route({
    ...route(documents.withoutPhoto, { access: 'examOffice' }),
    handler: async (_request, reply) => ok(reply, { students: await studentsWithoutPhoto(deps.db, todayIn(deps.campusTimeZone, deps.now())) }, 'students without a photo'),
  });

  app.route({
    ...route(documents.photo, { access: 'anyone' }),
    // The link decides, not a session: /verify shows it to whoever checks the document.
    handler: async (request, reply) => sendPhoto(app, request.params.link, reply),
  });

  app.route({
    ...route(documents.verify, { access: 'anyone' }),
    handler: async (request, reply) => ok(reply, await verifyDocument(deps, request.body.token), 'document checked'),
  });
}
