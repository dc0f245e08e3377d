import { refusal, type ParamsOf, type RefusalCode } from '@campus/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidInputError, uniqueViolation } from '../db/constraint-errors';
import { AppError, refuse } from './app-error';
import { failureBody } from './envelope';
import { validationError } from './validation';

/** A code whose message needs no params: all the refusals below are. */
type Plain = { [C in RefusalCode]: ParamsOf<C> extends undefined ? C : never }[RefusalCode];

/** Which refusal a unique constraint's violation is: a 409 that names the field. */
const UNIQUE_REFUSALS: Record<string, Plain> = {
  users_registration_id_unique: 'registration_id_taken',
  users_email_lower_unique: 'email_taken',
  // Any write that gives a course another course's number: create-course, an import.
  courses_coursenumber_unique: 'coursenumber_taken',
};

/** Fastify's own errors that are the client's fault, by Fastify's code, with the refusal we give instead. */
const FASTIFY_ERRORS: Record<string, Plain> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'not_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_content_length',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not_multipart',
  FST_REQ_FILE_TOO_LARGE: 'upload_too_large',
  FST_PARTS_LIMIT: 'too_many_parts',
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_PROTO_VIOLATION: 'bad_field_name',
  FST_ERR_VALIDATION: 'invalid_input',
};

function toAppError(err: FastifyError): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    return validationError(
      err.validation.map((v) => ({
        message: v.message ?? refusal('invalid_input').message,
        path: v.instancePath.split('/').filter(Boolean),
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
        // fastify-type-provider-zod puts the rest of the zod issue in `params`, a custom issue's own `params` among it.
        params: (v.params as { params?: unknown }).params,
      })),
    );
  }
  const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
  if (known) return refuse(known);
  const constraint = uniqueViolation(err);
  if (constraint !== undefined) return refuse(UNIQUE_REFUSALS[constraint] ?? 'already_exists');
  if (isInvalidInputError(err)) return refuse('invalid_input');
  // Any other 4xx Fastify raised (e.g. 406, 431) is still the client's; keep its status, not its text.
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError({ ...refusal('invalid_request'), status: err.statusCode });
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
  const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'param_too_long' : 'invalid_url';
  reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(failureBody(new AppError({ ...refusal(code), status })));
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
      return reply.code(400).send(failureBody(refuse('request_cut_off')));
    }
    const known = toAppError(err);
    if (known) {
      // Validation should refuse a value before the database has to: when it did not, that gap
      // is a bug worth seeing, even though the client's answer is an ordinary 400.
      if (isInvalidInputError(err)) request.log.warn({ err, reqId: request.id }, 'the database refused a client value as invalid input');
      return reply.code(known.statusCode).send(failureBody(known));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(failureBody(refuse('internal_error')));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/files/');
    if (!isApi && notFoundFallback?.(request, reply)) return;
    if (!isApi) {
      reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return;
    }
    reply.code(404).send(failureBody(refuse('route_not_found', { params: { method: request.method, path: request.url.split('?')[0] ?? '' } })));
  });
}
