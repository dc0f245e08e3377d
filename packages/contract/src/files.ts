import { z } from 'zod';
import { endpoint } from './endpoint';
import { FILES_PREFIX } from './prefix';

export { FILES_PREFIX, fileUrl } from './prefix';

/** `?inline=1` asks to show a pdf, png or jpeg in the page instead of downloading it. */
export const fileDownloadQuery = z.object({
  inline: z.enum(['0', '1'], { error: 'inline must be 1 or 0' }).optional(),
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
    // 503: the store holding the bytes cannot be reached.
    errors: [404, 503],
  }),
};
