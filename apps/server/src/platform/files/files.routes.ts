import { REFUSALS } from '@campus/contract';
import { FILE_LIMITS, api } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../errors/app-error';
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
 * GET /files/:fileId: the bytes, for the users the file's kind allows (a URL alone gives no access).
 * Documents download (attachment) unless `?inline=1` asks to show a pdf, png or jpeg in the page.
 */
export async function filesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...contractRoute(api.files.download, 'files', { access: 'user' }),
    handler: async (request, reply) => {
      const { fileId: id } = request.params;
      const { inline } = request.query;
      // A malformed id is simply an unknown file: 404, never a database error.
      if (!isUuid(id)) throw notFound(REFUSALS.fileNotFound);
      const file = await findFile(app.database.db, id);
      // Files the caller may not read are "not found" too: their existence is private.
      if (!file || !(file.kind in FILE_LIMITS) || !(await app.fileAccess.allows(request.user!, file))) throw notFound(REFUSALS.fileNotFound);
      // Bytes missing under a row are "not found" too; a store that cannot be reached says so (503).
      const stream = await app.fileStore.get(file.storageKey).catch((err: unknown) => {
        throw err instanceof AppError ? err : notFound(REFUSALS.fileNotFound);
      });
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
