import { FILE_LIMITS, type FileKind, type RefusalCode } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isExamOffice } from '../auth/access';
import { refuse } from '../errors/app-error';
import { onRequestOfRoutes } from '../http/route-hooks';
import { limiter } from '../limits/limiter';
import { bytesUploadedBy } from './files.service';

/** What a multipart route takes: the file field and the kind whose limits apply (FILE_LIMITS in the contract). */
export interface UploadRoute {
  field: string;
  kind: FileKind;
  /** How many files the field takes (1 unless said), each within the kind's limits. */
  max?: number;
  /** What the files may add up to, where less than `max` of the largest (a submission's). */
  total?: TotalLimit;
}

/** A limit on a form's files together, refused with its own code and the size in words. */
export interface TotalLimit {
  maxBytes: number;
  refusal: Extract<RefusalCode, 'submission_too_large'>;
}

/** The multipart framing and the text fields beside the file, on top of the file's own limit. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const KB = 1024;
const MB = 1024 * KB;

/** "5 MB", "1024 MB", "300 KB": a size for people. */
const inWords = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);

export const fileTooLarge = (upload: UploadRoute) => refuse('file_too_large', { field: upload.field, params: { size: FILE_LIMITS[upload.kind].size } });

/** The files together past the route's `total`. */
export const filesTooLarge = (upload: UploadRoute & { total: TotalLimit }) => refuse(upload.total.refusal, { params: { size: inWords(upload.total.maxBytes) } });

/**
 * How many more bytes the caller may store, or undefined when no quota applies: signups (no
 * user yet; their limits are per address) and the exam office, which uploads every student's
 * marksheets.
 */
export async function quotaLeft(request: FastifyRequest): Promise<number | undefined> {
  const user = request.user;
  if (!user || isExamOffice(user)) return undefined;
  return request.server.config.uploadQuotaBytes - (await bytesUploadedBy(request.server.database.db, user.id));
}

export const quotaExceeded = (request: FastifyRequest) =>
  refuse('over_quota', { params: { quota: inWords(request.server.config.uploadQuotaBytes) } });

/**
 * What every upload route checks before it reads a byte of the body, so a refusal comes at
 * once: a declared length past the file's limit (413), the caller's uploads this hour (429) and
 * a full storage quota (413). Runs after the session is resolved (registered after auth).
 */
export function registerUploadGuard(app: FastifyInstance): void {
  const perUser = limiter(app, 'uploads', app.config.rateLimits.uploadsPerUser, 'uploads', (r) =>
    r.user && !isExamOffice(r.user) ? r.user.id : undefined,
  );
  onRequestOfRoutes(app, (route) => route.config?.upload !== undefined, async (request, reply) => {
    const upload = request.routeOptions.config!.upload!;
    const declared = Number(request.headers['content-length']);
    if (declared > FILE_LIMITS[upload.kind].maxBytes * (upload.max ?? 1) + FORM_OVERHEAD_BYTES) throw fileTooLarge(upload);
    if (upload.total && declared > upload.total.maxBytes + FORM_OVERHEAD_BYTES) throw filesTooLarge({ ...upload, total: upload.total });
    // A file read as it arrives and never kept (the roster's CSV) uses no storage.
    if (!FILE_LIMITS[upload.kind].stored) return;
    await perUser(request, reply);
    const left = await quotaLeft(request);
    if (left !== undefined && left <= 0) throw quotaExceeded(request);
  });
}
