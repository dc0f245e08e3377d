/**
 * The password reset forms' checks, from the contract's schemas (the server's refusals, worded by
 * lib/checks), loaded on demand (see lib/forms deferredResolver).
 */
import { refusalMessage } from '@campus/contract/refusals';
import { forgotPasswordBody, resetPasswordBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { worded } from '../../lib/checks';

export const forgotPasswordResolver = worded(zodResolver(forgotPasswordBody));

/** The new password by the contract's rules, and a confirmation only the browser checks; the token comes from the link. */
export const resetPasswordForm = resetPasswordBody
  .pick({ newpassword: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.newpassword, { path: ['confirm'], error: refusalMessage('passwords_differ') });

export const resetPasswordResolver = worded(zodResolver(resetPasswordForm));
