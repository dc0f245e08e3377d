/**
 * The profile forms' checks, from the contract's schemas (the server's refusals, worded by
 * lib/checks), loaded on demand (see lib/forms deferredResolver).
 */
import { refusalMessage } from '@campus/contract/refusals';
import { changePasswordFields, newPasswordDiffers, samePasswordIssue, updateAccountBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { worded } from '../../lib/checks';

export const updateAccountResolver = worded(zodResolver(updateAccountBody));

/**
 * The contract's rules (its fields, and a new password other than the current one) plus a
 * confirmation that only the browser checks (it is never sent).
 */
export const changePasswordForm = changePasswordFields
  .extend({ confirm: z.string() })
  .refine(newPasswordDiffers, samePasswordIssue)
  .refine((v) => v.confirm === v.newpassword, { path: ['confirm'], error: refusalMessage('passwords_differ') });

export const changePasswordResolver = worded(zodResolver(changePasswordForm));
