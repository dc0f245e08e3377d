import {
  FILE_LIMITS,
  INPUT_REFUSALS,
  REFUSAL_CATALOGUE,
  UPLOAD_REFUSALS,
  apiFailureSchema,
  multipartDocSchema,
  paramsSchema,
  successSchema,
  type Endpoint,
  type MultipartSpec,
  type PathParamName,
  type RefusalCode,
} from '@campus/contract';
import type { HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/access';
import type { TotalLimit } from '../files/upload-guard';

/** What the server adds to a contract endpoint: who may call it, and how it is answered. */
export interface RouteConfig {
  /** Who may call the route (deny by default: every /api route declares one). */
  access: Access;
  /** A big list asked for again and again: answered with an ETag, and 304 when unchanged. */
  etag?: boolean;
  /**
   * Another site may write here: a sign-in provider's browser POST (SAML) or its server's call
   * (back-channel logout), each proven by the provider's signature, not by coming from this site.
   */
  crossSite?: boolean;
  /** The URL itself is a credential (a calendar feed's): logs show the route's pattern instead. */
  secretUrl?: boolean;
  /** A several-file upload's limit on its files together (a submission's), checked with its files'. */
  uploadTotal?: TotalLimit;
}

type ParamsOf<E extends Endpoint> = [PathParamName<E['path']>] extends [never] ? undefined : z.ZodObject<{ [K in PathParamName<E['path']>]: z.ZodString }>;

type SuccessStatus<E extends Endpoint> = E['status'] extends 201 ? 201 : 200;

/**
 * The response schemas as Fastify's type provider reads them, so it holds each handler's return
 * to the success envelope or the failure one. A raw answer (a stream, a file's bytes) is not the
 * envelope: its handler sends what it sends. (At run time each is the `{ description, content }`
 * form, which Fastify serializes by content type and the docs describe.)
 */
type ResponsesOf<E extends Endpoint> = E['produces'] extends string
  ? { [status: number]: unknown }
  : E['status'] extends 302 | 303
    ? { [status: number]: typeof apiFailureSchema }
  : { [S in SuccessStatus<E>]: ReturnType<typeof successSchema<E['data']>> } & {
      [status: number]: typeof apiFailureSchema | ReturnType<typeof successSchema<E['data']>>;
    };

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const isWrite = (method: string) => method !== 'GET';

/**
 * What any route may answer whatever it is about: a Host header that is no host, a URL or request
 * Fastify cannot take, a connection cut mid-body, the database down.
 */
export const EVERY_ROUTE_REFUSALS: readonly RefusalCode[] = ['bad_host', 'invalid_url', 'param_too_long', 'invalid_request', 'request_cut_off', 'database_unavailable'];

/**
 * The refusals a route can give: those of its kind, and those of its subject the contract names.
 * The answers of the server tests are held to this list (test/refusal-check.ts).
 */
export function routeRefusals(e: Endpoint, config: Pick<RouteConfig, 'access' | 'crossSite'>): RefusalCode[] {
  const codes = new Set<RefusalCode>([...EVERY_ROUTE_REFUSALS, ...(e.errors ?? [])]);
  const add = (...more: RefusalCode[]) => more.forEach((c) => codes.add(c));
  if (e.query || e.body || e.multipart || paramsSchema(e.path)) add(...INPUT_REFUSALS);
  // A write's body is parsed whether or not the route takes one.
  if (isWrite(e.method)) add('not_json', 'empty_body', 'body_too_large', 'unsupported_type', 'bad_content_length');
  // A switched-off account's session ends with a 401 saying so (refusalAnswers lists it there).
  if (config.access !== 'anyone') add('login_required', 'session_ended', 'session_expired');
  if (config.access !== 'anyone' && config.access !== 'user') add('not_allowed');
  // The origin check refuses a cross-site write, where the route does not take them.
  if (isWrite(e.method) && !config.crossSite) add('cross_origin');
  // Uploads: a file too large or of the wrong type, and the per-user upload limit, which the
  // exam office is exempt from (platform/files/upload-guard.ts): a route only it may call is never
  // limited, nor one whose file is read and never kept (the roster's).
  if (e.multipart) {
    add(...UPLOAD_REFUSALS);
    if ((e.multipart.file.max ?? 1) > 1) add('too_many_items');
    if (config.access !== 'examOffice' && FILE_LIMITS[e.multipart.file.kind].stored) add('rate_limited');
  }
  return [...codes];
}

/** What each status of refusal means, for the docs; `code` says which, `errors[0]` the particulars. */
const REFUSALS: Record<number, string> = {
  400: 'Bad input (`field` names it) or a request the server cannot take',
  401: 'Not logged in (or the session ended: `code` says why)',
  403: 'Not allowed for this user, or a cross-site write',
  404: 'Not found (or not visible to this user)',
  409: 'Conflicts with the current state',
  413: 'Too large: the file, or the storage quota',
  415: 'Not a file type this field takes',
  429: 'Too many requests: Retry-After says when to try again',
  502: 'A service the portal relies on failed',
  503: 'Not available now: Retry-After says when to try again',
};

/** The docs' answers of a route's refusals: per status, the failure envelope with its codes. */
function refusalAnswers(codes: RefusalCode[]): Record<string, ReturnType<typeof answer>> {
  const byStatus = new Map<number, RefusalCode[]>();
  for (const code of codes) {
    const status = REFUSAL_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // A switched-off account's session ends with a 401 (app-error.ts, sessionGone): wherever a login is needed.
  if (codes.includes('login_required')) byStatus.get(401)?.push('account_deactivated');
  const failure = (list: RefusalCode[]) => apiFailureSchema.extend({ code: z.enum(list as [RefusalCode, ...RefusalCode[]]) });
  return {
    ...Object.fromEntries(
      [...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, answer(`${REFUSALS[status] ?? 'Refused'}. Codes: ${list.map((c) => `\`${c}\``).join(', ')}`, failure(list))]),
    ),
    // Any other status: a 4xx Fastify raised itself (406, 431…) keeps its status as `invalid_request`,
    // and a 500 is a bug. Listed so that an answer with any other code fails here too, whatever its status.
    '4xx': answer('Another refusal of the request itself. Codes: `invalid_request`', failure(['invalid_request'])),
    '5xx': answer('A bug (logged with the request id). Codes: `internal_error`', failure(['internal_error'])),
  };
}

/** An answer as the docs show it: a description and its content type's schema. */
const answer = (description: string, schema: z.ZodType, contentType = 'application/json') => ({
  description,
  content: { [contentType]: { schema } },
});

const PRODUCED: Record<NonNullable<Endpoint['produces']>, string> = {
  'text/event-stream': 'Server-Sent Events',
  'application/octet-stream': "The file's bytes",
  'text/calendar': 'An iCalendar file (RFC 5545)',
  'text/csv': 'A CSV file (RFC 4180), UTF-8',
  'application/samlmetadata+xml': 'SAML 2.0 metadata',
  'application/jwk-set+json': 'A JSON Web Key Set (RFC 7517), not the envelope',
};

const successDescription = (e: Endpoint) => (e.produces ? PRODUCED[e.produces] : e.status === 201 ? 'Created' : 'OK');

/**
 * A route's method, URL and schemas from its contract endpoint, with the server's config:
 * `app.route({ ...contractRoute(api.courses.get, 'courses', { access: 'user' }), handler })`.
 * Params come from the path pattern, the query and JSON body from the contract, and every answer
 * it can give (success and refusals) is declared, so it is validated on the way out and documented.
 * A multipart body is documented here; the handler streams it (`platform/files`), and the file's
 * limits become `config.upload`.
 */
export function contractRoute<const E extends Endpoint>(e: E, tag: string, config: RouteConfig) {
  const { uploadTotal, ...routeConfig } = config;
  const success = e.status ?? 200;
  const response: Record<number | string, unknown> = {
    // A redirect's answer is its Location; the body is empty.
    [success]:
      success === 302 || success === 303
        ? answer(success === 302 ? 'Found: the browser goes on to Location' : 'See Other: the browser goes on to the page in Location', z.literal(''), 'text/plain')
        : answer(successDescription(e), e.produces ? z.string() : successSchema(e.data), e.produces),
  };
  Object.assign(response, refusalAnswers(routeRefusals(e, config)));
  return {
    method: e.method as HTTPMethods,
    url: e.path as E['path'],
    config: { ...routeConfig, ...(e.multipart ? { upload: { field: e.multipart.file.field, kind: e.multipart.file.kind, ...defined({ max: e.multipart.file.max, total: uploadTotal }) } } : {}) },
    schema: {
      tags: [tag],
      summary: e.summary,
      // Keys only where the endpoint has them: Fastify warns about a schema given as undefined.
      // An endpoint with both a multipart form and a JSON body (a submission: files in the form,
      // or the ids of resumable uploads) takes either: a multipart request has no parsed body
      // (null: its handler streams the form), a JSON one is held to the body schema.
      ...(defined({ params: paramsSchema(e.path), querystring: e.query, body: e.body && e.multipart ? e.body.nullish() : e.body }) as {
        params: ParamsOf<E>;
        querystring: E['query'];
        body: E['multipart'] extends MultipartSpec ? (E['body'] extends z.ZodType ? z.ZodOptional<z.ZodNullable<E['body']>> : undefined) : E['body'];
      }),
      // (The docs show the form of such an endpoint; its JSON body is the contract's `body`.)
      ...(e.multipart ? { consumes: ['multipart/form-data'], multipart: multipartDocSchema(e.multipart) } : {}),
      ...(e.consumes ? { consumes: [...e.consumes] } : {}),
      response: response as ResponsesOf<E>,
    },
  };
}

/** `contractRoute` with a feature's tag: `const route = contractRoutes('courses')`. */
export const contractRoutes =
  (tag: string) =>
  <const E extends Endpoint>(e: E, config: RouteConfig) =>
    contractRoute(e, tag, config);
