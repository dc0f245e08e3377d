import { z } from 'zod';
import { endpoint } from './endpoint';
import { API_PREFIX } from './prefix';
import { importCountsSchema } from './roster';
import { IMPORT_KINDS } from './roster-columns';

/** How many recent imports the administrator's home shows. */
export const ADMIN_HOME_IMPORTS = 5;

/**
 * What an administrator's home page shows at a glance: the roster's latest applied imports, how
 * many accounts are switched off, each sign-in provider's last successful sign-in (null: none
 * yet), and how many students with an exam ahead have no photo on their admit card.
 */
export const adminSummarySchema = z.object({
  imports: z.array(z.object({ _id: z.string(), kind: z.enum(IMPORT_KINDS), counts: importCountsSchema, createdAt: z.string() })),
  deactivated: z.number().int(),
  providers: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      lastSignedInAt: z.string().nullable(),
      /**
       * The addresses campus IT registers at the provider, on PUBLIC_ORIGIN: where the browser comes
       * back (OIDC: the redirect URI; SAML: the assertion consumer service), SAML's metadata, and
       * OIDC's back-channel logout URI (null where the kind has none).
       */
      callback: z.string(),
      metadata: z.string().nullable(),
      logout: z.string().nullable(),
    }),
  ),
  studentsWithoutPhoto: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** The administrator's home: one call for its cards. */
export const adminHomeApi = {
  summary: endpoint({
    method: 'GET',
    path: `${API_PREFIX}/admin/summary`,
    summary: "An administrator's home at a glance: recent imports, deactivated accounts, each provider's last sign-in, students without a photo",
    data: adminSummarySchema,
  }),
};
