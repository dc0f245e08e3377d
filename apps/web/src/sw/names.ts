/**
 * What the page and the service worker (worker.ts) must agree on, in a module with no imports:
 * the page imports it into every first load (logout clears USER_CACHE), so it must stay a few
 * constants.
 */

/** The signed-in user's kept answers (who, courses, exam dates, admit card): deleted at logout. */
export const USER_CACHE = 'campus-user';
/** Answers that are the same for everyone (the portal's set-up, the public keys): kept at logout. */
export const PUBLIC_CACHE = 'campus-public';
/** The shell (index.html, scripts, styles) of one build: `campus-shell-<version>`. */
export const SHELL_PREFIX = 'campus-shell-';
/** Set by the worker on each answer it keeps: when it was saved (ISO 8601). Absent on an answer fresh from the server. */
export const SAVED_AT = 'x-campus-saved-at';
/** The worker's message to its pages when it saved one of the user's answers: the admit card re-reads whether it is saved. */
export const ANSWER_SAVED = 'campus-answer-saved';
