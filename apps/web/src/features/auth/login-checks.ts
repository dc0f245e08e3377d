/**
 * The login form's check: the contract's loginBody, so the browser refuses exactly what the
 * server would, worded by the same codes. This module (and zod with it) loads on demand.
 */
import { loginBody, type LoginBody } from '@campus/contract/users';
import { sentencesByField } from '../../lib/checks';

export type LoginValues = { registrationId: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues | 'root', string>>;
export type LoginCheck = { ok: true; body: LoginBody } | { ok: false; errors: LoginErrors };

/** The form's values through loginBody: the body to send, or a sentence per field. */
export function checkLogin(values: LoginValues): LoginCheck {
  const result = loginBody.safeParse(values);
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: sentencesByField(result.error.issues) };
}
