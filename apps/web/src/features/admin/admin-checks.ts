/**
 * The user page's form checks: the contract's own fields of PATCH admin/users (so the messages
 * match the server's), loaded on demand (lib/forms deferredResolver).
 */
import { adminUpdateUserBody } from '@campus/contract/admin';
import { zodResolver } from '@hookform/resolvers/zod';

export const detailsForm = adminUpdateUserBody.pick({ fullname: true, email: true, semester: true, branch: true, userrole: true }).required();

export const detailsResolver = zodResolver(detailsForm);
