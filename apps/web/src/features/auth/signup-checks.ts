/**
 * The signup form's checks: the contract's registerBody through zodResolver, so the browser
 * refuses exactly what the server would, with the same messages. Loads on demand with zod.
 */
import { requiredMessage } from '@campus/contract/labels';
import { registerBody } from '@campus/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';

/** The contract leaves staffcode optional; when the server asks for one the form requires it. */
const registerWithStaffCode = registerBody.refine((body) => (body.staffcode ?? '').trim().length > 0, {
  path: ['staffcode'],
  error: requiredMessage('staffcode'),
});

export const signupResolver = (needsStaffCode: boolean) => zodResolver(needsStaffCode ? registerWithStaffCode : registerBody);
