import { refusal, type RefusalArgs, type RefusalCode, type RefusalParams, type SessionEndCode } from '@campus/contract';

/**
 * A refusal on its way to the client: a code of the contract's catalogue (refusals.ts), the input
 * it concerns, its params and its English. The error handler turns it into the error envelope
 * (docs/product.md#envelope); anything else thrown is a bug and becomes a generic 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: RefusalCode;
  readonly field: string | undefined;
  readonly params: RefusalParams;
  /** Every problem found, in English (`errors`); the first is the message. */
  readonly errors: string[];
  constructor(r: { code: RefusalCode; status: number; message: string; field?: string; params: RefusalParams }, errors: string[] = [r.message]) {
    super(r.message);
    this.name = 'AppError';
    this.statusCode = r.status;
    this.code = r.code;
    this.field = r.field;
    this.params = r.params;
    this.errors = errors.length > 0 ? errors : [r.message];
  }
}

/** The refusal `code`, to throw: `throw refuse('course_not_found')`, `throw refuse('field_required', { field: 'semester' })`. */
export const refuse = <C extends RefusalCode>(code: C, ...args: RefusalArgs<C>): AppError => new AppError(refusal(code, ...args));

/**
 * The 401 of a request whose session someone or something ended, saying why (decision 0034). A
 * switched-off account's keeps the code its login refusal has (`account_deactivated`), with the
 * 401 and the message of any request that needs a login.
 */
export const sessionGone = (code: SessionEndCode): AppError =>
  new AppError({ ...refusal('login_required'), code, status: 401 });
