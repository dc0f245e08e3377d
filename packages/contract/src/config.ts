import { z } from 'zod';
import { BRANCHES } from './constants';
import { endpoint } from './endpoint';
import { API_PREFIX } from './prefix';

/** GET /api/v1/config: what the browser needs to know about this server's set-up. */
export const portalConfigSchema = z.object({
  examOfficeRegistrationId: z.number().int(),
  professorSignupNeedsCode: z.boolean(),
  draftingEnabled: z.boolean(),
  /** Whether the server sends email (SMTP_URL): without it, what needs mail (password reset, email notifications) is hidden. */
  mailEnabled: z.boolean(),
  /** Whether public signup is open (SIGNUP): closed, accounts come from the roster or a campus sign-in provider. */
  signupOpen: z.boolean(),
  /** PASSWORD_LOGIN: `on`, or `admins` when only administrators sign in with a password (everyone else through a campus provider). */
  passwordLogin: z.enum(['on', 'admins']),
  campusTimeZone: z.string(),
  /** The institution's name (CAMPUS_NAME), heading the admit card. */
  campusName: z.string(),
  /** The exam centre printed for a paper whose course names none (EXAM_CENTRE); null when unset. */
  examCentre: z.string().nullable(),
  /** Whom people ask about their account (SUPPORT_CONTACT: an email address or an office), named where one is switched off; null when unset. */
  supportContact: z.string().nullable(),
  branches: z.array(z.enum(BRANCHES)),
  semesters: z.array(z.number().int()),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({ status: z.literal('ready') });

/** Portal-wide calls: liveness and readiness (load balancers, the e2e runner) and the public set-up. */
export const systemApi = {
  health: endpoint({ method: 'GET', path: `${API_PREFIX}/health`, summary: 'Health: 200 when the database answers', data: healthSchema, errors: ['database_unavailable'] }),
  /** 200 while this instance takes traffic; 503 while it starts or drains. */
  ready: endpoint({
    method: 'GET',
    path: `${API_PREFIX}/health/ready`,
    summary: 'Readiness: 200 while this instance takes traffic; 503 while it starts or drains, or its database does not answer',
    data: readySchema,
    errors: ['instance_not_ready', 'database_unavailable'],
  }),
  config: endpoint({ method: 'GET', path: `${API_PREFIX}/config`, summary: 'What the web app needs to know about this server', data: portalConfigSchema }),
};
