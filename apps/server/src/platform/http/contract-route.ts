import {
  apiFailureSchema,
  multipartDocSchema,
  paramsSchema,
  successSchema,
  type Endpoint,
  type PathParamName,
} from '@campus/contract';
import type { HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/access';

/** What the server adds to a contract endpoint: who may call it, and how it is answered. */
export interface RouteConfig {
  /** Who may call the route (deny by default: every /api route declares one). */
  access: Access;
  /** A big list asked for again and again: answered with an ETag, and 304 when unchanged. */
  etag?: boolean;
}

type ParamsOf<E extends Endpoint> = [PathParamName<E['path']>] extends [never] ? undefined : z.ZodObject<{ [K in PathParamName<E['path']>]: z.ZodString }>;

type SuccessStatus<E extends Endpoint> = E['status'] extends 201 ? 201 : 200;

/**
 * The response schemas, typed so Fastify holds each handler's return to the success envelope or
 * the failure one. A raw answer (a stream, a file's bytes) is not the envelope: its handler sends
 * what it sends.
 */
type ResponsesOf<E extends Endpoint> = E['produces'] extends string
  ? { [status: number]: unknown }
  : { [S in SuccessStatus<E>]: ReturnType<typeof successSchema<E['data']>> } & {
      [status: number]: typeof apiFailureSchema | ReturnType<typeof successSchema<E['data']>>;
    };

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const isWrite = (method: string) => method !== 'GET';

/** The 4xx a route can give: those of its kind, and those of its subject the contract names. */
function refusals(e: Endpoint, config: RouteConfig): number[] {
  const statuses = new Set<number>(e.errors ?? []);
  if (e.query || e.body || e.multipart || paramsSchema(e.path)) statuses.add(400);
  if (config.access !== 'anyone') statuses.add(401);
  if (config.access !== 'anyone' && config.access !== 'user') statuses.add(403);
  // The origin check refuses a cross-site write.
  if (isWrite(e.method)) statuses.add(403);
  if (e.multipart) [413, 415, 429].forEach((s) => statuses.add(s));
  return [...statuses].sort();
}

/** A documented answer that is not the JSON envelope: the event stream, a file's bytes. */
const rawAnswer = (contentType: string) => ({
  description: contentType === 'text/event-stream' ? 'Server-Sent Events' : "the file's bytes",
  content: { [contentType]: { schema: z.string() } },
});

/**
 * A route's method, URL and schemas from its contract endpoint, with the server's config:
 * `app.route({ ...contractRoute(api.courses.get, 'courses', { access: 'user' }), handler })`.
 * Params come from the path pattern, the query and JSON body from the contract, and every answer
 * it can give (success and refusals) is declared, so it is validated on the way out and documented.
 * A multipart body is documented here; the handler streams it (`platform/files`), and the file's
 * limits become `config.upload`.
 */
export function contractRoute<const E extends Endpoint>(e: E, tag: string, config: RouteConfig) {
  const success = e.status ?? 200;
  const response: Record<number, unknown> = e.produces
    ? { [success]: rawAnswer(e.produces) }
    : { [success]: successSchema(e.data) };
  for (const status of refusals(e, config)) response[status] = apiFailureSchema;
  return {
    method: e.method as HTTPMethods,
    url: e.path as E['path'],
    config: { ...config, ...(e.multipart ? { upload: { field: e.multipart.file.field, kind: e.multipart.file.kind } } : {}) },
    schema: {
      tags: [tag],
      summary: e.summary,
      // Keys only where the endpoint has them: Fastify warns about a schema given as undefined.
      ...(defined({ params: paramsSchema(e.path), querystring: e.query, body: e.body }) as {
        params: ParamsOf<E>;
        querystring: E['query'];
        body: E['body'];
      }),
      ...(e.multipart ? { consumes: ['multipart/form-data'], multipart: multipartDocSchema(e.multipart) } : {}),
      response: response as ResponsesOf<E>,
    },
  };
}

/** `contractRoute` with a feature's tag: `const route = contractRoutes('courses')`. */
export const contractRoutes =
  (tag: string) =>
  <const E extends Endpoint>(e: E, config: RouteConfig) =>
    contractRoute(e, tag, config);
