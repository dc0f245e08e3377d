/**
 * The profile forms' checks, from the contract's schemas (so the messages match the server's),
 * loaded on demand (see lib/forms deferredResolver).
 */
import { changePasswordFields, newPasswordDiffers, samePasswordIssue, updateAccountBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

export const updateAccountResolver = zodResolver(updateAccountBody);

/**
 * The contract's rules (its fields, and a new password other than the current one) plus a
 * confirmation that only the browser checks (it is never sent).
 */
export const changePasswordForm = changePasswordFields
  .extend({ confirm: z.string() })
  .refine(newPasswordDiffers, samePasswordIssue)
  .refine((v) => v.confirm === v.newpassword, { path: ['confirm'], error: 'The two new passwords differ' });

export const changePasswordResolver = zodResolver(changePasswordForm);
