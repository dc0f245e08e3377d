import { z } from 'zod';
import { BRANCHES } from './constants';

/** GET /api/v1/config: what the browser needs to know about this server's set-up. */
export const portalConfigSchema = z.object({
  examOfficeRegistrationId: z.number().int(),
  professorSignupNeedsCode: z.boolean(),
  draftingEnabled: z.boolean(),
  campusTimeZone: z.string(),
  branches: z.array(z.enum(BRANCHES)),
  semesters: z.array(z.number().int()),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
