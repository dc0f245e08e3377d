import type { AuditAction, AuditEntry, AuditPerson, FieldChange } from '@campus/contract/audit';
import { formatDay } from '../../lib/dates';

/**
 * An audit entry said as one sentence, "who did what to whom", the one place that words each
 * action: the administration's pages and My activity both read it. `you` is the reader's id on
 * their own activity, where they are "you"; an administrator reads everyone by name.
 */
export interface Reader {
  you?: string;
}

/**
 * How a changed field is called in a sentence, and how its values read; `bare` fields are named
 * without their values (a course's description is too long to quote).
 */
const FIELD_WORDS: Record<string, { noun: string; value?: (v: unknown) => string; bare?: true }> = {
  fullname: { noun: 'full name' },
  email: { noun: 'email address' },
  semester: { noun: 'semester' },
  branch: { noun: 'branch' },
  userrole: { noun: 'role', value: (v) => (v === 1 ? 'professor' : v === 2 ? 'student' : String(v)) },
  isExamOffice: { noun: 'exam office membership', value: (v) => (v === true ? 'member' : 'not a member') },
  isAdmin: { noun: 'administrator role', value: (v) => (v === true ? 'administrator' : 'not an administrator') },
  active: { noun: 'state', value: (v) => (v === true ? 'active' : 'deactivated') },
  // A course's, as the registrar's roster changes them.
  title: { noun: 'title' },
  description: { noun: 'description', bare: true },
  examDate: { noun: 'exam date', value: (v) => (typeof v === 'string' ? formatDay(v) : 'not set') },
  // Coursework marks, as a changed returned mark names them.
  finalMarks: { noun: 'final marks', value: (v) => (v === null || v === undefined ? 'none' : String(v)) },
};

const quoted = (v: unknown) => (typeof v === 'string' ? `“${v}”` : v === null || v === undefined ? 'nothing' : String(v));

/** "full name from “Ada” to “Ada King”", for each field that changed. */
export function changeList(changes: Record<string, FieldChange> | undefined): string {
  const said = Object.entries(changes ?? {}).map(([field, { from, to }]) => {
    const words = FIELD_WORDS[field] ?? { noun: field };
    const value = words.value ?? quoted;
    return words.bare ? words.noun : `${words.noun} from ${value(from)} to ${value(to)}`;
  });
  if (said.length <= 1) return said.join('');
  return `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
}

/** Who did what nobody did by hand: the registrar's roster, the campus directory a sign-in read (by its provider), or the portal. */
export function nobody(entry: AuditEntry): string {
  if (entry.action === 'import.applied') return 'the registrar’s roster';
  if (entry.details.provider) return `the campus directory (${entry.details.provider})`;
  return 'the portal';
}

/** The people of one entry, as its sentence names them. */
function cast(entry: AuditEntry, { you }: Reader) {
  const self = entry.actor !== null && entry.actor._id === entry.target._id;
  const named = (p: AuditPerson) => (p._id === you ? 'you' : p.fullname);
  const actor = entry.actor ? named(entry.actor) : nobody(entry);
  const target = self ? (entry.target._id === you ? 'yourself' : 'themselves') : named(entry.target);
  const whose = entry.target._id === you ? 'your' : self ? 'their' : `${entry.target.fullname}’s`;
  return { actor, target, whose };
}

const course = (entry: AuditEntry) => (entry.details.course ? `${entry.details.course.title} (course ${entry.details.course.coursenumber})` : 'a course');

/** The assignment or class test a coursework entry is about. */
const work = (entry: AuditEntry) => (entry.details.assignment ? `“${entry.details.assignment.title}”` : 'a piece of work');

type Cast = ReturnType<typeof cast>;

/** What the registrar keeps of an account it manages (the owner cannot change them). */
const KEPT = 'full name, semester and branch';

/** Everything but `managed` and `owner`, which a roster entry says in words of their own. */
const without = (changes: Record<string, FieldChange> | undefined, ...fields: string[]) =>
  Object.fromEntries(Object.entries(changes ?? {}).filter(([field]) => !fields.includes(field)));

/**
 * A roster import's entry (`import.applied`), by the kind of file and what its row did: an
 * account made or updated (and from then on kept by the registrar), a course made or changed
 * (on its owner's record), an enrolment made or ended (on the student's).
 */
function rosterSentence(e: AuditEntry, { actor, target, whose }: Cast): string {
  const { kind, action } = e.details.import ?? { kind: 'users', action: 'update' };
  const changes = e.details.changes;
  if (kind === 'enrolments') return action === 'remove' ? `${actor} removed ${target} from ${course(e)}` : `${actor} enrolled ${target} in ${course(e)}`;
  if (kind === 'courses') {
    if (action === 'create') return `${actor} created ${whose} course ${course(e)}`;
    const rest = changeList(without(changes, 'owner'));
    if (changes?.owner) return `${actor} made ${target} the owner of ${course(e)}${rest ? ` and changed its ${rest}` : ''}`;
    return `${actor} changed ${whose} course ${course(e)}${rest ? `: ${rest}` : ''}`;
  }
  if (action === 'create') return `${actor} created ${whose} account`;
  const rest = changeList(without(changes, 'managed'));
  const keeps = changes?.managed?.to === true ? `now ${actor === 'you' ? 'keep' : 'keeps'} ${whose} ${KEPT}` : '';
  if (!rest) return keeps ? `${actor} ${keeps}` : `${actor} changed ${whose} account`;
  return `${actor} changed ${whose} ${rest}${keeps ? `, and ${keeps}` : ''}`;
}

/** One sentence per action; what the entry's details hold is said where it matters. */
const SENTENCES: Record<AuditAction, (entry: AuditEntry, who: ReturnType<typeof cast>) => string> = {
  'user.updated': (e, { actor, whose }) => `${actor} changed ${whose} ${changeList(e.details.changes) || 'details'}`,
  'user.role_changed': (e, { actor, whose }) => `${actor} changed ${whose} ${changeList(e.details.changes) || 'roles'}`,
  'user.deactivated': (_e, { actor, whose }) => `${actor} deactivated ${whose} account`,
  'user.reactivated': (_e, { actor, whose }) => `${actor} reactivated ${whose} account`,
  'user.email_changed': (e, { actor, whose }) => `${actor} changed ${whose} ${changeList(e.details.changes) || 'email address'}`,
  'user.password_changed': (_e, { actor, whose }) => `${actor} changed ${whose} password`,
  'user.password_reset': (_e, { whose }) => `${whose} password was reset with an emailed link`,
  'user.reset_link_sent': (_e, { actor, target }) => `${actor} sent ${target} a link to set a new password`,
  'user.invited': (_e, { actor, target }) => `${actor} invited ${target} to set a first password`,
  'user.signed_in_new_device': (e, { actor, whose }) =>
    `${actor} signed in to ${whose} account from a new device${e.details.device ? ` (${e.details.device.browser} on ${e.details.device.os})` : ''}`,
  // The owner links, with their password, the campus account a sign-in found (`provider`, its label).
  'user.linked_identity': (e, { actor, whose }) => (e.details.provider ? `${actor} linked ${whose} ${e.details.provider}` : `${actor} linked ${whose} account to a campus sign-in`),
  'course.student_removed': (e, { actor, target }) => `${actor} removed ${target} from ${course(e)}`,
  'course.deleted': (e, { actor, target }) => `${actor} deleted ${course(e)}, which ${target === 'you' ? 'you were' : `${target} was`} enrolled in`,
  'marksheet.uploaded': (e, { actor, whose }) => `${actor} uploaded ${whose} marksheet${e.details.semester ? ` of semester ${e.details.semester}` : ''}`,
  'application.declined': (e, { actor, whose }) =>
    `${actor} declined ${whose} request for the marksheet${e.details.semester ? ` of semester ${e.details.semester}` : ''}${e.details.reason ? ` ("${e.details.reason}")` : ''}`,
  'import.applied': rosterSentence,
  'coursework.marks_returned': (e, { actor, whose }) => `${actor} returned ${whose} marks for ${work(e)} in ${course(e)}`,
  'coursework.marks_changed': (e, { actor, whose }) => `${actor} changed ${whose} returned marks for ${work(e)} in ${course(e)}${e.details.changes ? `: ${changeList(e.details.changes)}` : ''}`,
  'coursework.extension_granted': (e, { actor, target }) => `${actor} gave ${target} an extension for ${work(e)} in ${course(e)}`,
};

/** The entry as a sentence: capitalised, with a full stop. */
export function auditSentence(entry: AuditEntry, reader: Reader = {}): string {
  const said = SENTENCES[entry.action](entry, cast(entry, reader));
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}

/** Each action's name in the audit log's filter. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.updated': 'Details changed',
  'user.role_changed': 'Role changed',
  'user.deactivated': 'Deactivated',
  'user.reactivated': 'Reactivated',
  'user.email_changed': 'Email changed',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.reset_link_sent': 'Reset link sent',
  'user.invited': 'Invited',
  'user.signed_in_new_device': 'Sign-in from a new device',
  'user.linked_identity': 'Campus sign-in linked',
  'course.student_removed': 'Removed from a course',
  'course.deleted': 'Course deleted',
  'marksheet.uploaded': 'Marksheet uploaded',
  'application.declined': 'Marksheet request declined',
  'import.applied': 'Roster import',
  'coursework.marks_returned': 'Marks returned',
  'coursework.marks_changed': 'Returned marks changed',
  'coursework.extension_granted': 'Extension granted',
};

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(ACTION_LABELS, value);
