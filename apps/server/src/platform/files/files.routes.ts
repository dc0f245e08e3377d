import { FILE_LIMITS, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema';
import { AppError, refuse } from '../errors/app-error';
import { contractRoute } from '../http/contract-route';
import { isUuid } from '../http/ids';
import { allowSameOriginFraming } from '../http/security-headers';
import { contentDisposition, downloadName } from './download-name';
import { findFile } from './files.service';

/** Pictures shown beside names, courses and events: inline, and the browser may keep them an hour. */
const PICTURE_KINDS = new Set(['avatar', 'thumbnail']);

/** Types a browser shows by itself without running anything of the file's: the viewer page may ask for these inline. */
const VIEWABLE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** Notes and marksheets are private documents: no cache (a shared computer's disk included) keeps a copy. */
const cacheControl = (kind: string) => (PICTURE_KINDS.has(kind) ? 'private, max-age=3600' : 'no-store');

/**
 * The file a path id names, with its bytes, when `user` may read it. Every other case is the same
 * 404 — a malformed id, an unknown one, a file whose feature does not let this user read it
 * (their existence is private), bytes missing under a row — except a store that cannot be
 * reached, which says so (503).
 */
async function openReadable(app: FastifyInstance, user: UserRow, id: string) {
  if (!isUuid(id)) throw refuse('file_not_found');
  const file = await findFile(app.database.db, id);
  if (!file || !(file.kind in FILE_LIMITS) || !(await app.fileAccess.allows(user, file))) throw refuse('file_not_found');
  const stream = await app.fileStore.get(file.storageKey).catch((err: unknown) => {
    throw err instanceof AppError ? err : refuse('file_not_found');
  });
  return { file, stream };
}

/**
 * GET /files/:fileId: the bytes, for the users the file's kind allows (a URL alone gives no access).
 * Documents download (attachment) unless `?inline=1` asks to show a pdf, png or jpeg in the page.
 */
export async function filesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...contractRoute(api.files.download, 'files', { access: 'user' }),
    handler: async (request, reply) => {
      const { file, stream } = await openReadable(app, request.user!, request.params.fileId);
      const { inline } = request.query;
      const shown = PICTURE_KINDS.has(file.kind) || (inline === '1' && VIEWABLE_TYPES.has(file.contentType));
      if (shown) allowSameOriginFraming(reply);
      const name = downloadName((await app.fileAccess.titleOf(file)) ?? file.originalName, file.contentType);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', contentDisposition(shown ? 'inline' : 'attachment', name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', cacheControl(file.kind))
        .send(stream);
    },
  });
}
