import { REFUSALS, type SessionEndCode } from '@campus/contract';

/**
 * The error catalogue: every refusal a route can make. The error handler turns these into the
 * error envelope (docs/product.md#envelope); anything else thrown is a bug and becomes a generic 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: string[];
  /** A reason for the client to act on, sent as the envelope's `code` (a 401's SessionEndCode). */
  code: string | undefined;

  constructor(statusCode: number, message: string, errors: string[] = [message]) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = errors.length > 0 ? errors : [message];
  }
}

export const badRequest = (message: string, errors?: string[]) => new AppError(400, message, errors);
export const unauthorized = (message: string = REFUSALS.loginRequired) => new AppError(401, message);
/** The 401 of a request whose session someone or something ended, saying why (decision 0034). */
export const sessionGone = (code: SessionEndCode) => Object.assign(unauthorized(), { code });
export const forbidden = (message: string = REFUSALS.notAllowed) => new AppError(403, message);
export const notFound = (message: string = REFUSALS.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message: string = REFUSALS.requestTooLarge) => new AppError(413, message);
export const unsupportedType = (message: string = REFUSALS.unsupportedType) => new AppError(415, message);
export const rateLimited = (message: string = REFUSALS.tooManyRequests) => new AppError(429, message);
export const serviceUnavailable = (message: string) => new AppError(503, message);
export const badGateway = (message: string) => new AppError(502, message);
