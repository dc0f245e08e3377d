/**
 * The server's fixed success messages, written once. They stay as they are on the wire, lowercase
 * and terse, because existing clients compare them; the web app words what it did itself. Refusals
 * are in refusals.ts, by code. No zod here.
 */

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
