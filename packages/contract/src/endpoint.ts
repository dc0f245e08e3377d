/**
 * One endpoint of the API, written once: its method and path pattern, what it takes and what it
 * answers. The server registers its route from this (params, query, body and every response
 * schema, so the OpenAPI document is generated from it), and the web app's calls take it, so a call
 * cannot ask for the wrong path or read the wrong shape.
 */
import { z } from 'zod';
import { FILE_LIMITS, type FileKind } from './constants';
import { successSchema } from './envelope';
import type { RefusalCode } from './refusals';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';


/** A multipart body: its text fields, and the file field beside them with its kind's limits. */
export interface MultipartSpec {
  fields: z.ZodObject;
  /** `max`: how many files the field takes (1 unless said), each within its kind's limits. */
  file: { field: string; kind: FileKind; required: boolean; max?: number };
}

export interface Endpoint {
  method: Method;
  /** The pattern, `:name` for a segment: `/api/v1/courses/getcourse/:courseId`. */
  path: string;
  /** One line for the API docs. */
  summary: string;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body (uploads). */
  multipart?: MultipartSpec;
  /** The success envelope's `data`. */
  data: z.ZodType;
  /**
   * The success status; 200 unless said. 302 and 303: the answer sends the browser on (`Location`:
   * a page of the web app, or a sign-in provider), with no body; `data` is then `z.never()`.
   */
  status?: 200 | 201 | 302 | 303;
  /** Body types other than JSON it takes (the first is what the docs show first). */
  consumes?: readonly ('application/json' | 'application/x-www-form-urlencoded')[];
  /**
   * Refusals an endpoint gives because of what it is about (a missing course, someone else's course,
   * a second join, a rate limit of its own, a wrong password), or because a service it relies on
   * failed or is off, by their codes (refusals.ts). The server adds the ones every route of a kind
   * gives (platform/http/contract-route.ts): bad input for a route that takes input, a login and a
   * role by who may call it, the origin check for writes, the upload refusals for uploads.
   */
  errors?: readonly RefusalCode[];
  /** The answer is not the JSON envelope: the SSE stream, a file. */
  produces?: 'text/event-stream' | 'application/octet-stream' | 'text/calendar' | 'text/csv' | 'application/samlmetadata+xml' | 'application/jwk-set+json';
}

/** Declares an endpoint, keeping its literal types (the path's params, the schemas' shapes). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** A param's name ends at a dot, as the router reads it: `:token.ics` is `token`, then `.ics`. */
type NameOf<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** `'/a/:x/b/:y'` → `'x' | 'y'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? NameOf<Name> | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? NameOf<Name>
    : never;

/** The params of a path pattern as an ordered tuple of names. */
type PathParamList<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [NameOf<Name>, ...PathParamList<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [NameOf<Name>]
    : [];

export type PathParams<P extends string> = { [K in PathParamName<P>]: string | number };

/** What a successful call's `data` is. */
export type DataOf<E extends Endpoint> = z.output<E['data']>;
/** What a caller may send as the query string (before the server's coercions). */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
/** What a caller may send as the JSON body. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

const PARAM = /:([A-Za-z]+)/g;

/** The names of a pattern's `:params`, in order. */
export const paramNames = (pattern: string): string[] => [...pattern.matchAll(PARAM)].map((m) => m[1]!);

/** The pattern with each `:param` filled in, encoded. */
export function fillPath<P extends string>(pattern: P, params: PathParams<P>): string {
  return pattern.replace(PARAM, (_, name: string) => encodeURIComponent(String((params as Record<string, string | number>)[name])));
}

/**
 * The zod object of a pattern's params, every one a path segment: any text the server then looks
 * up (an unknown one is a 404, not a 400). Built when asked, not when this module loads: the web
 * app imports `fillPath` from here on every page, and a schema built at load would bring zod.
 */
export function paramsSchema(pattern: string): z.ZodObject | undefined {
  const names = paramNames(pattern);
  return names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((n) => [n, z.string().max(100)])));
}

/** The whole success envelope of an endpoint. */
export const successEnvelope = (e: Endpoint) => successSchema(e.data);

/** A file's limits in words, for the docs: "png or jpeg, at most 5 MB". */
export function fileLimitsText(kind: FileKind): string {
  const { types, size } = FILE_LIMITS[kind];
  return `one of ${types.join(', ')}; at most ${size}`;
}

/**
 * The multipart body as a schema for the docs only: the text fields and the file (binary). The
 * server reads the parts itself, streaming the file, and validates the fields with `fields`.
 */
export function multipartDocSchema(spec: MultipartSpec): z.ZodObject {
  const file = z.string().meta({ format: 'binary', description: fileLimitsText(spec.file.kind) });
  return spec.fields.extend({ [spec.file.field]: spec.file.required ? file : file.optional() });
}

/** A path builder per endpoint: the pattern itself when it has no params, else a function of them in order. */
type PathBuilder<P extends string> = PathParamList<P> extends [] ? P : (...args: ArgsFor<PathParamList<P>>) => string;
type ArgsFor<L> = L extends [string, ...infer Rest] ? [string | number, ...ArgsFor<Rest>] : [];

export type PathsOf<G> = {
  [K in keyof G]: G[K] extends Endpoint ? PathBuilder<G[K]['path']> : PathsOf<G[K]>;
};

const isEndpoint = (x: unknown): x is Endpoint => typeof x === 'object' && x !== null && 'method' in x && 'path' in x && 'data' in x;

/** The path builders of a table of endpoints (tests and links build URLs with them). */
export function pathsOf<G extends object>(table: G): PathsOf<G> {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]) => {
      if (!isEndpoint(value)) return [key, pathsOf(value as object)];
      const names = paramNames(value.path);
      if (names.length === 0) return [key, value.path];
      return [key, (...args: (string | number)[]) => fillPath(value.path, Object.fromEntries(names.map((n, i) => [n, args[i]!])))];
    }),
  ) as PathsOf<G>;
}
