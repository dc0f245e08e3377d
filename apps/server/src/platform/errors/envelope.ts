import type { ApiFailure, ApiSuccess } from '@campus/contract';
import type { AppError } from './app-error';
import type { FastifyReply } from 'fastify';

/** Sends the success envelope; `statusCode` in the body always equals the HTTP status. */
export function ok<T>(reply: FastifyReply, data: T, message = 'success', status = 200): ApiSuccess<T> {
  reply.code(status);
  return { statusCode: status, data, message, success: true };
}

/** The error envelope of a refusal: its English beside its code, field and params. */
export function failureBody(e: AppError): ApiFailure {
  const body: ApiFailure = { statusCode: e.statusCode, data: null, message: e.message, errors: e.errors, success: false, code: e.code, params: e.params };
  if (e.field !== undefined) body.field = e.field;
  return body;
}


/** The success envelope around `dataJson` (data already written as JSON), as the JSON text `ok` would send. */
export const successJson = (dataJson: string, message = 'success', status = 200): string =>
  `{"statusCode":${status},"data":${dataJson},"message":${JSON.stringify(message)},"success":true}`;

/**
 * Sends the success envelope around `dataJson`, data already written as JSON (a large listing's
 * fast path): the same answer `ok` gives, as a string Fastify sends unchanged, past the response
 * schema's serializer. A test holds each such writer to its schema. It resolves once the answer is
 * out: an async handler that sent and returned at once would have Fastify send a second, empty
 * answer while the first still passed the onSend hooks (ETag, compression).
 */
export async function sendJson(reply: FastifyReply, dataJson: string, message = 'success', status = 200): Promise<void> {
  reply.code(status).type('application/json; charset=utf-8').send(successJson(dataJson, message, status));
  await reply;
}
