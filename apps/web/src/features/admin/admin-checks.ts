/**
 * The user page's form checks: the contract's own fields of PATCH admin/users (the server's
 * refusals, worded by lib/checks), loaded on demand (lib/forms deferredResolver).
 */
import { adminUpdateUserBody } from '@campus/contract/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { worded } from '../../lib/checks';

/** A select left at "—" (a user whose directory gave no semester or branch, still unknown) sends nothing for it. */
const leftUnset = (value: unknown) => (value === '' ? undefined : value);

export const detailsForm = adminUpdateUserBody
  .pick({ fullname: true, email: true, userrole: true })
  .required()
  .extend({
    semester: z.preprocess(leftUnset, adminUpdateUserBody.shape.semester),
    branch: z.preprocess(leftUnset, adminUpdateUserBody.shape.branch),
  });

export const detailsResolver = worded(zodResolver(detailsForm));
