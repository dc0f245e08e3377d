import { BRANCHES, DEFAULT_BRANCH, FULLNAME_MAX } from '@campus/contract/constants';
import { ROSTER_COLUMNS, type ImportAction, type ImportKind, type RosterColumn } from '@campus/contract/roster-columns';
import type { ImportCounts, RosterImport } from '@campus/contract/roster';

/**
 * The roster page's words: what each kind of file holds, what each column takes, and the example
 * row of each template. Keyed by the contract's columns (zod-free, roster-columns.ts), so a
 * column the contract adds has no help here until the typecheck is satisfied.
 */
export const KIND_WORDS: Record<ImportKind, { label: string; holds: string; one: string; many: string }> = {
  users: { label: 'Users', holds: 'Students and professors, one row per person, found by registration id.', one: 'account', many: 'accounts' },
  courses: { label: 'Courses', holds: 'Courses, one row per course, found by course number.', one: 'course', many: 'courses' },
  enrolments: { label: 'Enrolments', holds: 'Who takes which course, one row per student and course.', one: 'enrolment', many: 'enrolments' },
};

interface ColumnHelp {
  /** What the column takes, in a sentence or two. */
  takes: string;
  /** The template's example cell. */
  example: string;
}

/** An exam day some months ahead, so the template's example row is one the server takes. */
const exampleExamDay = () => `${new Date().getFullYear() + 1}-05-14`;

const branchesText = `One of the portal’s branches, written as it lists them: ${BRANCHES.join(', ')}.`;

export const COLUMN_HELP: { [K in ImportKind]: Record<RosterColumn<K>, ColumnHelp> } = {
  users: {
    registrationId: { takes: 'The person’s registration id, at least 9 digits. An id the portal does not know makes an account; one it knows updates that account.', example: '211070123' },
    email: { takes: 'Their email address. It is used only when the account is made: afterwards the address is its owner’s to change.', example: 'ada.lovelace@campus.example' },
    fullname: { takes: `Their full name, at most ${FULLNAME_MAX} characters.`, example: 'Ada Lovelace' },
    role: { takes: 'student or professor.', example: 'student' },
    semester: { takes: 'A number from 1 to 8. A student needs one; a professor’s may be left empty (or the column left out).', example: '3' },
    branch: { takes: `${branchesText} A student needs one; a professor’s may be left empty.`, example: DEFAULT_BRANCH },
    status: { takes: 'active or inactive; inactive switches the account off. Left empty, an account stays as it is, and a new one is active.', example: 'active' },
  },
  courses: {
    coursenumber: { takes: 'The course number, at least 9 digits. A number the portal does not know makes a course; one it knows updates that course.', example: '211071001' },
    title: { takes: 'The course’s title, on one line.', example: 'Data Structures' },
    description: { takes: 'What the course is about.', example: 'Lists, stacks, trees and graphs, and what each costs.' },
    semester: { takes: 'The semester whose students take it, from 1 to 8.', example: '3' },
    branch: { takes: branchesText, example: DEFAULT_BRANCH },
    owner: { takes: 'The registration id of the professor who teaches it; their account must exist.', example: '211070001' },
    examDate: { takes: 'The exam’s day, written as year-month-day (2027-05-14). Left empty, a course keeps the date it has.', example: exampleExamDay() },
    examStart: { takes: 'When the exam starts on the campus’s clock, as HH:MM in 24 hours (09:30, 14:00), with examEnd. Left empty, a course keeps the time it has.', example: '09:30' },
    examEnd: { takes: 'When it ends, HH:MM, after the start; given with examStart.', example: '12:30' },
    examCentre: { takes: 'Where the exam is sat, on one line. Left empty, a course keeps the centre it has.', example: 'Main Block, Hall 2' },
  },
  enrolments: {
    coursenumber: { takes: 'The course’s number; the course must exist (import courses first).', example: '211071001' },
    registrationId: { takes: 'The student’s registration id; the account must exist (import users first).', example: '211070123' },
    status: { takes: 'active enrols the student in the course; removed takes them out of it.', example: 'active' },
  },
};

/** The columns of a kind with their help, in template order, and whether each may be left out. */
export function columnsOf(kind: ImportKind): { column: string; optional: boolean; help: ColumnHelp }[] {
  const { columns, optional } = ROSTER_COLUMNS[kind];
  const help: Record<string, ColumnHelp> = COLUMN_HELP[kind];
  return columns.map((column) => ({ column, optional: (optional as readonly string[]).includes(column), help: help[column]! }));
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break, its quotes doubled. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A kind's template: the header row in template order and one example row. */
export function templateCsv(kind: ImportKind): string {
  const columns = columnsOf(kind);
  return `${columns.map((c) => c.column).join(',')}\n${columns.map((c) => cell(c.help.example)).join(',')}\n`;
}

/** The template's file name. */
export const templateName = (kind: ImportKind) => `roster-${kind}.csv`;

/** What each action of a row is called in the list of changes. */
export const ACTION_WORDS: Record<ImportAction, string> = { create: 'New', update: 'Changed', unchanged: 'No change', remove: 'Removed' };

/** "1 account", "20,000 accounts". */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A count with thousands separated: "20,000". */
export const formatCount = (n: number) => n.toLocaleString('en');

/** The classes of each card of the roster page. */
export const CARD = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

/** How many rows a result changes: made, changed or removed. */
export const changesIn = (counts: ImportCounts) => counts.created + counts.updated + counts.removed;

const VERBS = {
  base: ['create', 'update', 'remove'],
  present: ['creates', 'updates', 'removes'],
  past: ['created', 'updated', 'removed'],
} as const;

/** "create 12 accounts, update 3 accounts and remove 1 account": what the counts change, in a tense. */
export function actionsSaid(result: RosterImport, tense: keyof typeof VERBS): string {
  const { created, updated, removed } = result.counts;
  const { one, many } = KIND_WORDS[result.kind];
  const parts = [created, updated, removed].flatMap((n, i) => (n > 0 ? [`${VERBS[tense][i]} ${countOf(n, one, many)}`] : []));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}
