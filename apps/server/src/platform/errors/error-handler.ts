import { REFUSALS } from '@campus/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidInputError, uniqueViolation } from '../db/constraint-errors';
import { AppError } from './app-error';
import { failureBody } from './envelope';
import { validationError } from './validation';

/** Which field a unique constraint protects, for a 409 that names it. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_registration_id_unique: REFUSALS.registrationIdTaken,
  users_email_lower_unique: REFUSALS.emailTaken,
  // Any write that gives a course another course's number: create-course, an import.
  courses_coursenumber_unique: REFUSALS.coursenumberTaken,
};

/** Fastify's own errors that are the client's fault, by code, with the message we give instead. */
const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, REFUSALS.notJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, REFUSALS.emptyBody],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, REFUSALS.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, REFUSALS.unsupportedType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, REFUSALS.badContentLength],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, REFUSALS.notMultipart],
  FST_REQ_FILE_TOO_LARGE: [413, REFUSALS.fileTooLarge],
  FST_PARTS_LIMIT: [413, REFUSALS.tooManyParts],
  FST_FILES_LIMIT: [413, REFUSALS.tooManyFiles],
  FST_FIELDS_LIMIT: [413, REFUSALS.tooManyFields],
  FST_PROTO_VIOLATION: [400, REFUSALS.badFieldName],
  FST_ERR_VALIDATION: [400, REFUSALS.invalidInput],
};

function toAppError(err: FastifyError): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    return validationError(err.validation.map((v) => ({ message: v.message ?? REFUSALS.invalidInput, path: v.instancePath.split('/').filter(Boolean) })));
  }
  const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  const constraint = uniqueViolation(err);
  if (constraint !== undefined) return new AppError(409, UNIQUE_MESSAGES[constraint] ?? REFUSALS.alreadyExists);
  if (isInvalidInputError(err)) return new AppError(400, REFUSALS.invalidInput);
  // Any other 4xx Fastify raised (e.g. 406, 431) is still the client's; keep its status, not its text.
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError(err.statusCode, REFUSALS.invalidRequest);
  }
  return undefined;
}

/**
 * Whether the client's connection ended before its request arrived whole: it left mid-body, or
 * the body watchdog dropped it for sending too slowly. Not `destroyed` alone: Node destroys a
 * request as soon as its body has been read whole (autoDestroy), so on a real socket that is
 * true of every finished body, and a conflict found after reading one is still the client's 409.
 * An injected request (app.inject) has no socket to lose.
 */
const cutOff = (raw: IncomingMessage) => raw.complete !== true && (raw.readableAborted || raw.socket?.destroyed === true);

/**
 * Errors the router raises before any hook runs (a malformed URL, an over-long parameter):
 * Fastify's `frameworkErrors` option, answered with the same envelope.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? REFUSALS.paramTooLong : REFUSALS.invalidUrl;
  reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(failureBody(status, message));
}

/**
 * One error handler for the whole app: every error becomes the error envelope (docs/product.md#envelope).
 * `notFoundFallback` answers unknown paths outside /api and /files (the web app's 404 page);
 * it returns false when it has nothing to send.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // The connection is gone (the client left, or was dropped for sending too slowly): whatever
    // failed for want of the rest of the body is nobody's bug, and no answer can reach anyone.
    if (cutOff(request.raw) && !(err instanceof AppError)) {
      request.log.info({ reqId: request.id, code: err.code }, 'the client went away before it was answered');
      return reply.code(400).send(failureBody(400, REFUSALS.cutOff));
    }
    const known = toAppError(err);
    if (known) {
      // Validation should refuse a value before the database has to: when it did not, that gap
      // is a bug worth seeing, even though the client's answer is an ordinary 400.
      if (isInvalidInputError(err)) request.log.warn({ err, reqId: request.id }, 'the database refused a client value as invalid input');
      return reply.code(known.statusCode).send(failureBody(known.statusCode, known.message, known.errors, known.code));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(failureBody(500, REFUSALS.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/files/');
    if (!isApi && notFoundFallback?.(request, reply)) return;
    if (!isApi) {
      reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return;
    }
    reply.code(404).send(failureBody(404, `route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
