/**
 * Every message the web app shows, said as a sentence a student understands. The API's
 * messages stay as they are on the wire ("invalid registration id or password": the original
 * clients compare them), and the contract's field messages name the field by its label
 * ("Exam date must be a date (YYYY-MM-DD)"); this module turns each into the app's voice
 * ("Enter the exam date."), keyed on the contract's own strings and builders, so a message the
 * contract changes or adds without a sentence here fails `words.test.ts`.
 *
 * One place calls it: the banners, the fields' inline errors and `errorText` (lib/api.ts), so a
 * page shows whatever it is given and gets the sentence. `sentence` is idempotent: a sentence
 * goes through unchanged.
 *
 * Only zod-free parts of the contract here: this is in every page's first load. The words only
 * the administration's pages need (its filters, the roster's upload) are in `admin-words.ts`,
 * and those of the campus sign-in (its refusals) in `sign-in-words.ts`: the pages that show them
 * load them, and they add themselves here (`addWords`), so no other page carries them.
 */
import { FILE_TYPES, MESSAGES } from '@campus/contract/constants';
import { fieldLabels, type LabelledField } from '@campus/contract/labels';
import { LIMIT_REASONS, REFUSALS, SUCCESSES } from '@campus/contract/messages';

export const TRY_AGAIN = 'Something went wrong. Please try again.';
const RELOAD = 'Something went wrong. Reload the page and try again.';

/** How a sentence speaks of a field, and how it asks for it. */
export interface FieldWords {
  noun: string;
  ask: string;
}

/** The fields only the administration's pages send, worded in admin-words.ts. */
export type AdminField = 'q' | 'active' | 'isAdmin' | 'isExamOffice' | 'actor' | 'target' | 'action' | 'from' | 'to' | 'kind' | 'dryRun' | 'columns' | 'file' | 'roster' | 'owner' | 'status';

/** How a sentence speaks of each field, and how it asks for it; the administration's are added with its pages. */
const FIELDS: Record<Exclude<LabelledField, AdminField>, FieldWords> & Partial<Record<AdminField, FieldWords>> = {
  registrationId: { noun: 'registration id', ask: 'Enter your registration id' },
  email: { noun: 'email address', ask: 'Enter your email address' },
  fullname: { noun: 'full name', ask: 'Enter your full name' },
  password: { noun: 'password', ask: 'Enter your password' },
  semester: { noun: 'semester', ask: 'Choose a semester' },
  branch: { noun: 'branch', ask: 'Choose a branch' },
  userrole: { noun: 'role', ask: 'Choose student or professor' },
  staffcode: { noun: 'staff signup code', ask: 'Enter the staff signup code' },
  oldpassword: { noun: 'current password', ask: 'Enter your current password' },
  currentPassword: { noun: 'current password', ask: 'Enter your current password' },
  newpassword: { noun: 'new password', ask: 'Enter a new password' },
  token: { noun: 'link', ask: 'Open the link from your email again' },
  confirm: { noun: 'confirmation', ask: 'Enter the new password again' },
  avatar: { noun: 'photo', ask: 'Choose a photo of yourself' },
  title: { noun: 'title', ask: 'Enter a title' },
  description: { noun: 'description', ask: 'Enter a description' },
  coursenumber: { noun: 'course number', ask: 'Enter the course number' },
  examDate: { noun: 'exam date', ask: 'Enter the exam date' },
  examCentre: { noun: 'exam centre', ask: 'Enter the exam centre' },
  examStart: { noun: 'exam start time', ask: 'Enter when the exam starts' },
  examEnd: { noun: 'exam end time', ask: 'Enter when the exam ends' },
  reason: { noun: 'reason', ask: 'Say why the request is declined' },
  thumbnail: { noun: 'picture', ask: 'Choose a picture' },
  filename: { noun: 'name', ask: 'Give the notes a name' },
  notesfile: { noun: 'notes file', ask: 'Choose the notes file' },
  date: { noun: 'date', ask: 'Enter a date' },
  time: { noun: 'time', ask: 'Enter a time' },
  venue: { noun: 'venue', ask: 'Enter the venue' },
  instagram: { noun: 'Instagram link', ask: 'Enter the Instagram link' },
  twitter: { noun: 'Twitter link', ask: 'Enter the Twitter link' },
  linkedin: { noun: 'LinkedIn link', ask: 'Enter the LinkedIn link' },
  gform: { noun: 'Google form link', ask: 'Enter the Google form link' },
  marksheet: { noun: 'marksheet', ask: 'Choose the marksheet file' },
  // Paging and stream parameters the app sets itself: nothing for the student to fix.
  limit: { noun: 'list', ask: 'Reload the page and try again' },
  cursor: { noun: 'list', ask: 'Reload the page and try again' },
  lastEventId: { noun: 'list', ask: 'Reload the page and try again' },
  // The administration's role filter shares the label "Role" with signup's userrole, so it stays here.
  role: { noun: 'role', ask: 'Choose a role' },
};

/** The notification kinds' labels (fieldLabel's fallback capitalises the key) and what they are about. */
const KINDS: Record<string, string> = { Courses: 'new courses', Notes: 'new notes', Marksheets: 'marksheets', Exams: 'exam dates' };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Label → field; two fields share "Current password", and say the same of it. */
const BY_LABEL = new Map<string, LabelledField>(
  (Object.entries(fieldLabels) as [LabelledField, string][]).map(([field, label]) => [label, field]),
);
const LABEL = `(${[...BY_LABEL.keys()].sort((a, b) => b.length - a.length).map(escape).join('|')})`;

/** The file types as the API names them ("pdf"), and as a sentence writes them ("PDF"). */
const TYPE_TITLES = new Map<string, string>(Object.values(FILE_TYPES).map(({ name, title }) => [name, title]));
const TYPE_NAME = new RegExp(`\\b(?:${[...TYPE_TITLES.keys()].map(escape).join('|')})\\b`, 'g');

type Field = FieldWords;
/** A pattern, and the sentence from its groups (undefined: not this one's to say after all). */
export type Rule = [RegExp, (...groups: string[]) => string | undefined];

/** A `<Label> …` message's tail, and its sentence from the field's words and the tail's groups. */
export type FieldRule = [string, (field: Field, ...groups: string[]) => string];

/** `<Label> …` messages: the field schemas' (fields.ts) and the server's FIELD_MESSAGES. */
const FIELD_RULES: FieldRule[] = [
  ['is required', (f) => `${f.ask}.`],
  ['must be text', (f) => `${f.ask}.`],
  ['contains a character that is not allowed', (f) => `Remove the unusual character from the ${f.noun}.`],
  ['must not contain a line break', (f) => `Write the ${f.noun} on one line.`],
  ['must be a number', (f) => `Use only digits for the ${f.noun}.`],
  ['must be a whole number', (f) => `Use only digits for the ${f.noun}.`],
  ['must be at least (\\d+)', (f, n) => `A ${f.noun} has at least ${n!.length} digits.`],
  ['is not valid', (f) => (f === FIELDS.token ? 'This link is not valid. Ask for a new one.' : f.noun === 'list' ? RELOAD : `That ${f.noun} is not valid.`)],
  ['is too large', (f) => `That ${f.noun} is too long. Check it and try again.`],
  ['must be between (\\d+) and (\\d+)', (f) => (f === FIELDS.semester ? 'Choose a semester from the list.' : RELOAD)],
  ['must be 1 \\(professor\\) or 2 \\(student\\)', (f) => `${f.ask}.`],
  ['must be true or false', (f) => `${f.ask}.`],
  ['must be (?:All or )?one of the nine branches', () => 'Choose a branch from the list.'],
  ['is too long', (f) => (f === FIELDS.token ? 'This link is not valid. Ask for a new one.' : `The ${f.noun} is too long. Shorten it and try again.`)],
  ['must be a valid email address', () => 'Enter an email address like name@example.com.'],
  ['must be at most (\\d+) characters', (f, n) => `Shorten the ${f.noun} to ${n} characters or fewer.`],
  ['must be at least (\\d+) characters', (f, n) => `Use at least ${n} characters for the ${f.noun}.`],
  ['is not a valid id', () => 'That address is not right. Go back and try again.'],
  ['must be a date \\(YYYY-MM-DD\\)', (f) => `${f.ask}.`],
  ['is not a real calendar date', (f) => `That ${f.noun} does not exist. Check the day and the month.`],
  ['must be HH:MM between 00:00 and 23:59', () => 'Enter a time of day, like 14:30.'],
  ['must start with http:// or https://', (f) => `Paste the whole ${f.noun}, as your browser’s address bar shows it.`],
  ['is too common', () => 'That password is too easy to guess. Choose a longer or less common one.'],
  ['is incorrect', (f) => `That ${f.noun} is not right.`],
  ['is empty', (f) => `That file is empty. Choose another ${f.noun}.`],
  ['must be at most (\\d+ [KM]B)', (f, size) => `Choose a ${f.noun} of ${size} or less.`],
  ['is set by the registrar and cannot be changed here', (f) => `The registrar sets your ${f.noun}: ask the registrar to change it.`],
  ["must be at most the applicant's semester \\((\\d+)\\)", (_f, n) => `This student is in semester ${n}. Choose semester ${n} or an earlier one.`],
  // A file's type: "must be a png or jpeg image", "must be a pdf, png or jpeg file".
  ['must be (an? .+)', (f, types) => `Choose a ${f.noun} that is ${types!.replace(TYPE_NAME, (name) => TYPE_TITLES.get(name)!)}.`],
  // The server's own wording for a rule the contract forgot to word ("<Label>: …").
  [': .+', (f) => `Check the ${f.noun} and try again.`],
];

const RATE_LIMITS: Record<string, string> = {
  [LIMIT_REASONS.signupsThisHour]: 'Many people have signed up from your network this hour.',
  [LIMIT_REASONS.signupsJustNow]: 'Many people are signing up from your network right now.',
  [LIMIT_REASONS.resetRequests]: 'Your network has asked for many password resets.',
  [LIMIT_REASONS.loginAccountAddress]: 'There have been too many wrong passwords for this account from your network.',
  [LIMIT_REASONS.loginAddress]: 'There have been too many wrong passwords from your network.',
  [LIMIT_REASONS.loginAccount]: 'There have been too many wrong passwords for this account. Log in from a browser you have used here before, or wait.',
  [LIMIT_REASONS.uploads]: 'You have uploaded many files this hour.',
  [LIMIT_REASONS.notes]: 'You have added many notes this hour.',
  [LIMIT_REASONS.courses]: 'You have created many courses this hour.',
  [LIMIT_REASONS.events]: 'You have created many events this hour.',
  [LIMIT_REASONS.drafts]: 'You have asked for many descriptions just now.',
};

/** A field rule as a pattern over every label; a field whose words have not arrived yet is not said. */
function fieldRule([tail, say]: FieldRule): Rule {
  return [
    new RegExp(`^${LABEL}${tail.startsWith(':') ? '' : ' '}${tail}$`),
    (label, ...groups) => {
      const field = FIELDS[BY_LABEL.get(label!)!];
      return field && say(field, ...groups);
    },
  ];
}

const RULES: Rule[] = [
  ...FIELD_RULES.map(fieldRule),
  [
    new RegExp(`^(${Object.keys(KINDS).join('|')}) must be inapp, immediate or daily$`),
    (kind) => `Choose how news of ${KINDS[kind!]} reaches you.`,
  ],
  [/^Give at least one of .+$/, () => 'Choose how at least one kind of notification reaches you.'],
  [
    new RegExp(`^(${Object.keys(RATE_LIMITS).map(escape).join('|')}); try again in (.+)$`),
    (reason, wait) => `${RATE_LIMITS[reason!]} Try again in ${wait}.`,
  ],
  [
    /^this would take your uploads past your storage quota of (.+); delete some of your files first$/,
    (quota) => `This would take your uploads past your ${quota} of storage. Delete some of your files first.`,
  ],
  [/^Time is in the past: an event today must start at (\d\d:\d\d) \(campus time\) or later$/, (earliest) => `That time has passed. An event today can start at ${earliest} or later.`],
  [/^you will get no more emails about (\w+)$/, (kind) => `You will get no more emails about ${kind}.`],
  [/^route \w+ \S+ not found$/, () => TRY_AGAIN],
  [/^Request failed \(\d+\)$/, () => TRY_AGAIN],
  [/^this instance is \w+$/, () => TRY_AGAIN],
];

/** The messages said word for word, by the contract's constants. */
const EXACT = new Map<string, string>([
  [MESSAGES.invalidLogin, 'That registration id or password is not right.'],
  [MESSAGES.avatarRequired, 'Choose a photo of yourself.'],
  [MESSAGES.cannotApply, 'You can ask only for the marksheets of semesters you have reached.'],
  // Add Event shows these very words (docs/product.md#messages-clients-compare).
  [MESSAGES.draftFailed, MESSAGES.draftFailed],
  [MESSAGES.courseDeleted, 'Course deleted.'],
  [MESSAGES.notesAdded, 'Notes added.'],
  [MESSAGES.notesDeleted, 'Notes deleted.'],
  [MESSAGES.eventCreated, 'Event created.'],
  [MESSAGES.eventUpdated, 'Event updated.'],

  [REFUSALS.loginRequired, 'Log in to continue.'],
  [REFUSALS.notAllowed, 'You cannot do that with your account.'],
  [REFUSALS.crossOrigin, 'This page was sent from another site, so it was refused. Open the portal and try again.'],
  [REFUSALS.badHost, 'That address is not right. Open the portal and try again.'],
  [REFUSALS.notFound, 'That could not be found. It may have been deleted.'],
  [REFUSALS.alreadyExists, 'That already exists.'],
  [REFUSALS.requestTooLarge, 'That is too large to send. Choose a smaller file.'],
  [REFUSALS.unsupportedType, TRY_AGAIN],
  [REFUSALS.tooManyRequests, 'You have done that many times just now. Wait a little and try again.'],
  [REFUSALS.invalidInput, 'Check what you entered and try again.'],
  [REFUSALS.invalidRequest, TRY_AGAIN],
  [REFUSALS.invalidUrl, 'That address is not right. Go back and try again.'],
  [REFUSALS.paramTooLong, 'That address is not right. Go back and try again.'],
  [REFUSALS.notJson, TRY_AGAIN],
  [REFUSALS.emptyBody, TRY_AGAIN],
  [REFUSALS.bodyTooLarge, 'That is too large to send. Shorten it and try again.'],
  [REFUSALS.badContentLength, TRY_AGAIN],
  [REFUSALS.notMultipart, TRY_AGAIN],
  [REFUSALS.fileTooLarge, 'That file is too large. Choose a smaller one.'],
  [REFUSALS.tooManyParts, TRY_AGAIN],
  [REFUSALS.tooManyFiles, 'Choose one file at a time.'],
  [REFUSALS.tooManyFields, TRY_AGAIN],
  [REFUSALS.badFieldName, TRY_AGAIN],
  [REFUSALS.malformedMultipart, 'The upload did not arrive whole. Try again.'],
  [REFUSALS.cutOff, 'The connection dropped before everything was sent. Try again.'],
  [REFUSALS.internal, TRY_AGAIN],
  [REFUSALS.storageUnavailable, 'Files cannot be reached just now. Try again in a minute.'],
  [REFUSALS.courseNotFound, 'This course no longer exists.'],
  [REFUSALS.notesNotFound, 'These notes no longer exist.'],
  [REFUSALS.eventNotFound, 'This event no longer exists.'],
  [REFUSALS.userNotFound, 'This person could not be found.'],
  [REFUSALS.fileNotFound, 'This file could not be found. It may have been deleted.'],
  [REFUSALS.marksheetNotFound, 'This marksheet has not been uploaded yet.'],
  [REFUSALS.applicantNotFound, 'This student could not be found.'],
  [REFUSALS.notificationNotFound, 'This notification no longer exists.'],
  [REFUSALS.studentNotFound, 'This student could not be found.'],
  [REFUSALS.studentNotEnrolled, 'This student is not in the course any more.'],
  [REFUSALS.courseOwnerOnly, 'Only the professor who created this course can do that.'],
  [REFUSALS.eventHostOnly, 'Only the host of this event can delete it.'],
  [REFUSALS.eventHostOnlyEdit, 'Only the host of this event can change it.'],
  [REFUSALS.joinToReadNotes, 'Join the course to read its notes.'],
  [REFUSALS.coursenumberTaken, 'Another course already has this course number. Check it, or choose another.'],
  [REFUSALS.examDateInPast, 'That exam date has passed. Choose today or a later day.'],
  [REFUSALS.examStartNeeded, 'Enter when the exam starts too, or leave both times empty.'],
  [REFUSALS.examEndNeeded, 'Enter when the exam ends too, or leave both times empty.'],
  [REFUSALS.examEndBeforeStart, 'The exam must end after it starts.'],
  [REFUSALS.applicationAnswered, 'This request has already been answered. Reload the page to see how.'],
  [REFUSALS.applicationNotFound, 'That request no longer exists.'],
  [REFUSALS.eventDayPast, 'That day has passed. Choose today or a later day.'],
  [REFUSALS.alreadyJoined, 'You have already joined this course.'],
  [REFUSALS.notJoined, 'You are not in this course.'],
  [REFUSALS.alreadyApplied, 'You have already asked for this semester’s marksheet.'],
  [REFUSALS.marksheetExists, 'The marksheet for this semester is already uploaded.'],
  [REFUSALS.marksheetUploadInProgress, 'Another upload for this semester is under way. Try again in a moment.'],
  [REFUSALS.registrationIdTaken, 'That registration id already has an account. Log in instead.'],
  [REFUSALS.emailTaken, 'That email address already belongs to an account.'],
  [REFUSALS.registrationIdReserved, 'That registration id belongs to the exam office. Check yours and try again.'],
  [REFUSALS.accountDeactivated, 'This account has been deactivated. Ask the campus administration to switch it on again.'],
  [REFUSALS.chooseSemesterAndBranch, 'Choose your semester and branch first.'],
  [REFUSALS.signupClosed, 'Signing up is closed here: your account comes from the campus. If you have none yet, ask the campus administration.'],
  [REFUSALS.staffCodeRequired, 'Enter the staff signup code the campus administration gave you.'],
  [REFUSALS.samePassword, 'Choose a new password that is different from your current one.'],
  [REFUSALS.resetUnavailable, 'This portal cannot send emails, so it cannot reset passwords. Ask the campus administration for help.'],
  [REFUSALS.resetTokenUnknown, 'This link is not valid. Ask for a new one.'],
  [REFUSALS.resetTokenUsed, 'This link has already been used. Ask for a new one.'],
  [REFUSALS.resetTokenExpired, 'This link has expired. Ask for a new one.'],
  [REFUSALS.emailTokenUnknown, 'This link is not valid: a newer one may have replaced it. Change your email again from your profile for a new link.'],
  [REFUSALS.emailTokenMalformed, 'This link is not valid. Change your email again from your profile for a new one.'],
  [REFUSALS.emailTokenUsed, 'This link has already been used: your email change is done.'],
  [REFUSALS.emailTokenExpired, 'This link has expired. Change your email again from your profile for a new one.'],
  [REFUSALS.unsubscribeInvalid, 'This unsubscribe link is not valid. Change your email settings from your profile instead.'],
  [REFUSALS.draftingOff, 'Drafting descriptions is not available here. Write your own description.'],
  [REFUSALS.draftingFailed, 'A description could not be drafted. Try again, or write your own.'],
  [REFUSALS.draftingTimedOut, 'Drafting took too long. Try again, or write your own description.'],

  [SUCCESSES.registered, 'Your account is ready.'],
  [SUCCESSES.loggedIn, 'You are logged in.'],
  [SUCCESSES.loggedOut, 'You have logged out.'],
  [SUCCESSES.avatarUpdated, 'Your photo has been updated.'],
  [SUCCESSES.accountUpdated, 'Your account has been updated.'],
  [SUCCESSES.accountUpdatedPendingEmail, 'Your account has been updated. Your new email address takes effect once you open the link we sent to it.'],
  [SUCCESSES.emailConfirmed, 'Your new email address is confirmed.'],
  [SUCCESSES.passwordChanged, 'Your password has been changed.'],
  [SUCCESSES.resetLinkSent, 'If that account exists, a reset link is on its way to its email address.'],
  [SUCCESSES.passwordReset, 'Your password has been reset.'],
  [SUCCESSES.courseCreated, 'Course created.'],
  [SUCCESSES.courseUpdated, 'Course updated.'],
  [SUCCESSES.joined, 'You have joined the course.'],
  [SUCCESSES.left, 'You have left the course.'],
  [SUCCESSES.studentRemoved, 'The student has been removed from the course.'],
  [SUCCESSES.eventDeleted, 'Event deleted.'],
  [SUCCESSES.courseThumbnailUpdated, 'The course picture has been changed.'],
  [SUCCESSES.applicationCreated, 'Your request has been sent to the exam office.'],
  [SUCCESSES.marksheetUploaded, 'Marksheet uploaded.'],
  [SUCCESSES.applicationDeclined, 'Request declined. The student has been told why.'],
  [SUCCESSES.preferencesSaved, 'Your choices have been saved.'],
  [SUCCESSES.feedReset, 'Your calendar feed has a new address.'],
  [SUCCESSES.digestOff, 'You will get no more daily digests.'],

  // The browser's own checks.
  ['The two new passwords differ', 'The two new passwords are not the same.'],
  ['List-Unsubscribe must be One-Click', 'This unsubscribe link is not complete. Open it from the email again.'],
  ['inline must be 1 or 0', TRY_AGAIN],
]);

/** The sentence for a message this module knows, or undefined. */
function known(message: string): string | undefined {
  const exact = EXACT.get(message);
  if (exact !== undefined) return exact;
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(message);
    const said = m ? say(...m.slice(1)) : undefined;
    if (said !== undefined) return said;
  }
  return undefined;
}

/**
 * Words a part of the app loaded later brings with it (admin-words.ts, sign-in-words.ts): its
 * fields' words, its rules (field rules and whole patterns, tried before the others), and its
 * messages said word for word.
 */
export function addWords(words: { fields?: Record<AdminField, FieldWords>; rules?: FieldRule[]; patterns?: Rule[]; exact: [string, string][] }) {
  Object.assign(FIELDS, words.fields);
  RULES.unshift(...(words.rules ?? []).map(fieldRule), ...(words.patterns ?? []));
  for (const [message, said] of words.exact) EXACT.set(message, said);
}

/** Whether `message` has a sentence of its own here (the test holds every contract message to it). */
export const hasSentence = (message: string) => known(message.trim()) !== undefined;

/**
 * `message` as the app says it. A message nobody wrote a sentence for still reads as one:
 * capitalised, its clauses ("…; try again") made sentences, ending with a full stop.
 */
export function sentence(message: string | null | undefined): string {
  const text = (message ?? '').trim();
  if (text === '') return TRY_AGAIN;
  const said = known(text);
  if (said !== undefined) return said;
  const clauses = text.split(/;\s+/).map((clause) => capital(clause.trim()));
  return clauses.map((clause) => (/[.!?]$/.test(clause) ? clause : `${clause}.`)).join(' ');
}
