import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, once it is answered: method, path, status and time. Fastify's default
 * writes two (received, completed), and a log line costs about as much as a small request's own
 * work. Pass as Fastify's `logController`.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A URL that holds a credential (a calendar feed's token) is logged as its route's pattern.
    const url = request.routeOptions.config?.secretUrl ? request.routeOptions.url : request.url;
    const line = { method: request.method, url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
