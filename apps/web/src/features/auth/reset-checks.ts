/**
 * The password reset forms' checks, from the contract's schemas (the server's messages), loaded
 * on demand (see lib/forms deferredResolver).
 */
import { forgotPasswordBody, resetPasswordBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

export const forgotPasswordResolver = zodResolver(forgotPasswordBody);

/** The new password by the contract's rules, and a confirmation only the browser checks; the token comes from the link. */
export const resetPasswordForm = resetPasswordBody
  .pick({ newpassword: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.newpassword, { path: ['confirm'], error: 'The two new passwords differ' });

export const resetPasswordResolver = zodResolver(resetPasswordForm);
