import type { ApiEnvelope } from '@campus/contract/envelope';
import type { RefusalCode, RefusalParams } from '@campus/contract/refusals';
import { fillPath, type DataOf, type Endpoint, type MultipartSpec, type PathParamName, type PathParams } from '@campus/contract/endpoint';
import type { z } from 'zod';
import { SAVED_AT } from '../sw/names';
import { refusalSentence, TRY_AGAIN } from './words';

/**
 * A refused or failed call. `message` is the server's errors[0], its English, which the app
 * never shows: it words the refusal from `code`, `field` and `params` (`errorText`).
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    message: string,
    readonly errors: readonly string[] = [message],
    /**
     * The refusal's code (refusals.ts); absent when no code came (a proxy's error page, a network
     * failure). A code newer than this build is worded as "try again" (lib/words).
     */
    readonly code?: RefusalCode,
    /** The input the refusal concerns, when it concerns one. */
    readonly field?: string,
    /** The values the refusal's sentence needs. */
    readonly params: RefusalParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a successful call yields: the envelope's data and its message (shown in "Success" banners). */
export interface ApiResult<T> {
  data: T;
  message: string;
  /**
   * When the service worker saved this answer, if it came from its copy because the network
   * failed (src/sw/worker.ts); absent on an answer from the server.
   */
  savedAt?: string;
}

export const NETWORK_ERROR = 'Cannot reach the server. Check your connection and try again.';

let onUnauthorized: (code: string | undefined) => void = () => {};
/**
 * The auth layer says what a 401 means (the session is gone: forget the user, and why, from the
 * answer's `code`). Kept as a hook rather than an import so the client stays free of React and
 * the query cache.
 */
export function setUnauthorizedHandler(handler: (code: string | undefined) => void) {
  onUnauthorized = handler;
}

const fallbackErrors = (status: number) => [`Request failed (${status})`];

/** Turns a parsed envelope (or whatever a proxy sent instead) into data, or throws an ApiError. */
export function unwrap<T>(status: number, body: unknown, { quiet401 = false } = {}): ApiResult<T> {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<ApiEnvelope<T>>;
  if (envelope.success === true && status < 400) {
    return { data: envelope.data as T, message: envelope.message ?? '' };
  }
  const failure = envelope as { code?: unknown; field?: unknown; params?: unknown; errors?: unknown };
  const code = typeof failure.code === 'string' ? (failure.code as RefusalCode) : undefined;
  if (status === 401 && !quiet401) onUnauthorized(code);
  const listed = Array.isArray(failure.errors) ? failure.errors.filter((e) => typeof e === 'string') : [];
  const errors = listed.length > 0 ? listed : fallbackErrors(status);
  const field = typeof failure.field === 'string' ? failure.field : undefined;
  const params = typeof failure.params === 'object' && failure.params !== null ? (failure.params as RefusalParams) : {};
  throw new ApiError(status, errors[0]!, errors, code, field, params);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object travels as JSON, FormData as multipart. */
  body?: unknown;
  /**
   * For calls where a 401 is an answer rather than a lost session: login (wrong password),
   * current-user (nobody logged in) and logout (already logged out).
   */
  quiet401?: boolean;
  signal?: AbortSignal;
}

/**
 * One request with the envelope unwrapped. The session cookie rides along (same origin). The
 * transport under `call`: features call their contract endpoints with `call`, never a URL.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', body, quiet401, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers, body: payload, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const parsed: unknown = await res.json().catch(() => null);
  const result = unwrap<T>(res.status, parsed, { quiet401 });
  const savedAt = res.headers.get(SAVED_AT);
  if (savedAt) result.savedAt = savedAt;
  return result;
}

export interface UploadOptions {
  method?: 'POST' | 'PATCH';
  /** Called with whole percents, 0 to 100, as the body goes up. */
  onProgress?: (percent: number) => void;
}

/**
 * A multipart upload with progress, for the avatar ring now and the notes and marksheet bars
 * later. fetch reports no upload progress, so this one helper uses XMLHttpRequest; the answer
 * goes through the same envelope handling as every other call.
 */
export function upload<T>(path: string, form: FormData, { method = 'POST', onProgress }: UploadOptions = {}): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): unwrap reports it by status.
      }
      try {
        const result = unwrap<T>(xhr.status, body);
        onProgress?.(100);
        resolve(result);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    xhr.send(form);
  });
}

/**
 * The sentence to show in red for whatever a query or mutation threw: the refusal worded from its
 * code (lib/words). A call that never reached the server says so in the app's own words (the
 * ApiError of status 0 is made here, its message a sentence); a failure without a code (a proxy's
 * error page) or anything else thrown says to try again.
 */
export function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return TRY_AGAIN;
  if (err.code !== undefined) return refusalSentence({ code: err.code, field: err.field, params: err.params });
  return err.status === 0 ? err.message : TRY_AGAIN;
}

type ParamsPart<E extends Endpoint> = [PathParamName<E['path']>] extends [never] ? unknown : { params: PathParams<E['path']> };
type QueryPart<E extends Endpoint> = E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : unknown;
type FormPart = { form: FormData; onProgress?: (percent: number) => void };
/** A JSON body, a multipart form, or either where the endpoint takes both (a submission: files in the form, or resumable uploads named in JSON). */
type BodyPart<E extends Endpoint> = E['body'] extends z.ZodType
  ? E['multipart'] extends MultipartSpec
    ? { body: z.input<E['body']> } | FormPart
    : { body: z.input<E['body']> }
  : E['multipart'] extends MultipartSpec
    ? FormPart
    : unknown;

/** What a call to `E` takes: its path params, query, JSON body or multipart form, as the contract says. */
export type CallInput<E extends Endpoint> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & {
    signal?: AbortSignal;
    /** See RequestOptions. */
    quiet401?: boolean;
  };

/** Query values as text, leaving out the ones not given. */
function queryString(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
}

/**
 * The address of one endpoint, its path filled from `params` and `query` added: for what the
 * browser itself goes to rather than fetches (a campus sign-in's start, a provider's metadata).
 */
export function urlOf<const E extends Endpoint>(endpoint: E, input?: ParamsPart<E> & QueryPart<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  return (params ? fillPath(endpoint.path, params) : endpoint.path) + queryString(query);
}

/**
 * A call to one endpoint of the contract (`api.courses.get` …): the path is filled from
 * `params`, and the answer's `data` has the type the contract gives it, so a call cannot read a
 * shape the server does not send. A multipart form with `onProgress` goes up by `upload`.
 */
export function call<const E extends Endpoint>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<ApiResult<DataOf<E>>> {
  const { body, form, onProgress, signal, quiet401 } = (input ?? {}) as {
    body?: unknown;
    form?: FormData;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
    quiet401?: boolean;
  };
  const path = urlOf(endpoint, input as ParamsPart<E> & QueryPart<E> | undefined);
  const method = endpoint.method;
  if (form && onProgress) return upload<DataOf<E>>(path, form, { method: method === 'PATCH' ? 'PATCH' : 'POST', onProgress });
  return request<DataOf<E>>(path, { method, body: form ?? body, signal, quiet401 });
}
