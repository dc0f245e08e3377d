import type { ApiEnvelope } from '@campus/contract';

/** A refused or failed call: `message` is the server's errors[0], what the spec shows in red. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [message],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_ERROR = 'Cannot reach the server. Check your connection and try again.';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/** The auth layer registers what a 401 means (the session is gone: forget the user). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** Turns a parsed envelope (or anything else the server sent) into data or an ApiError. */
export function unwrap<T>(status: number, body: unknown, { quiet401 = false } = {}): { data: T; message: string } {
  const env = body as Partial<ApiEnvelope<T>> | null;
  if (env && typeof env === 'object' && env.success === true) {
    return { data: env.data as T, message: env.message ?? '' };
  }
  if (status === 401 && !quiet401) onUnauthorized();
  const errors = env && typeof env === 'object' && Array.isArray((env as { errors?: unknown }).errors)
    ? ((env as { errors: string[] }).errors.length ? (env as { errors: string[] }).errors : [`Request failed (${status})`])
    : [`Request failed (${status})`];
  throw new ApiError(status, errors[0]!, errors);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Login and current-user answer 401 as part of their meaning, not as "session lost". */
  quiet401?: boolean;
  signal?: AbortSignal;
}

/** One call to the API, with the envelope unwrapped. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; message: string }> {
  const { method = 'GET', body, quiet401, signal } = options;
  const init: RequestInit = { method, credentials: 'same-origin', signal, headers: { accept: 'application/json' } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const parsed = await res.json().catch(() => null);
  return unwrap<T>(res.status, parsed, { quiet401 });
}

/**
 * A multipart upload with progress (0–100), for the avatar ring and the upload bars.
 * fetch has no upload progress, so this one call uses XMLHttpRequest.
 */
export function upload<T>(
  path: string,
  form: FormData,
  { method = 'POST', onProgress }: { method?: 'POST' | 'PATCH'; onProgress?: (percent: number) => void } = {},
): Promise<{ data: T; message: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: handled as a failure below */
      }
      try {
        onProgress?.(100);
        resolve(unwrap<T>(xhr.status, body));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.send(form);
  });
}

/** The text to show for any error a query or mutation throws. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong. Please try again.';
}
