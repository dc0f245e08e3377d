import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential, whatever the address: a reset link's or an email
 * confirmation's `token`, an unsubscribe link's, an identity provider's `code`, and anything
 * named like a token, secret, key or password. Their values are never logged. A rule on the
 * name rather than a list of routes: a page or route added later is covered as it comes.
 */
const CREDENTIAL_PARAM = /^(code|key|sig|signature)$|(token|secret|password|passwd|apikey|api_key)$/i;

export const REDACTED = 'REDACTED';

/** The URL as it may be logged: every credential's value in the query replaced, the rest as sent. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is hidden all the same.
        return eq < 0 ? pair : `${name}=${REDACTED}`;
      }
      return eq >= 0 && CREDENTIAL_PARAM.test(decoded.trim()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * One line per request, once it is answered: method, path, status and time. Fastify's default
 * writes two (received, completed), and a log line costs about as much as a small request's own
 * work. Pass as Fastify's `logController`.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A URL whose path is a credential (a calendar feed's token) is logged as its route's
    // pattern; any other with credentials in its query, with their values hidden.
    const url = request.routeOptions.config?.secretUrl ? request.routeOptions.url : loggableUrl(request.url);
    const line = { method: request.method, url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
