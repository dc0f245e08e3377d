import { FILE_LIMITS, FILES_PREFIX } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../errors/app-error';
import { isUuid } from '../http/ids';
import { findFile } from './files.service';

/** Pictures shown beside names, courses and events: inline, and the browser may keep them an hour. */
const INLINE_KINDS = new Set(['avatar', 'thumbnail']);

/** Notes and marksheets are private documents: no cache (a shared computer's disk included) keeps a copy. */
const cacheControl = (kind: string) => (INLINE_KINDS.has(kind) ? 'private, max-age=3600' : 'no-store');

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name, nothing that could break the header. */
function contentDisposition(kind: string, name: string): string {
  const type = INLINE_KINDS.has(kind) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET /files/:id: the bytes, for the users the file's kind allows (a URL alone gives no access). */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${FILES_PREFIX}/:id`, {
    config: { access: 'user' },
    schema: { params: z.object({ id: z.string() }) },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      // A malformed id is simply an unknown file: 404, never a database error.
      if (!isUuid(id)) throw notFound('file not found');
      const file = await findFile(app.database.db, id);
      // Files the caller may not read are "not found" too: their existence is private.
      if (!file || !(file.kind in FILE_LIMITS) || !(await app.fileAccess.allows(request.user!, file))) throw notFound('file not found');
      // Bytes missing under a row are "not found" too; a store that cannot be reached says so (503).
      const stream = await app.fileStore.get(file.storageKey).catch((err: unknown) => {
        throw err instanceof AppError ? err : notFound('file not found');
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', contentDisposition(file.kind, file.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', cacheControl(file.kind))
        .send(stream);
    },
  });
}
