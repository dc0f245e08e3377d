/**
 * The signup form's checks: the contract's registerBody through zodResolver, so the browser
 * refuses exactly what the server would, worded by the same codes (lib/checks). Loads on demand with zod.
 */
import { requiredMessage } from '@campus/contract/refusals';
import { registerBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { worded } from '../../lib/checks';

/** The contract leaves staffcode optional; when the server asks for one the form requires it. */
const registerWithStaffCode = registerBody.refine((body) => (body.staffcode ?? '').trim().length > 0, {
  path: ['staffcode'],
  error: requiredMessage('staffcode'),
});

export const signupResolver = (needsStaffCode: boolean) => worded(zodResolver(needsStaffCode ? registerWithStaffCode : registerBody));
