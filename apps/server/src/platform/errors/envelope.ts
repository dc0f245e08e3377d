import type { ApiFailure, ApiSuccess } from '@campus/contract';
import type { FastifyReply } from 'fastify';

/** Sends the success envelope; `statusCode` in the body always equals the HTTP status. */
export function ok<T>(reply: FastifyReply, data: T, message = 'success', status = 200): ApiSuccess<T> {
  reply.code(status);
  return { statusCode: status, data, message, success: true };
}

export function failureBody(statusCode: number, message: string, errors: string[] = [message]): ApiFailure {
  return { statusCode, data: null, message, errors: errors.length > 0 ? errors : [message], success: false };
}

/**
 * The success envelope around `dataJson`, data already written as JSON (a large listing's fast
 * path): the same answer `ok` gives, as the string Fastify sends unchanged.
 */
export function okJson(reply: FastifyReply, dataJson: string, message = 'success', status = 200): string {
  reply.code(status).type('application/json; charset=utf-8');
  return `{"statusCode":${status},"data":${dataJson},"message":${JSON.stringify(message)},"success":true}`;
}
