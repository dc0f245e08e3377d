/**
 * The server's fixed messages, written once: the server says them and the web app turns each
 * into a sentence for people (apps/web/src/lib/words.ts), keyed on these very strings. They stay
 * as they are on the wire, lowercase and terse, because existing clients compare them; no zod
 * here, so the web app's first load can read them.
 *
 * Messages that name a field are built from its label (labels.ts) by the field schemas
 * (fields.ts) and by `FIELD_MESSAGES` below; `MESSAGES` (constants.ts) holds the ones clients compare literally.
 */
import { fieldLabel as label } from './labels';

/** Refusals, by what they refuse. */
export const REFUSALS = {
  // Any route.
  loginRequired: 'you must be logged in',
  notAllowed: 'you are not allowed to do this',
  crossOrigin: 'cross-origin request refused',
  badHost: 'the Host header is not a valid host',
  notFound: 'not found',
  alreadyExists: 'already exists',
  requestTooLarge: 'request is too large',
  unsupportedType: 'unsupported content type',
  tooManyRequests: 'too many requests, try again later',
  invalidInput: 'invalid input',
  invalidRequest: 'invalid request',
  invalidUrl: 'invalid request URL',
  paramTooLong: 'a path parameter is too long',
  notJson: 'request body is not valid JSON',
  emptyBody: 'request body is empty',
  bodyTooLarge: 'request body is too large',
  badContentLength: 'invalid content length',
  notMultipart: 'request must be multipart/form-data',
  fileTooLarge: 'file is too large',
  tooManyParts: 'too many parts in the form',
  tooManyFiles: 'too many files in the form',
  tooManyFields: 'too many fields in the form',
  badFieldName: 'invalid form field name',
  malformedMultipart: 'malformed multipart body',
  cutOff: 'the request did not arrive whole',
  internal: 'internal server error',
  storageUnavailable: 'file storage is unavailable; try again shortly',
  // Things that are not there (or not for this user).
  courseNotFound: 'course not found',
  notesNotFound: 'notes not found',
  eventNotFound: 'event not found',
  userNotFound: 'user not found',
  fileNotFound: 'file not found',
  marksheetNotFound: 'marksheet not found',
  applicantNotFound: 'applicant not found',
  applicationNotFound: 'request not found',
  notificationNotFound: 'notification not found',
  studentNotFound: 'student not found',
  studentNotEnrolled: 'student is not enrolled in this course',
  // Who may.
  courseOwnerOnly: 'only the owner of this course can do this',
  eventHostOnly: 'only the host of this event can delete it',
  eventHostOnlyEdit: 'only the host of this event can edit it',
  joinToReadNotes: 'join the course to read its notes',
  // Conflicts.
  /** A course number another course has (numbers are unique). */
  coursenumberTaken: `${label('coursenumber')} is already used by another course`,
  alreadyJoined: 'you have already joined this course',
  notJoined: 'you have not joined this course',
  alreadyApplied: 'you have already applied for this semester',
  marksheetExists: 'the marksheet for this semester already exists',
  marksheetUploadInProgress: 'another upload for this semester is in progress; try again',
  // Dates.
  /** A new or moved exam date before today (the campus's day). */
  examDateInPast: `${label('examDate')} must not be in the past`,
  /** One exam time without the other; the end not after the start. */
  examStartNeeded: `${label('examStart')} is needed with an end time (give both, or neither)`,
  examEndNeeded: `${label('examEnd')} is needed with a start time (give both, or neither)`,
  examEndBeforeStart: `${label('examEnd')} must be after the start time`,
  /** The exam office declines or answers a request that is no longer open. */
  applicationAnswered: 'this request has already been answered',
  /** An event (created, or moved) on a day already over on campus. */
  eventDayPast: `${label('date')} is in the past: choose today or a later day`,
  // Accounts.
  registrationIdTaken: `${label('registrationId')} is already registered`,
  emailTaken: `${label('email')} is already registered`,
  registrationIdReserved: `${label('registrationId')} is reserved for the exam office`,
  /** Login of a switched-off account, said only after its password was right. */
  accountDeactivated: 'account deactivated',
  /** A change that would leave the portal with no active administrator. */
  lastAdmin: 'the last active administrator can be neither demoted nor deactivated',
  /**
   * A student whose directory and roster gave no semester or branch, asking for something that
   * needs them (a marksheet request; the admit card says `admitCardNeedsCohort`): she chooses them
   * once (update-account).
   */
  chooseSemesterAndBranch: 'choose your semester and branch first',
  /** Public signup when SIGNUP=closed: accounts come from the roster or a campus sign-in provider. */
  signupClosed: 'signup is closed',
  // Campus sign-in: each is shown on the login page (/login?error=…) when a sign-in is refused.
  /** No role rule of the provider matched the campus account's claims: nothing was created. */
  noRole: 'your campus account has no role in this portal',
  /** PASSWORD_LOGIN=admins: a right password of an account that is no administrator. */
  passwordLoginAdminsOnly: 'password sign-in is for administrators only: use your campus account',
  signInProviderUnknown: 'no such sign-in provider',
  /** The provider could not be reached (its discovery document, its token endpoint). */
  signInUnavailable: 'the campus sign-in is not answering: try again shortly',
  /** The state (OIDC) or relay state (SAML) is unknown, spent or from another browser; or the sign-in took too long. */
  signInExpired: 'this sign-in has expired or was already used: start again',
  /** The provider answered with an error, or what it sent failed a check (signature, issuer, audience, nonce, time). */
  signInFailed: 'the campus sign-in could not be completed: start again',
  /** Another campus account of the same provider is already linked to the account with this registration id. */
  signInIdentityTaken: 'this registration ID is linked to another campus account',
  /** The campus account's email is another account's here (one with another registration ID). */
  signInEmailTaken: "your campus account's email is already used by another account here",
  /** A back-channel logout whose token fails a check, or was acted on before. */
  logoutTokenInvalid: 'the logout token is not valid',
  /** An admit card asked for before any of the student's courses has an exam date. */
  noExamDatesYet: 'no exam dates yet',
  /** An admit card asked for by a student whose semester or branch is not set yet (a first campus sign-in). */
  admitCardNeedsCohort: 'semester and branch must be set before an admit card is issued',
  /** A test sign-in started by someone who is no administrator. */
  signInTestAdminsOnly: 'only an administrator can test a sign-in provider',
  /** A roster import naming no file, or one that is not UTF-8 text. */
  rosterNotText: `${label('file')} must be a CSV file in UTF-8`,
  /** A student account given the exam office's role, or an exam office member made a student. */
  examOfficeProfessorsOnly: `${label('isExamOffice')}: only a professor account can be in the exam office`,
  staffCodeRequired: `A valid ${label('staffcode').toLowerCase()} is required`,
  /** Change-password's new password is the one it replaces. */
  samePassword: `${label('newpassword')} must be different from your current password`,
  resetUnavailable: 'password reset by email is not available: this server sends no email',
  /** An invitation to an account that already has a password: a reset link is what it needs. */
  inviteHasPassword: 'this user already has a password: send a reset link instead',
  /** An invitation sent by an administrator while the server sends no email. */
  inviteUnavailable: 'invitations are not available: this server sends no email',
  resetTokenUnknown: `${label('token')} is not valid; ask for a new reset link`,
  resetTokenUsed: `${label('token')} has already been used; ask for a new reset link`,
  resetTokenExpired: `${label('token')} has expired; ask for a new reset link`,
  emailTokenUnknown: `${label('token')} is not valid (a newer request replaces an older link); change your email again from your profile for a new link`,
  /** A token no link could hold (too long): the confirm-email body's own check. */
  emailTokenMalformed: `${label('token')} is not valid; change your email again from your profile for a new link`,
  emailTokenUsed: `${label('token')} has already been used: this email change is done`,
  emailTokenExpired: `${label('token')} has expired; change your email again from your profile for a new link`,
  unsubscribeInvalid: 'this unsubscribe link is not valid',
  // Events.
  draftingOff: 'description drafting is not configured on this server',
  draftingFailed: 'the text generator could not draft a description; try again or write your own',
  draftingTimedOut: 'the text generator did not answer in time; try again or write your own description',
} as const;

/**
 * What each rate limit says it counted; the 429's message is `<this>; try again in <time>`
 * (`rateLimitMessage`), time in words ("45 seconds", "3 minutes", "1 hour").
 */
export const LIMIT_REASONS = {
  signupsThisHour: 'too many signups from your network this hour',
  signupsJustNow: 'too many signups from your network just now',
  resetRequests: 'too many password reset requests from your network',
  loginAccountAddress: 'too many failed attempts for this account from your network',
  loginAddress: 'too many failed attempts from your network',
  loginAccount: 'too many failed attempts for this account; log in from a browser you have used here before, or wait',
  uploads: 'too many uploads this hour',
  notes: 'too many notes added this hour',
  courses: 'too many courses created this hour',
  events: 'too many events created this hour',
  drafts: 'too many descriptions drafted',
} as const;

export const rateLimitMessage = (reason: string, wait: string) => `${reason}; try again in ${wait}`;

/** Refusals that name a field or carry a number, as the server words them. */
export const FIELD_MESSAGES = {
  tooCommon: (field: string) => `${label(field)} is too common`,
  incorrect: (field: string) => `${label(field)} is incorrect`,
  emptyFile: (field: string) => `${label(field)} is empty`,
  tooLong: (field: string) => `${label(field)} is too long`,
  fileAtMost: (field: string, size: string) => `${label(field)} must be at most ${size}`,
  wrongType: (field: string, types: string) => `${label(field)} must be ${types}`,
  semesterAtMostApplicants: (semester: number) => `${label('semester')} must be at most the applicant's semester (${semester})`,
  /** An event today at a minute already gone on campus: the earliest it may start (HH:MM). */
  eventTimePast: (earliest: string) => `${label('time')} is in the past: an event today must start at ${earliest} (campus time) or later`,
  /** A managed account's fullname, semester or branch, changed by its owner. */
  setByRegistrar: (field: string) => `${label(field)} is set by the registrar and cannot be changed here`,
  /** A campus account's claim the provider did not release, or whose value the field refuses. */
  claimMissing: (field: string, claim: string) => `your campus account gave no ${label(field).toLowerCase()} (claim ${claim})`,
  claimInvalid: (claim: string, message: string) => `your campus account's ${claim} cannot be used: ${message}`,
  overQuota: (quota: string) => `this would take your uploads past your storage quota of ${quota}; delete some of your files first`,
} as const;

/** Successes the web app shows; the listings' "… fetched successfully" are never shown. */
export const SUCCESSES = {
  registered: 'user registered successfully',
  loggedIn: 'logged in successfully',
  loggedOut: 'logged out successfully',
  avatarUpdated: 'avatar updated successfully',
  accountUpdated: 'account updated successfully',
  accountUpdatedPendingEmail: 'account updated; the new email address takes effect once the link sent to it is opened',
  emailConfirmed: 'email address confirmed',
  passwordChanged: 'password changed successfully',
  resetLinkSent: 'if that account exists, a reset link is on its way to its email',
  passwordReset: 'password reset successfully',
  userUpdated: 'user updated successfully',
  userResetLinkSent: 'a reset link is on its way to the user’s email',
  userInvited: 'an invitation is on its way to the user’s email',
  importInvited: 'invitations are on their way',
  courseCreated: 'course created successfully',
  courseUpdated: 'course updated successfully',
  joined: 'joined the course successfully',
  left: 'left the course successfully',
  studentRemoved: 'student removed successfully',
  eventDeleted: 'event deleted successfully',
  courseThumbnailUpdated: 'course thumbnail updated successfully',
  applicationCreated: 'application created successfully',
  marksheetUploaded: 'marksheet uploaded successfully',
  applicationDeclined: 'request declined',
  preferencesSaved: 'preferences saved',
  feedReset: 'calendar feed address reset successfully',
  digestOff: 'you will get no more daily digests',
} as const;

/** The unsubscribe answer for one kind of notification. */
export const unsubscribedMessage = (kind: string) => `you will get no more emails about ${kind}`;
