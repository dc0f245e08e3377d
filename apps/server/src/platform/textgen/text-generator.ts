/**
 * What a feature asks the model: how to answer (sent as the system message where the wire format
 * has one, else before the request) and what to write. The features own their prompts.
 */
export interface Prompt {
  system: string;
  user: string;
}

/**
 * A configured text generation provider, answering a prompt with text. It runs on the server
 * only: the browser never sees the provider, its address or its key.
 */
export interface TextGenerator {
  /** The generated text for `prompt`; throws TextGenError when the provider fails or `signal` aborts. */
  draft(prompt: Prompt, signal: AbortSignal): Promise<string>;
}

export type TextGenFailure = 'timeout' | 'network' | 'status' | 'malformed' | 'empty';

/** A provider failure, described without the key, the prompt or the provider's body (safe to log). */
export class TextGenError extends Error {
  constructor(
    readonly reason: TextGenFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TextGenError';
  }
}

/**
 * POSTs JSON and answers the parsed JSON body. Every failure becomes a TextGenError: an abort
 * (the timeout), a network error, a non-2xx status, a body that is not JSON.
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body), signal });
  } catch (err) {
    throw failure(err, signal);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new TextGenError('status', `the provider answered ${res.status}`, res.status);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw failure(err, signal);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TextGenError('malformed', 'the provider answered something that is not JSON');
  }
}

function failure(err: unknown, signal: AbortSignal): TextGenError {
  if (signal.aborted) return new TextGenError('timeout', 'the provider did not answer in time');
  // fetch reports "fetch failed" with the socket error as its cause (an address, never a header).
  const detail = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
  return new TextGenError('network', `the provider could not be reached (${detail})`);
}

/** The non-empty text of a provider's answer, or a TextGenError. */
export function nonEmpty(text: unknown): string {
  if (typeof text !== 'string') throw new TextGenError('malformed', 'the provider answer has no text where expected');
  if (text.trim() === '') throw new TextGenError('empty', 'the provider answered an empty text');
  return text;
}
