/**
 * The words only the administration's pages need: their search and filters, a user's roles and
 * state, the roster's upload, and the refusals and successes of those calls. Added to lib/words
 * when this module loads, which only those pages do (features/admin/RequireAdmin.tsx), so the
 * first load of every other page stays without them. `words.test.ts` loads it too, and holds
 * every contract message to a sentence as before.
 */
import { REFUSALS, SUCCESSES } from '@campus/contract/messages';
import { addWords, TRY_AGAIN } from './words';

addWords({
  fields: {
    q: { noun: 'search', ask: 'Enter a registration id, or part of a name or email' },
    active: { noun: 'state', ask: 'Choose active or deactivated' },
    isAdmin: { noun: 'administrator role', ask: 'Choose whether they are an administrator' },
    isExamOffice: { noun: 'exam office role', ask: 'Choose whether they are in the exam office' },
    // Paging through the audit log, which the app sets itself: nothing for the reader to fix.
    actor: { noun: 'list', ask: 'Reload the page and try again' },
    target: { noun: 'list', ask: 'Reload the page and try again' },
    action: { noun: 'action', ask: 'Choose an action' },
    from: { noun: 'first day', ask: 'Choose the first day' },
    to: { noun: 'last day', ask: 'Choose the last day, on or after the first' },
    // The registrar's roster: the import's fields and the columns its messages name.
    kind: { noun: 'kind of file', ask: 'Choose what the file holds' },
    dryRun: { noun: 'preview', ask: 'Preview the file first' },
    file: { noun: 'file', ask: 'Choose a CSV file' },
    roster: { noun: 'roster file', ask: 'Choose a CSV file' },
    owner: { noun: 'owner', ask: 'Give the registration id of the professor who owns the course' },
    status: { noun: 'status', ask: 'Give the status' },
    // The roster page sends the column matching itself: a refusal means choosing the columns again.
    columns: { noun: 'column matching', ask: 'Match each of the file’s columns to a different roster column, or ignore it' },
  },
  rules: [
    ['must be student, professor, examOffice or admin', () => 'Choose a role from the list.'],
    ['is not a known action', () => 'Choose an action from the list.'],
    ["must be a JSON object of the file's column names, each to a roster column or to null to ignore it", () => 'Choose the file again: its columns could not be matched.'],
    ['must not be before From', () => 'Choose a last day on or after the first.'],
  ],
  exact: [
    [REFUSALS.lastAdmin, 'Someone must stay in charge: the last active administrator can be neither removed as administrator nor deactivated.'],
    [REFUSALS.rosterNotText, 'Choose a CSV file saved as UTF-8 text.'],
    // Written out, as sign-in-words.ts writes the campus sign-in's (why there), held to the contract by its type.
    ['only an administrator can test a sign-in provider' satisfies (typeof REFUSALS)['signInTestAdminsOnly'], 'Only an administrator can test a sign-in provider.'],
    ['Kind must be users, courses or enrolments', 'Choose whether the file holds users, courses or enrolments.'],
    ['Dry run must be true or false', TRY_AGAIN],
    [SUCCESSES.userUpdated, 'The user has been updated.'],
    [SUCCESSES.userResetLinkSent, 'A link to set a new password is on its way to their email.'],
    [SUCCESSES.userInvited, 'An invitation to set their password is on its way to their email. It works for 7 days.'],
    [SUCCESSES.importInvited, 'The invitations are on their way.'],
    [REFUSALS.inviteHasPassword, 'This account already has a password, so it needs no invitation. Send a reset link instead.'],
    [REFUSALS.inviteUnavailable, 'This portal cannot send emails, so it cannot send invitations.'],
  ],
});
