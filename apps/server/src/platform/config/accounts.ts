import { z } from 'zod';
import { concern } from './concern';
import { optionalText, positiveInt } from './fields';

/**
 * Who may have an account and how long a sign-in lasts: the first exam office and administrator
 * accounts, who may sign up (SIGNUP, the staff code), sessions.
 */
export const accounts = concern({
  env: {
    EXAM_OFFICE_REGISTRATION_ID: positiveInt('EXAM_OFFICE_REGISTRATION_ID', 211070007),
    EXAM_OFFICE_PASSWORD: optionalText,
    EXAM_OFFICE_EMAIL: z.string().default('examoffice@campus.local'),
    ADMIN_REGISTRATION_ID: positiveInt('ADMIN_REGISTRATION_ID', 100000000),
    ADMIN_PASSWORD: optionalText,
    ADMIN_EMAIL: z.string().default('admin@campus.local'),
    STAFF_SIGNUP_CODE: optionalText,
    SIGNUP: z.enum(['open', 'closed'], { error: 'SIGNUP must be open or closed' }).default('open'),
    SESSION_IDLE_MINUTES: positiveInt('SESSION_IDLE_MINUTES', 60),
    SESSION_MAX_HOURS: positiveInt('SESSION_MAX_HOURS', 12),
  },
  config: (e) => ({
    examOffice: { registrationId: e.EXAM_OFFICE_REGISTRATION_ID, password: e.EXAM_OFFICE_PASSWORD, email: e.EXAM_OFFICE_EMAIL },
    admin: { registrationId: e.ADMIN_REGISTRATION_ID, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    staffSignupCode: e.STAFF_SIGNUP_CODE,
    /** SIGNUP=closed: no public signup; accounts come from the roster or a campus sign-in provider. */
    signupOpen: e.SIGNUP === 'open',
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
  }),
});
