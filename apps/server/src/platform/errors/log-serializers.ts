/**
 * The logger's `err` serializer. A failed query's error carries the values it was given: Drizzle
 * writes them into its message ("Failed query: …\nparams: …") and `params`; the driver's error
 * (its `cause`) has `detail` ("Key (email)=(a@b.c) already exists."), `where`, `internalQuery`,
 * PGlite's `params` too, and PostgreSQL quotes a refused value in a data exception's message.
 * Those are emails, names and password hashes. The log keeps what finds the bug (the query text,
 * the SQLSTATE, the constraint, the stack) and nothing a client sent.
 */

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  aggregateErrors?: SerializedError[];
  [key: string]: unknown;
}

/** What of an error, at any level of `cause`, reaches the log: everything else is dropped. */
const KEPT = ['code', 'statusCode', 'errno', 'syscall', 'query', 'severity', 'constraint', 'schema', 'table', 'column', 'routine'] as const;

/** Causes nest a few levels (Drizzle, then the driver); deeper or circular chains stop here. */
const MAX_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** SQLSTATE class 22, data exception: PostgreSQL's message quotes the value it refused. */
const isDataException = (err: ErrorLike) => typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code);

/** The message without the values: Drizzle's `params:` part cut, a refused value's quotes emptied. */
function safeMessage(err: ErrorLike): string {
  const params = err.message.indexOf('\nparams: ');
  const message = params < 0 ? err.message : err.message.slice(0, params);
  // From the first quote to the last: a value may itself hold quotes.
  return isDataException(err) ? message.replace(/".*"/s, '"…"') : message;
}

/** The stack with its message replaced by the safe one; only the safe header if it cannot be found. */
function safeStack(err: ErrorLike, type: string, safe: string): string {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  if (err.message === safe && stack) return stack;
  const at = stack.indexOf(err.message);
  return at < 0 ? `${type}: ${safe}` : `${stack.slice(0, at)}${safe}${stack.slice(at + err.message.length)}`;
}

function serialize(err: ErrorLike, depth: number): SerializedError {
  const type = typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : String(err.name);
  const message = safeMessage(err);
  const out: SerializedError = { type, message, stack: safeStack(err, type, message) };
  for (const key of KEPT) if (err[key] !== undefined) out[key] = err[key];
  if (depth < MAX_DEPTH) {
    if (isErrorLike(err.cause)) out.cause = serialize(err.cause, depth + 1);
    if (Array.isArray(err.errors)) out.aggregateErrors = err.errors.filter(isErrorLike).map((e) => serialize(e, depth + 1));
  }
  return out;
}

/** pino's `err` serializer. Whatever was logged under `err` that is no error is shown as text. */
export function errSerializer(err: Error): SerializedError {
  const value: unknown = err;
  return isErrorLike(value) ? serialize(value, 0) : { type: typeof value, message: String(value), stack: '' };
}
