import { z } from 'zod';
import { endpoint } from './endpoint';
import { FILES_PREFIX } from './prefix';
import { refusalMessage as says } from './refusals';

export { FILES_PREFIX, fileUrl } from './prefix';

/** `?inline=1` asks to show a pdf, png or jpeg in the page instead of downloading it. */
export const fileDownloadQuery = z.object({
  inline: z.enum(['0', '1'], { error: says('inline_invalid') }).optional(),
});

/** The download of an uploaded file. */
export const filesApi = {
  download: endpoint({
    method: 'GET',
    path: `${FILES_PREFIX}/:fileId`,
    summary: "A file's bytes, for the users its kind allows (404 for the others: a file's existence is private)",
    query: fileDownloadQuery,
    // No envelope: the answer is the bytes, with the stored type.
    data: z.never(),
    produces: 'application/octet-stream',
    // storage_unavailable: the store holding the bytes cannot be reached.
    errors: ['inline_invalid', 'file_not_found', 'storage_unavailable'],
  }),
};
