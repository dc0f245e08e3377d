import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, refuse } from '../../platform/errors/app-error';
import { findFile } from '../../platform/files/files.service';
import { linkedFile } from './photo-links';

/**
 * GET /documents/photo/:link: the avatar a photo link names, while the link lasts. Anything else —
 * a link this portal did not make, one that has ended, one naming a file that is not an avatar
 * (a marksheet, a note) or is gone — is the same 404.
 */
export async function sendPhoto(app: FastifyInstance, link: string, reply: FastifyReply): Promise<FastifyReply> {
  const fileId = linkedFile(app.appSecret, link, app.config.now());
  const file = fileId ? await findFile(app.database.db, fileId) : undefined;
  if (!file || file.kind !== 'avatar') throw refuse('file_not_found');
  const stream = await app.fileStore.get(file.storageKey).catch((err: unknown) => {
    throw err instanceof AppError ? err : refuse('file_not_found');
  });
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    // The link ends in minutes: no cache keeps the picture past it.
    .header('cache-control', 'no-store')
    .send(stream);
}
