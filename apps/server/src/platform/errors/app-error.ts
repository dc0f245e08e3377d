/**
 * The error catalogue: every refusal a route can make. The error handler turns these into the
 * API.md error envelope; anything else thrown is a bug and becomes a generic 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: string[];

  constructor(statusCode: number, message: string, errors: string[] = [message]) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = errors.length > 0 ? errors : [message];
  }
}

export const badRequest = (message: string, errors?: string[]) => new AppError(400, message, errors);
export const unauthorized = (message = 'you must be logged in') => new AppError(401, message);
export const forbidden = (message = 'you are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message = 'request is too large') => new AppError(413, message);
export const unsupportedType = (message = 'unsupported content type') => new AppError(415, message);
export const rateLimited = (message = 'too many requests, try again later') => new AppError(429, message);
export const serviceUnavailable = (message: string) => new AppError(503, message);
export const badGateway = (message: string) => new AppError(502, message);
