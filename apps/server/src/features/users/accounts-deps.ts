import type { Db } from '../../platform/db/database';
import type { MailSecrets } from '../../platform/mail/mail-secrets';

/**
 * What changes to accounts need from outside the feature, bound once when the users routes
 * register: the database, whether the portal sends mail (a changed password is then told to its
 * address, and a new address waits for its link), and the clock, which tests set.
 */
export interface AccountsDeps {
  db: Db;
  mailOn: boolean;
  /** Seals a link's token in the mail queue (app.mailSecrets). */
  mailSecrets: MailSecrets;
  now: () => Date;
}

/** Who public signup may not be: the exam office's registration id, and the staff code professors give when one is set. */
export interface SignupRules {
  reservedRegistrationId: number;
  staffSignupCode: string | undefined;
}

/**
 * A staff account the server's own setup creates (EXAM_OFFICE_*, ADMIN_*) when its password is
 * set: its registration id, password and email.
 */
export interface SetupAccount {
  registrationId: number;
  password: string | undefined;
  email: string;
}
