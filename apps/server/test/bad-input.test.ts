import { fieldLabel, paths, type CampusEvent, type Course } from '@campus/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedFiles, useTestApp } from './build-app';
import { send } from './send';
import { DEFAULT_PASSWORD, buildCourse, buildEvent, buildProfessor, buildStudent, courseFields, eventFields, joinCourse, loginAdmin, loginExamOffice, userFields, type TestUser } from './factories';
import { multipart, textFile, tinyPng, type FilePart } from './fixtures';
import { signingKey, signUnsubscribe } from '../src/features/notifications/unsubscribe-token';
import { insertAssignment } from './coursework-factories';
import { OFFLINE_OIDC, OFFLINE_ORIGIN, OFFLINE_SAML, offlineProviders } from './sign-in-providers';

/**
 * Every registered /api, /files and /calendar route gets wrong types, missing fields, huge values, malformed bodies and
 * bad ids: each answer is a 4xx JSON envelope (never a 5xx) and the database and file store are
 * unchanged. A route missing from the table fails the suite.
 */
// Unsubscribe links verify with MAIL_SECRET: a real link's bad body is refused for its body.
const MAIL_SECRET = 'bad-input-test-mail-secret-long-enough-to-pass';
const providers = await offlineProviders();
const ctx = useTestApp({ mailSecret: MAIL_SECRET, signInProviders: providers, publicOrigin: OFFLINE_ORIGIN });

/** What the cases act on: a student (`me`), a professor owning `course`, in which `me` is enrolled, and `event`, hosted by `me`; `admin` administers. */
interface World {
  me: TestUser;
  professor: TestUser;
  office: TestUser;
  admin: TestUser;
  course: Course;
  event: CampusEvent;
  /** An assignment of `course` (no rubric, out of 10) and a post of its stream by `professor`. */
  assignmentId: string;
  postId: string;
}

interface Case {
  name: string;
  request: (w: World) => InjectOptions;
  /** Who sends it: the caller who would succeed with valid input, so validation is what refuses. */
  as?: 'me' | 'professor' | 'office' | 'admin';
  /** Requests that carry no input the route reads may succeed; everything else must be a 4xx. */
  mayPass?: boolean;
  /** The field the refusal must name in errors[0]. */
  names?: string;
}

type Url = string | ((w: World) => string);
const urlOf = (url: Url, w: World) => (typeof url === 'string' ? url : url(w));

const MB = 1024 * 1024;
const huge = 'x'.repeat(MB);
/** Bytes no accepted type starts with (an executable's header, then NULs: not text either). */
const executable = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
/** A value with a NUL after its first character: text PostgreSQL cannot store (numbers go as numeric text). */
const withNul = (value: string | number) => `${String(value).slice(0, 1)}\u0000${String(value).slice(1)}`;

/** Names, emails, titles, venues and file names are one line; descriptions may run over several. */
const SINGLE_LINE = new Set(['fullname', 'email', 'title', 'filename', 'venue', 'reason']);
const LINE_BREAKS = [['a newline', '\n'], ['CRLF', '\r\n'], ['a line separator', '\u2028']] as const;
/** A valid value with a line break inside it (not at an end, where trimming might seem to excuse it). */
const withBreak = (value: string, lineBreak: string) => `${value.slice(0, 1)}${lineBreak}${value.slice(1)}`;

/**
 * The usual abuse of a JSON body route, built from a valid body. `optional`: fields the body may
 * leave out (no case leaves them out; every wrong value is still refused).
 */
function jsonCases(method: 'POST' | 'PUT' | 'PATCH', url: Url, valid: (w: World) => Record<string, unknown>, as?: Case['as'], optional: readonly string[] = []): Case[] {
  const json = (w: World, payload: string): InjectOptions => ({ method, url: urlOf(url, w), headers: { 'content-type': 'application/json' }, payload });
  const body = (w: World, payload: Record<string, unknown>): InjectOptions => ({ method, url: urlOf(url, w), payload });
  const cases: Case[] = [
    { name: 'malformed JSON', request: (w) => json(w, '{"a": ') },
    { name: 'empty object', request: (w) => body(w, {}) },
    { name: 'JSON null', request: (w) => json(w, 'null') },
    { name: 'JSON array', request: (w) => json(w, '[]') },
    { name: 'JSON string', request: (w) => json(w, '"hello"') },
    { name: '2 MB body', request: (w) => body(w, { ...valid(w), padding: 'y'.repeat(2 * MB) }) },
    { name: 'form-encoded body', request: (w) => ({ method, url: urlOf(url, w), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' }) },
    { name: 'text/plain body', request: (w) => ({ method, url: urlOf(url, w), headers: { 'content-type': 'text/plain' }, payload: 'hello' }) },
  ];
  const sample = { me: { user: {}, password: DEFAULT_PASSWORD, cookie: '' }, professor: {}, course: {} } as unknown as World;
  for (const field of Object.keys(valid(sample))) {
    for (const [label, value] of [['an object', { $gt: '' }], ['an array', [1, 2]], ['true', true], ['a 1 MB string', huge], ['a huge number', 1e308]] as const) {
      cases.push({ name: `${field} as ${label}`, request: (w) => body(w, { ...valid(w), [field]: value }) });
    }
    cases.push({ name: `${field} with a NUL`, names: field, request: (w) => body(w, { ...valid(w), [field]: withNul(valid(w)[field] as string | number) }) });
    if (SINGLE_LINE.has(field)) cases.push(...LINE_BREAKS.map(([label, lineBreak]): Case => ({ name: `${field} with ${label}`, names: field, request: (w) => body(w, { ...valid(w), [field]: withBreak(String(valid(w)[field]), lineBreak) }) })));
    // null means "clear it" for the optional exam date; for every other field it is wrong.
    if (field !== 'examDate') cases.push({ name: `${field} as null`, request: (w) => body(w, { ...valid(w), [field]: null }) });
    if (field !== 'examDate' && !optional.includes(field)) {
      cases.push({
        name: `${field} missing`,
        request: (w) => {
          const b = { ...valid(w) };
          delete b[field];
          return body(w, b);
        },
      });
    }
  }
  return cases.map((c) => ({ ...c, as }));
}

/** Free text (a name, a password, a title) may legitimately look like anything. */
const FREE_TEXT = new Set(['fullname', 'password', 'title', 'description', 'filename', 'venue']);

interface MultipartRoute {
  fileField: 'avatar' | 'thumbnail' | 'notesfile' | 'marksheet' | 'file' | 'attachments' | 'files';
  /** A file the route takes (a small PNG unless said). */
  file?: () => FilePart;
  /** Whether the route refuses a request without the file (course thumbnails are optional). */
  fileRequired: boolean;
  /** Fields with defaults or "not set" meanings: missing (or, for examDate, empty) is valid. */
  optional: readonly string[];
  as?: Case['as'];
}

/** The usual abuse of a multipart route. */
function multipartCases(method: 'POST' | 'PATCH', url: Url, validFields: () => Record<string, string | number | undefined>, route: MultipartRoute): Case[] {
  const { fileField } = route;
  const validFile = (): Record<string, FilePart> => ({ [fileField]: route.file?.() ?? { filename: 'a.png', contentType: 'image/png', data: tinyPng() } });
  const form = (w: World, fields: Record<string, string | number | undefined>, files = validFile()): InjectOptions => ({ method, url: urlOf(url, w), ...multipart(fields, files) });
  const raw = (w: World, contentType: string, payload: string | Buffer): InjectOptions => ({ method, url: urlOf(url, w), headers: { 'content-type': contentType }, payload });
  const cases: Case[] = [
    { name: 'JSON instead of multipart', request: (w) => ({ method, url: urlOf(url, w), payload: { ...validFields() } }) },
    { name: 'malformed multipart', request: (w) => raw(w, 'multipart/form-data; boundary=zzz', '--zzz\r\ncontent-disposition: form-data\r\n\r\nnope') },
    { name: 'multipart without boundary', request: (w) => raw(w, 'multipart/form-data', 'x') },
    { name: '2 MB of garbage', request: (w) => raw(w, 'multipart/form-data; boundary=zzz', Buffer.alloc(2 * MB, 7)) },
    { name: 'a 1 MB field', request: (w) => form(w, { ...validFields(), fullname: huge }) },
    { name: 'a prototype-polluting field name', request: (w) => form(w, { ...validFields(), ...(JSON.parse('{"__proto__":"x"}') as Record<string, string>) }) },
    { name: 'an executable as the file', request: (w) => form(w, validFields(), { [fileField]: { filename: 'a.png', contentType: 'image/png', data: executable() } }) },
    { name: 'an empty file', request: (w) => form(w, validFields(), { [fileField]: { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) } }) },
    { name: 'a truncated PNG header', request: (w) => form(w, validFields(), { [fileField]: { filename: 'a.png', contentType: 'image/png', data: tinyPng().subarray(0, 4) } }) },
  ];
  if (route.fileRequired) cases.push({ name: 'no file', request: (w) => form(w, validFields(), {}) });
  for (const [field, value] of Object.entries(validFields())) {
    if (value !== undefined) cases.push({ name: `${field} with a NUL`, names: field, request: (w) => form(w, { ...validFields(), [field]: withNul(value) }) });
    if (value !== undefined && SINGLE_LINE.has(field)) cases.push(...LINE_BREAKS.map(([label, lineBreak]): Case => ({ name: `${field} with ${label}`, names: field, request: (w) => form(w, { ...validFields(), [field]: withBreak(String(value), lineBreak) }) })));
    const optional = route.optional.includes(field);
    if (!optional) cases.push({ name: `${field} missing`, request: (w) => form(w, { ...validFields(), [field]: undefined }) });
    if (FREE_TEXT.has(field)) {
      cases.push({ name: `${field} as only spaces`, request: (w) => form(w, { ...validFields(), [field]: '   ' }) });
      continue;
    }
    cases.push({ name: `${field} as garbage`, request: (w) => form(w, { ...validFields(), [field]: '{"$gt":""}' }) });
    if (!optional) cases.push({ name: `${field} as an empty string`, request: (w) => form(w, { ...validFields(), [field]: '' }) });
  }
  return cases.map((c) => ({ ...c, as: route.as }));
}

const BAD_TOKENS = ['', 'nonsense', 'x'.repeat(300), `00000000-0000-4000-8000-000000000000.courses.${'0'.repeat(64)}`, 'A'.repeat(39), "1' OR '1'='1"];
/** A link the server signed, for `me` (so that the body, not the token, is what is wrong). */
const realToken = (w: World) => `?token=${signUnsubscribe(signingKey(MAIL_SECRET), w.me.user._id, 'courses')}`;
const oneClick = (query: string, payload = 'List-Unsubscribe=One-Click'): InjectOptions => ({
  method: 'POST',
  url: `${paths.notifications.unsubscribe}${query}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload,
});

const BAD_IDS: [string, string][] = [
  ['malformed id', 'not-an-id'],
  ['unknown id', '00000000-0000-4000-8000-000000000000'],
  ['SQL in the id', "1' OR '1'='1"],
  ['a very long id', 'a'.repeat(5000)],
  ['a huge number as id', '99999999999999999999999999'],
];

/** Bad ids in a path; `body` is what a valid request would carry besides the id. */
const idCases = (url: (id: string, w: World) => string, { method = 'GET', as, body }: { method?: InjectOptions['method']; as?: Case['as']; body?: (w: World) => Partial<InjectOptions> } = {}): Case[] =>
  BAD_IDS.map(([name, id]) => ({ name, as, request: (w) => ({ method, url: url(encodeURIComponent(id), w), ...body?.(w) }) }));

const noInputCases = (method: 'GET' | 'POST', url: string, as?: Case['as']): Case[] => [
  { name: 'junk query string', as, request: () => ({ method, url: `${url}?x=${'z'.repeat(10_000)}&__proto__=1` }), mayPass: true },
  { name: 'a NUL in an unknown parameter', as, request: () => ({ method, url: `${url}?x=%00` }), mayPass: true },
  ...(method === 'POST' ? [{ name: 'malformed JSON body', as, request: () => ({ method, url, headers: { 'content-type': 'application/json' }, payload: '{' }) }] : []),
];

/** Bad values of a listing's query parameters. */
function queryCases(url: string, bad: Record<string, string[]>, as?: Case['as']): Case[] {
  const cases: Case[] = [...noInputCases('GET', url, as)];
  for (const [param, values] of Object.entries(bad)) {
    const request = (value: string) => () => ({ method: 'GET' as const, url: `${url}?${param}=${encodeURIComponent(value)}` });
    for (const value of values) cases.push({ name: `${param}=${value.slice(0, 20)}`, as, request: request(value) });
    cases.push({ name: `${param} with a NUL`, names: param, as, request: request(withNul(1)) });
  }
  return cases;
}

/** A provider's form POST (SAML's response, a back-channel logout token), from the provider's site. */
const formOf = (payload: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' }, payload });
const providerPost = (url: string, payload: string): InjectOptions => ({ method: 'POST', url, ...formOf(payload) });
/** The usual abuse of a provider's form: the field missing or holding a NUL, the wrong body types, a 2 MB form. */
const providerForm = (url: string, valid: string, field: string): Case[] => [
  { name: `${field} missing`, names: field, request: () => providerPost(url, 'other=1') },
  { name: 'an empty form', names: field, request: () => providerPost(url, '') },
  { name: `${field} with a NUL`, names: field, request: () => providerPost(url, `${field}=a%00b`) },
  { name: 'a 2 MB form', request: () => providerPost(url, `${valid}&x=${'y'.repeat(2 * MB)}`) },
  { name: 'a prototype-polluting form', request: () => providerPost(url, '__proto__=x&constructor=y') },
  { name: 'JSON', request: () => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"a": 1}' }) },
  { name: 'text/plain', request: () => ({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: valid }) },
];

const PAGING = { limit: ['0', '501', 'abc', '-1', '1e3'], cursor: ['not-a-cursor', 'x'.repeat(300)] };
const FILTERS = { ...PAGING, semester: ['0', '10', 'abc', '3.5'], branch: ['Astrology', 'all', '{"$ne":1}'] };

const KEYSET_PAGING = { limit: ['0', '201', 'abc', '-1', '1e3'], cursor: ['not-a-cursor', 'x'.repeat(300), '-1', '1.5'] };
/** Every field an administrator may change, all at once: one wrong one refuses the whole change. */
const adminChange = () => ({ fullname: 'Renamed', email: 'renamed@campus.test', semester: 4, branch: 'Civil Engineering', userrole: 2, isExamOffice: false, isAdmin: false, active: true });
/** The change's fields are each optional and `true` is a flag's valid value: neither a missing field nor a `true` is wrong there. */
const wrongForAdminChange = (c: Case) => c.name !== 'empty object' && !c.name.endsWith(' missing') && !/^(isExamOffice|isAdmin|active) as true$/.test(c.name);
const userSearches = ['%', '_', '\\', "'; drop table users; --", '(?i)[', '1', '999999999999999'].map((q): Case => ({ name: `q ${q}`, as: 'admin', mayPass: true, request: () => ({ method: 'GET', url: `${paths.admin.users}?q=${encodeURIComponent(q)}` }) }));

const EVENT_LINKS = ['instagram', 'twitter', 'linkedin', 'gform'] as const;
const validEvent = () => eventFields({ instagram: 'https://instagram.com/x', twitter: 'https://x.com/x', linkedin: 'https://linkedin.com/in/x', gform: 'https://forms.gle/x' });
const draftUrl = paths.events.draftDescription;
/** Regex and LIKE syntax is just text to search for: answered, never an error. */
const literalSearches = (url: string): Case[] =>
  ['.*', '%', '_', '\\', "'; drop table courses; --", '(?i)['].map((title) => ({ name: `title ${title}`, mayPass: true, request: () => ({ method: 'GET' as const, url: `${url}?title=${encodeURIComponent(title)}` }) }));

const courseUrl = (make: (id: string) => string) => (w: World) => make(w.course._id);
const eventUrl = (w: World) => paths.events.update(w.event._id);
const editCourse = () => ({ title: 'Edited', description: 'Edited text', semester: 2, branch: 'Civil Engineering', examDate: '2030-01-01' });
/** An exam centre is optional free text, so only what no exam centre can be: a NUL, a line break, too long. */
const BAD_EXAM_CENTRES = [['with a NUL', 'Hall\u00002'], ['with a newline', 'Main Block\nHall 2'], ['with a line separator', 'Main Block\u2028Hall 2'], ['too long', 'x'.repeat(121)], ['a number', 7]] as const;
/** Exam times that are refused, and the field the refusal names. */
const BAD_EXAM_TIMES: [string, Record<string, unknown>, string][] = [
  ['examStart not HH:MM', { examStart: '9:30', examEnd: '12:30' }, 'examStart'],
  ['examEnd past midnight', { examStart: '09:30', examEnd: '24:00' }, 'examEnd'],
  ['examStart with a NUL', { examStart: '09:3\u00000', examEnd: '12:30' }, 'examStart'],
  ['examStart a number', { examStart: 930, examEnd: '12:30' }, 'examStart'],
  ['examEnd without examStart', { examEnd: '12:30' }, 'examStart'],
  ['examStart without examEnd', { examStart: '09:30' }, 'examEnd'],
  ['examEnd before examStart', { examStart: '12:30', examEnd: '09:30' }, 'examEnd'],
];
/** A request id no request has: the body is refused before it is looked for. */
const UNKNOWN_APPLICATION = '00000000-0000-4000-8000-000000000000';
/** An assignment's fields, due in the future. */
const workFields = () => ({ kind: 'assignment', title: 'Essay', maxMarks: 10, dueAt: '2031-01-01T10:00:00Z' });
/** A form with `n` small text files in one field. */
function manyFiles(field: string, n: number, fields: Record<string, string | number>): Partial<InjectOptions> {
  const boundary = 'many-files-boundary';
  const parts = [
    ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ...Array.from({ length: n }, (_, i) => `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${i}.txt"\r\ncontent-type: text/plain\r\n\r\nfile ${i}\r\n`),
    `--${boundary}--\r\n`,
  ];
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: parts.join('') };
}
const notesForm = (): Partial<InjectOptions> => multipart({ filename: 'Week 1' }, { notesfile: textFile('w.txt', 'x') });

const CASES: Record<string, Case[]> = {
  'GET /api/v1/health': noInputCases('GET', paths.health),
  'GET /api/v1/health/ready': noInputCases('GET', paths.ready),
  'GET /api/v1/config': noInputCases('GET', paths.config),
  'GET /api/v1/users/current-user': noInputCases('GET', paths.users.currentUser),
  'POST /api/v1/users/logout': noInputCases('POST', paths.users.logout),
  'POST /api/v1/users/login': jsonCases('POST', paths.users.login, (w) => ({ registrationId: w.me.user.registrationId ?? 300000000, password: 'wrong password' })),
  'PATCH /api/v1/users/update-account': [
    // Branch and semester left out keep the account's own (a professor may have none).
    ...jsonCases('PATCH', paths.users.updateAccount, () => ({ email: 'fresh@campus.test', currentPassword: DEFAULT_PASSWORD, fullname: 'Fresh', branch: 'Civil Engineering', semester: 2 }), undefined, ['branch', 'semester']),
    // A new email needs the account's password: missing, empty or wrong, it is refused naming it.
    ...([['no currentPassword', undefined], ['an empty currentPassword', ''], ['a wrong currentPassword', 'not the password at all'], ['currentPassword too long', 'x'.repeat(1025)]] as const).map(
      ([name, currentPassword]): Case => ({ name, names: 'currentPassword', request: () => ({ method: 'PATCH', url: paths.users.updateAccount, payload: { email: 'fresh@campus.test', currentPassword, fullname: 'Fresh', branch: 'Civil Engineering', semester: 2 } }) }),
    ),
  ],
  'POST /api/v1/users/confirm-email': [
    ...jsonCases('POST', paths.users.confirmEmail, () => ({ token: 'a-token-nobody-was-sent' })),
    ...BAD_TOKENS.map((token): Case => ({ name: `token ${token.slice(0, 20)}`, names: 'token', request: () => ({ method: 'POST', url: paths.users.confirmEmail, payload: { token } }) })),
  ],
  'POST /api/v1/users/change-password': jsonCases('POST', paths.users.changePassword, () => ({ oldpassword: DEFAULT_PASSWORD, newpassword: 'a whole new passphrase' })),
  // Mail is off here: input that passed validation would be a 503, so every case must be refused as input first.
  'POST /api/v1/users/forgot-password': jsonCases('POST', paths.users.forgotPassword, (w) => ({ registrationId: w.me.user.registrationId ?? 300000000 })),
  'POST /api/v1/users/reset-password': [
    ...jsonCases('POST', paths.users.resetPassword, () => ({ token: 'a-token-nobody-was-sent', newpassword: 'a whole new passphrase' })),
    { name: 'token too long', request: () => ({ method: 'POST', url: paths.users.resetPassword, payload: { token: 'x'.repeat(201), newpassword: 'a whole new passphrase' } }) },
    { name: 'newpassword too short', request: () => ({ method: 'POST', url: paths.users.resetPassword, payload: { token: 'a-token', newpassword: 'short' } }) },
  ],
  'POST /api/v1/users/register': multipartCases('POST', paths.users.register, () => userFields(), { fileField: 'avatar', fileRequired: true, optional: ['semester'] }),
  'PATCH /api/v1/users/avatar': multipartCases('PATCH', paths.users.avatar, () => ({}), { fileField: 'avatar', fileRequired: true, optional: [] }),
  'GET /api/v1/users/getuser/:userId': idCases((id) => `/api/v1/users/getuser/${id}`),
  'GET /files/:fileId': idCases((id) => `/files/${id}`),

  'GET /api/v1/courses/allcourses': queryCases(paths.courses.all, PAGING),
  'GET /api/v1/courses/searchbysemester': queryCases(paths.courses.bySemester, FILTERS),
  'GET /api/v1/courses/searchbytitle': [
    ...queryCases(paths.courses.byTitle, { ...FILTERS, title: ['x'.repeat(201)] }),
    // Regex and LIKE syntax is just text to search for: answered, never an error.
    ...['.*', '%', '_', '\\', "'; drop table courses; --", '(?i)['].map((title) => ({ name: `title ${title}`, mayPass: true, request: () => ({ method: 'GET' as const, url: `${paths.courses.byTitle}?title=${encodeURIComponent(title)}` }) })),
  ],
  'GET /api/v1/courses/searchbyowner': queryCases(paths.courses.byOwner, PAGING, 'professor'),
  'GET /api/v1/courses/searchbymycoursesteacher': queryCases(paths.courses.myCoursesTeacher, FILTERS, 'professor'),
  'GET /api/v1/courses/searchbystudent': queryCases(paths.courses.byStudent, PAGING),
  'GET /api/v1/courses/searchbymycourses': queryCases(paths.courses.myCourses, FILTERS),
  'GET /api/v1/courses/examdates': noInputCases('GET', paths.courses.examDates),
  'POST /api/v1/courses/create-course': [
    ...multipartCases('POST', paths.courses.create, () => courseFields({ examDate: '2030-12-01' }), {
      fileField: 'thumbnail',
      fileRequired: false,
      optional: ['semester', 'branch', 'examDate'],
      as: 'professor',
    }),
    { name: 'examDate in the past', names: 'examDate', as: 'professor', request: () => ({ method: 'POST', url: paths.courses.create, ...multipart(courseFields({ examDate: '2020-01-01' })) }) },
    ...BAD_EXAM_CENTRES.filter(([, value]) => typeof value === 'string').map(([name, examCentre]): Case => ({ name: `examCentre ${name}`, names: 'examCentre', as: 'professor', request: () => ({ method: 'POST', url: paths.courses.create, ...multipart({ ...courseFields(), examCentre: String(examCentre) }) }) })),
    ...BAD_EXAM_TIMES.filter(([, times]) => Object.values(times).every((v) => typeof v === 'string')).map(([name, times, field]): Case => ({ name, names: field, as: 'professor', request: () => ({ method: 'POST', url: paths.courses.create, ...multipart({ ...courseFields(), ...(times as Record<string, string>) }) }) })),
  ],
  'GET /api/v1/courses/getcourse/:courseId': idCases((id) => paths.courses.get(id)),
  'PATCH /api/v1/courses/updatecourse/:courseId': [
    ...jsonCases('PATCH', courseUrl(paths.courses.update), editCourse, 'professor'),
    { name: 'examDate not a real day', as: 'professor', request: (w) => ({ method: 'PATCH', url: paths.courses.update(w.course._id), payload: { ...editCourse(), examDate: '2027-02-29' } }) },
    { name: 'examDate in the past', names: 'examDate', as: 'professor', request: (w) => ({ method: 'PATCH', url: paths.courses.update(w.course._id), payload: { ...editCourse(), examDate: '2020-01-01' } }) },
    ...BAD_EXAM_CENTRES.map(([name, examCentre]): Case => ({ name: `examCentre ${name}`, names: 'examCentre', as: 'professor', request: (w) => ({ method: 'PATCH', url: paths.courses.update(w.course._id), payload: { ...editCourse(), examCentre } }) })),
    ...BAD_EXAM_TIMES.map(([name, times, field]): Case => ({ name, names: field, as: 'professor', request: (w) => ({ method: 'PATCH', url: paths.courses.update(w.course._id), payload: { ...editCourse(), ...times } }) })),
    ...idCases((id) => paths.courses.update(id), { method: 'PATCH', as: 'professor', body: () => ({ payload: editCourse() }) }),
  ],
  'PATCH /api/v1/courses/updatecoursethumbnail/:courseId': [
    ...multipartCases('PATCH', courseUrl(paths.courses.updateThumbnail), () => ({}), { fileField: 'thumbnail', fileRequired: true, optional: [], as: 'professor' }),
    ...idCases((id) => paths.courses.updateThumbnail(id), { method: 'PATCH', as: 'professor', body: () => multipart({}, { thumbnail: { filename: 'a.png', contentType: 'image/png', data: tinyPng() } }) }),
  ],
  'DELETE /api/v1/courses/deletecourse/:courseId': idCases((id) => paths.courses.delete(id), { method: 'DELETE', as: 'professor' }),
  'GET /api/v1/courses/studentsofcourse/:courseId': idCases((id) => paths.courses.students(id)),
  'PATCH /api/v1/courses/addstudenttocourse/:courseId': idCases((id) => paths.courses.join(id), { method: 'PATCH' }),
  'PATCH /api/v1/courses/removestudentfromcourse/:courseId': idCases((id) => paths.courses.leave(id), { method: 'PATCH' }),
  'PATCH /api/v1/courses/removestudent/:courseId/:studentId': [
    ...idCases((id, w) => paths.courses.removeStudent(id, w.me.user._id), { method: 'PATCH', as: 'professor' }),
    ...idCases((id, w) => paths.courses.removeStudent(w.course._id, id), { method: 'PATCH', as: 'professor' }),
  ],
  'GET /api/v1/notes/notesofcourse/:courseId': idCases((id) => paths.notes.ofCourse(id)),
  'DELETE /api/v1/notes/delete-notes/:notesId': idCases((id) => paths.notes.delete(id), { method: 'DELETE', as: 'professor' }),
  'POST /api/v1/applications/createapplication': [
    ...jsonCases('POST', paths.applications.create, () => ({ semester: 1 })),
    { name: 'a semester above my own', request: () => ({ method: 'POST', url: paths.applications.create, payload: { semester: 8 } }) },
  ],
  'POST /api/v1/applications/decline/:applicationId': [
    ...jsonCases('POST', paths.applications.decline(UNKNOWN_APPLICATION), () => ({ reason: 'Fees unpaid' }), 'office'),
    ...idCases((id) => paths.applications.decline(id), { method: 'POST', as: 'office', body: () => ({ payload: { reason: 'Fees unpaid' } }) }),
  ],
  'GET /api/v1/applications/semesterapplied': noInputCases('GET', paths.applications.semestersApplied),
  'GET /api/v1/applications/allapplications': noInputCases('GET', paths.applications.all, 'office'),
  'GET /api/v1/applications/applicationofuser/:userId': idCases((id) => paths.applications.ofUser(id), { as: 'office' }),
  'GET /api/v1/marksheets/getallapplicantmarksheets/:userId': idCases((id) => paths.marksheets.ofUser(id), { as: 'office' }),
  'GET /api/v1/marksheets/marksheetexists/:userId/:semester': [
    ...idCases((id) => paths.marksheets.exists(id, 1), { as: 'office' }),
    ...['0', '9', 'abc', '1.5', '-1', '9'.repeat(19)].map((semester) => ({
      name: `semester ${semester}`,
      as: 'office' as const,
      request: (w: World) => ({ method: 'GET' as const, url: paths.marksheets.exists(w.me.user._id, semester) }),
    })),
  ],
  'POST /api/v1/marksheets/createmarksheet/:applicantId': [
    ...multipartCases('POST', (w) => paths.marksheets.create(w.me.user._id), () => ({ semester: 1 }), { fileField: 'marksheet', fileRequired: true, optional: [], as: 'office' }),
    { name: "a semester above the applicant's", as: 'office', request: (w) => ({ method: 'POST', url: paths.marksheets.create(w.me.user._id), ...multipart({ semester: 8 }, { marksheet: { filename: 'm.png', contentType: 'image/png', data: tinyPng() } }) }) },
    ...idCases((id) => paths.marksheets.create(id), { method: 'POST', as: 'office', body: () => multipart({ semester: 1 }, { marksheet: { filename: 'm.png', contentType: 'image/png', data: tinyPng() } }) }),
  ],
  'GET /api/v1/events/today-events': noInputCases('GET', paths.events.today),
  'GET /api/v1/events/other-events': noInputCases('GET', paths.events.other),
  'GET /api/v1/events/all-events': noInputCases('GET', paths.events.all),
  'GET /api/v1/events/my-events': noInputCases('GET', paths.events.mine),
  'GET /api/v1/events/searchbytitle': [...queryCases(paths.events.byTitle, { title: ['x'.repeat(201)] }), ...literalSearches(paths.events.byTitle)],
  'GET /api/v1/events/get-event/:eventId': idCases((id) => paths.events.get(id)),
  'POST /api/v1/events/create-event': [
    ...multipartCases('POST', paths.events.create, validEvent, { fileField: 'thumbnail', fileRequired: false, optional: EVENT_LINKS }),
    ...(
      [
        ['title', 'x'.repeat(201)],
        ['description', 'x'.repeat(5001)],
        ['venue', 'x'.repeat(201)],
        ['date', '2026-02-29'],
        ['date', '2026-13-01'],
        ['date', '1800-01-01'],
        ['date', '2020-01-01'],
        ['time', '24:00'],
        ['time', '12:60'],
        ['time', '9:30'],
        ['instagram', 'javascript:alert(1)'],
        ['gform', `https://forms.gle/${'x'.repeat(2000)}`],
      ] as const
    ).map(([field, value]): Case => ({ name: `${field} ${value.slice(0, 24)}`, request: () => ({ method: 'POST', url: paths.events.create, ...multipart({ ...validEvent(), [field]: value }, { thumbnail: { filename: 'a.png', contentType: 'image/png', data: tinyPng() } }) }) })),
  ],
  'PATCH /api/v1/events/update-event/:eventId': [
    ...multipartCases('PATCH', eventUrl, validEvent, { fileField: 'thumbnail', fileRequired: false, optional: EVENT_LINKS }),
    ...(
      [
        ['title', 'x'.repeat(201)],
        ['date', '2026-02-29'],
        ['date', '2020-01-01'],
        ['time', '9:30'],
        ['twitter', 'javascript:alert(1)'],
      ] as const
    ).map(([field, value]): Case => ({ name: `${field} ${value.slice(0, 24)}`, request: (w) => ({ method: 'PATCH', url: eventUrl(w), ...multipart({ ...validEvent(), [field]: value }, { thumbnail: { filename: 'a.png', contentType: 'image/png', data: tinyPng() } }) }) })),
    ...idCases((id) => paths.events.update(id), { method: 'PATCH', body: () => multipart(validEvent()) }),
  ],
  'DELETE /api/v1/events/delete-event/:eventId': idCases((id) => paths.events.delete(id), { method: 'DELETE' }),
  // No text generator is configured here: input that passed validation would be a 503, so every
  // case below must be refused as input first (a 4xx).
  'POST /api/v1/events/draft-description': [
    ...jsonCases('POST', draftUrl, () => ({ title: 'Robotics night' })),
    { name: 'title only spaces', request: () => ({ method: 'POST', url: draftUrl, payload: { title: '   ' } }) },
    { name: 'title too long', request: () => ({ method: 'POST', url: draftUrl, payload: { title: 'x'.repeat(201) } }) },
  ],
  'GET /api/v1/notifications/getnotification': noInputCases('GET', paths.notifications.list),
  'GET /api/v1/notifications/unread-count': noInputCases('GET', paths.notifications.unreadCount),
  'GET /api/v1/notifications/recent': queryCases(paths.notifications.recent, { limit: ['0', '21', 'abc', '-1', '2.5', ''] }),
  'PATCH /api/v1/notifications/readallnotifications': [
    { name: 'junk JSON body', request: () => ({ method: 'PATCH', url: paths.notifications.readAll, headers: { 'content-type': 'application/json' }, payload: '{' }) },
  ],
  'PATCH /api/v1/notifications/readnotification/:notificationId': idCases((id) => paths.notifications.read(id), { method: 'PATCH' }),
  'GET /api/v1/notifications/stream': [
    ...noInputCases('GET', paths.notifications.stream),
    // A Last-Event-ID that is not an event id is ignored: the stream starts afresh.
    ...['abc', '-1', '9'.repeat(40), "1' or '1'='1"].map((id) => ({ name: `Last-Event-ID ${id.slice(0, 12)}`, mayPass: true, request: () => ({ method: 'GET' as const, url: paths.notifications.stream, headers: { 'last-event-id': id } }) })),
    { name: 'lastEventId too long', request: () => ({ method: 'GET', url: `${paths.notifications.stream}?lastEventId=${'1'.repeat(50)}` }) },
    { name: 'lastEventId with a NUL', names: 'lastEventId', request: () => ({ method: 'GET', url: `${paths.notifications.stream}?lastEventId=${encodeURIComponent(withNul(1))}` }) },
  ],
  'GET /api/v1/notifications/preferences': noInputCases('GET', paths.notifications.preferences),
  // Any subset of the kinds is a valid PATCH: a missing one is not a fault.
  'PATCH /api/v1/notifications/preferences': jsonCases('PATCH', paths.notifications.updatePreferences, () => ({ courses: 'daily', notes: 'immediate', marksheets: 'inapp', exams: 'daily', coursework: 'inapp' })).filter((c) => !c.name.endsWith(' missing')),
  'GET /api/v1/notifications/unsubscribe': queryCases(paths.notifications.unsubscribePage, { token: BAD_TOKENS }),
  'GET /api/v1/notifications/unsubscribe/status': queryCases(paths.notifications.unsubscribeStatus, { token: BAD_TOKENS }),
  'POST /api/v1/notifications/unsubscribe': [
    ...BAD_TOKENS.map((token) => ({ name: `token ${token.slice(0, 20)}`, request: () => oneClick(`?token=${encodeURIComponent(token)}`) })),
    { name: 'no token', request: () => oneClick('') },
    { name: 'token with a NUL', names: 'token', request: () => oneClick(`?token=${encodeURIComponent(withNul('abc'))}`) },
    { name: 'another value', names: 'List-Unsubscribe', request: (w) => oneClick(realToken(w), 'List-Unsubscribe=Yes') },
    { name: 'an empty form', names: 'List-Unsubscribe', request: (w) => oneClick(realToken(w), '') },
    { name: 'a repeated field', mayPass: true, request: (w) => oneClick(realToken(w), 'List-Unsubscribe=One-Click&List-Unsubscribe=One-Click') },
    { name: 'a 2 MB form', request: (w) => oneClick(realToken(w), `List-Unsubscribe=One-Click&x=${'y'.repeat(2 * MB)}`) },
    { name: 'a prototype-polluting form', request: (w) => oneClick(realToken(w), '__proto__=x&constructor=y') },
    { name: 'malformed JSON', request: (w) => ({ ...oneClick(realToken(w)), headers: { 'content-type': 'application/json' }, payload: '{"a": ' }) },
    { name: 'text/plain', request: (w) => ({ ...oneClick(realToken(w)), headers: { 'content-type': 'text/plain' }, payload: 'List-Unsubscribe=One-Click' }) },
  ],
  'GET /api/v1/users/activity': queryCases(paths.users.activity, KEYSET_PAGING),
  'GET /api/v1/admin/users': [
    ...queryCases(paths.admin.users, { ...KEYSET_PAGING, role: ['dean', '', 'Admin'], active: ['yes', '1', ''], q: ['x'.repeat(300), 'a\nb'] }, 'admin'),
    ...userSearches,
  ],
  'GET /api/v1/admin/users/:userId': idCases((id) => paths.admin.user(id), { as: 'admin' }),
  'PATCH /api/v1/admin/users/:userId': [
    ...jsonCases('PATCH', (w) => paths.admin.updateUser(w.me.user._id), adminChange, 'admin').filter(wrongForAdminChange),
    ...idCases((id) => paths.admin.updateUser(id), { method: 'PATCH', as: 'admin', body: () => ({ payload: { fullname: 'Renamed' } }) }),
  ],
  'POST /api/v1/admin/users/:userId/reset-link': idCases((id) => paths.admin.resetLink(id), { method: 'POST', as: 'admin' }),
  'POST /api/v1/admin/users/:userId/invite': idCases((id) => paths.admin.invite(id), { method: 'POST', as: 'admin' }),
  'POST /api/v1/admin/imports/:importId/invite': idCases((id) => paths.admin.inviteImport(id), { method: 'POST', as: 'admin' }),
  'POST /api/v1/admin/imports': [
    ...multipartCases('POST', paths.admin.createImport, () => ({ kind: 'users', dryRun: 'true', columns: JSON.stringify({ 'Reg. No.': 'registrationId', 'Sr. No.': null }) }), {
      fileField: 'file',
      file: () => ({ filename: 'users.csv', contentType: 'text/csv', data: Buffer.from('Reg. No.,email,fullname,role,semester,branch\n') }),
      fileRequired: true,
      optional: ['dryRun', 'columns'],
      as: 'admin',
    }),
    { name: 'a Latin-1 file', as: 'admin', request: () => ({ method: 'POST', url: paths.admin.createImport, ...multipart({ kind: 'users' }, { file: { filename: 'u.csv', contentType: 'text/csv', data: Buffer.from([0x4a, 0xf6, 0x72, 0x67, 0x0a]) } }) }) },
  ],
  'GET /api/v1/admin/imports/:importId': idCases((id) => paths.admin.getImport(id), { as: 'admin' }),
  'GET /api/v1/admin/summary': noInputCases('GET', paths.admin.summary, 'admin'),
  'GET /api/v1/admin/audit': queryCases(paths.admin.audit, { ...KEYSET_PAGING, actor: ['nope', "1' OR '1'='1"], target: ['nope', ''], action: ['user.deleted', '', 'USER.UPDATED'], q: ['x'.repeat(300), 'a\nb'], from: ['2026-02-30', 'yesterday', '20261101'], to: ['2026-13-01', ''] }, 'admin'),
  'GET /api/v1/admin/audit.csv': queryCases(paths.admin.auditExport, { actor: ['nope'], action: ['user.deleted'], q: ['x'.repeat(300)], from: ['2026-02-30', 'yesterday'], to: ['2026-13-01'] }, 'admin'),
  'GET /api/v1/documents/keys': noInputCases('GET', paths.documents.keys),
  'GET /api/v1/documents/admitcard': noInputCases('GET', paths.documents.admitCard),
  'GET /api/v1/documents/marksheet/:marksheetId': idCases((id) => paths.documents.marksheet(id)),
  'POST /api/v1/documents/verify': jsonCases('POST', paths.documents.verify, () => ({ token: 'a.b.c' })),
  'GET /api/v1/documents/photo/:link': idCases((link) => paths.documents.photo(link)),
  'GET /api/v1/documents/students-without-photo': noInputCases('GET', paths.documents.withoutPhoto, 'office'),
  'GET /api/v1/auth/providers': noInputCases('GET', paths.auth.providers),
  'GET /api/v1/auth/:providerId/start': [
    ...queryCases(paths.auth.start(OFFLINE_SAML), { next: ['//evil.example', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/%2F%2Fevil.example', 'relative/page', '', `/${'x'.repeat(2100)}`, '/a\nb'], test: ['yes', '1', 'TRUE'] }),
    ...idCases((id) => paths.auth.start(id)),
  ],
  'GET /api/v1/auth/:providerId/callback': [
    ...queryCases(paths.auth.callback(OFFLINE_SAML), { state: ['s'.repeat(600)], code: ['c'.repeat(3000)], error: ['e'.repeat(300)] }),
    ...idCases((id) => `${paths.auth.callback(id)}?state=x`),
  ],
  'POST /api/v1/auth/:providerId/acs': [
    ...providerForm(paths.auth.acs(OFFLINE_SAML), 'SAMLResponse=PHNhbWw%2B&RelayState=gone', 'SAMLResponse'),
    { name: 'RelayState too long', request: () => providerPost(paths.auth.acs(OFFLINE_SAML), `SAMLResponse=PHNhbWw%2B&RelayState=${'r'.repeat(600)}`) },
    { name: 'a SAMLResponse past any real one', request: () => providerPost(paths.auth.acs(OFFLINE_SAML), `SAMLResponse=${'P'.repeat(600 * 1024)}`) },
    // Not a response of any request this portal sent: the browser is told on the login page.
    { name: 'a response nobody asked for', mayPass: true, request: () => providerPost(paths.auth.acs(OFFLINE_SAML), 'SAMLResponse=PHNhbWw%2B') },
    ...idCases((id) => paths.auth.acs(id), { method: 'POST', body: () => formOf('SAMLResponse=PHNhbWw%2B') }),
  ],
  'GET /api/v1/auth/:providerId/metadata': idCases((id) => paths.auth.metadata(id)),
  'POST /api/v1/auth/:providerId/backchannel-logout': [
    ...providerForm(paths.auth.backchannelLogout(OFFLINE_OIDC), 'logout_token=a.b.c', 'logout_token'),
    { name: 'a logout token that is no JWT', request: () => providerPost(paths.auth.backchannelLogout(OFFLINE_OIDC), 'logout_token=nonsense') },
    { name: 'a logout token past any real one', request: () => providerPost(paths.auth.backchannelLogout(OFFLINE_OIDC), `logout_token=${'t'.repeat(20_000)}`) },
    ...idCases((id) => paths.auth.backchannelLogout(id), { method: 'POST', body: () => formOf('logout_token=a.b.c') }),
  ],
  'GET /api/v1/auth/link': noInputCases('GET', paths.auth.pendingLink),
  'POST /api/v1/auth/link': jsonCases('POST', paths.auth.link, () => ({ password: DEFAULT_PASSWORD })),
  'GET /api/v1/auth/tests/:testId': idCases((id) => paths.auth.signInTest(id), { as: 'admin' }),
  // ── Coursework: assignments and submissions
  'POST /api/v1/coursework/course/:courseId': [
    ...multipartCases('POST', courseUrl(paths.coursework.create), workFields, { fileField: 'attachments', file: () => textFile('brief.txt', 'brief'), fileRequired: false, optional: [], as: 'professor' }),
    ...(
      [
        ['maxMarks 0', { maxMarks: 0 }, 'maxMarks'],
        ['maxMarks 1001', { maxMarks: 1001 }, 'maxMarks'],
        ['graceMinutes 1441', { graceMinutes: 1441 }, 'graceMinutes'],
        ['a penalty of 101%', { latePenaltyPercentPerDay: 101 }, 'latePenaltyPercentPerDay'],
        ['a due time without its offset', { dueAt: '2030-01-01T10:00' }, 'dueAt'],
        ['closing before due', { closesAt: '2020-01-01T10:00:00Z' }, 'closesAt'],
        ['a rubric that is not JSON', { rubric: '[{' }, 'rubric'],
        ['a rubric of no criteria', { rubric: '[]' }, 'rubric'],
        // Its sentence names the totals, not the field (the answer's `field` does).
        ['a rubric short of the maximum', { rubric: JSON.stringify([{ criterion: 'C', levels: [{ label: 'L', marks: 3 }] }]) }, undefined],
        ['published maybe', { published: 'maybe' }, 'published'],
        ['kind exam', { kind: 'exam' }, 'kind'],
      ] as const
    ).map(([name, fields, names]): Case => ({ name, names, as: 'professor', request: (w) => ({ method: 'POST', url: paths.coursework.create(w.course._id), ...multipart({ ...workFields(), ...fields }) }) })),
    { name: 'six attachments', names: 'attachments', as: 'professor', request: (w) => ({ method: 'POST', url: paths.coursework.create(w.course._id), ...manyFiles('attachments', 6, workFields()) }) },
    ...idCases((id) => paths.coursework.create(id), { method: 'POST', as: 'professor', body: () => multipart(workFields()) }),
  ],
  'GET /api/v1/coursework/course/:courseId': idCases((id) => paths.coursework.ofCourse(id)),
  'GET /api/v1/coursework/:assignmentId': idCases((id) => paths.coursework.get(id)),
  'PATCH /api/v1/coursework/:assignmentId': [
    // Every field is optional, and a PATCH of none changes nothing: neither is wrong here.
    ...jsonCases('PATCH', (w) => paths.coursework.update(w.assignmentId), () => ({ title: 'Renamed', maxMarks: 12, dueAt: '2031-01-01T10:00:00Z' }), 'professor').filter((c) => c.name !== 'empty object' && !c.name.endsWith(' missing')),
    ...(
      [
        ['closing before the stored due time', { closesAt: '2020-01-01T10:00:00Z' }, 'closesAt'],
        ['a rubric short of the stored maximum', { rubric: [{ criterion: 'C', levels: [{ label: 'L', marks: 3 }] }] }, undefined],
        ['marks with three decimals in a rubric', { maxMarks: 1, rubric: [{ criterion: 'C', levels: [{ label: 'L', marks: 0.999 }] }] }, 'marks'],
        ['kind, which never changes', { kind: 'test' }, undefined],
        ['an unknown field', { colour: 'red' }, undefined],
      ] as const
    ).map(([name, payload, names]): Case => ({ name, names, as: 'professor', request: (w) => ({ method: 'PATCH', url: paths.coursework.update(w.assignmentId), payload }) })),
    ...idCases((id) => paths.coursework.update(id), { method: 'PATCH', as: 'professor', body: () => ({ payload: { title: 'x' } }) }),
  ],
  'DELETE /api/v1/coursework/:assignmentId': idCases((id) => paths.coursework.delete(id), { method: 'DELETE', as: 'professor' }),
  'PUT /api/v1/coursework/:assignmentId/extensions/:studentId': [
    // null takes an extension away: not wrong.
    ...jsonCases('PUT', (w) => paths.coursework.extend(w.assignmentId, w.me.user._id), () => ({ dueAt: '2031-01-01T10:00:00Z' }), 'professor').filter((c) => c.name !== 'dueAt as null'),
    { name: 'a day, not a moment', names: 'dueAt', as: 'professor', request: (w) => ({ method: 'PUT', url: paths.coursework.extend(w.assignmentId, w.me.user._id), payload: { dueAt: '2031-01-01' } }) },
    ...idCases((id) => paths.coursework.extend(id, '00000000-0000-4000-8000-000000000000'), { method: 'PUT', as: 'professor', body: () => ({ payload: { dueAt: '2031-01-01T10:00:00Z' } }) }),
    ...idCases((id, w) => paths.coursework.extend(w.assignmentId, id), { method: 'PUT', as: 'professor', body: () => ({ payload: { dueAt: '2031-01-01T10:00:00Z' } }) }),
  ],
  'POST /api/v1/coursework/:assignmentId/submission': [
    // Any text is an answer: only what no text can be (a NUL, too long) is wrong.
    ...multipartCases('POST', (w) => paths.coursework.submit(w.assignmentId), () => ({ text: 'My essay' }), { fileField: 'files', file: () => textFile('essay.txt', 'words'), fileRequired: false, optional: ['text'] }).filter(
      (c) => c.name !== 'text as garbage' && c.name !== 'JSON instead of multipart',
    ),
    ...jsonCases('POST', (w) => paths.coursework.submit(w.assignmentId), () => ({ uploads: [], text: 'My essay' }), 'me', ['text']).filter((c) => c.name !== 'uploads as an array'),
    { name: 'an upload id that is no id', names: 'uploads', request: (w) => ({ method: 'POST', url: paths.coursework.submit(w.assignmentId), payload: { uploads: ['nope'] } }) },
    { name: 'text too long', names: 'text', request: (w) => ({ method: 'POST', url: paths.coursework.submit(w.assignmentId), ...multipart({ text: 't'.repeat(20_001) }) }) },
    { name: 'neither files nor text', request: (w) => ({ method: 'POST', url: paths.coursework.submit(w.assignmentId), ...multipart({}) }) },
    { name: 'eleven files', names: 'files', request: (w) => ({ method: 'POST', url: paths.coursework.submit(w.assignmentId), ...manyFiles('files', 11, {}) }) },
    ...idCases((id) => paths.coursework.submit(id), { method: 'POST', body: () => multipart({ text: 'x' }) }),
  ],
  'GET /api/v1/coursework/:assignmentId/submission': idCases((id) => paths.coursework.mySubmission(id)),
  'GET /api/v1/coursework/:assignmentId/submissions': idCases((id) => paths.coursework.submissions(id), { as: 'professor' }),
  'GET /api/v1/coursework/:assignmentId/submissions.zip': idCases((id) => paths.coursework.submissionsZip(id), { as: 'professor' }),
  // ── end of Coursework: assignments and submissions
  // ── Coursework: marks, gradebook and stream
  'PUT /api/v1/coursework/:assignmentId/marks/:studentId': [
    // Feedback and excused are optional beside marks, and `true` is excused's other valid value.
    ...jsonCases('PUT', (w) => paths.coursework.mark(w.assignmentId, w.me.user._id), () => ({ marks: 5, feedback: 'Good', excused: false }), 'professor', ['feedback', 'excused']).filter((c) => c.name !== 'excused as true'),
    ...[
      ['marks over the maximum', { marks: 10.5 }, 'marks'],
      ['negative marks', { marks: -1 }, 'marks'],
      ['three decimals', { marks: 2.345 }, 'marks'],
      ['marks and a rubric', { marks: 2, rubric: [0] }, undefined],
      ['a rubric the assignment has not', { rubric: [0] }, 'rubric'],
      ['a rubric level that is no index', { rubric: [1.5] }, 'rubric'],
      ['feedback too long', { marks: 2, feedback: 'f'.repeat(10_001) }, 'feedback'],
      ['an unknown field', { marks: 2, grade: 'A' }, undefined],
    ].map(([name, payload, names]): Case => ({ name: String(name), as: 'professor', names: names as string | undefined, request: (w) => ({ method: 'PUT', url: paths.coursework.mark(w.assignmentId, w.me.user._id), payload: payload as object }) })),
    ...idCases((id, w) => paths.coursework.mark(id, w.me.user._id), { method: 'PUT', as: 'professor', body: () => ({ payload: { marks: 1 } }) }),
    ...idCases((id, w) => paths.coursework.mark(w.assignmentId, id), { method: 'PUT', as: 'professor', body: () => ({ payload: { marks: 1 } }) }),
  ],
  // No body returns every draft: only wrong bodies are cases here.
  'POST /api/v1/coursework/:assignmentId/return': [
    ...jsonCases('POST', (w) => paths.coursework.return(w.assignmentId), (w) => ({ studentIds: [w.me.user._id] }), 'professor').filter((c) => c.name !== 'empty object' && !c.name.endsWith(' missing')),
    { name: 'a student id that is no id', as: 'professor', names: 'studentIds', request: (w) => ({ method: 'POST', url: paths.coursework.return(w.assignmentId), payload: { studentIds: ['nope'] } }) },
    ...idCases((id) => paths.coursework.return(id), { method: 'POST', as: 'professor', body: () => ({ payload: {} }) }),
  ],
  'GET /api/v1/coursework/course/:courseId/gradebook': [
    ...['xml', '', 'CSV', 'csv\u0000'].map((format): Case => ({ name: `format=${format}`, as: 'professor', request: (w) => ({ method: 'GET', url: `${paths.coursework.gradebook(w.course._id)}?format=${encodeURIComponent(format)}` }) })),
    ...idCases((id) => paths.coursework.gradebook(id), { as: 'professor' }),
  ],
  'GET /api/v1/coursework/me': noInputCases('GET', paths.coursework.myMarks),
  'GET /api/v1/coursework/due-soon': noInputCases('GET', paths.coursework.dueSoon),
  'GET /api/v1/coursework/course/:courseId/stream': [
    ...Object.entries(PAGING).flatMap(([param, values]) =>
      [...values, withNul(1)].map((value): Case => ({ name: `${param}=${value.slice(0, 20)}`, request: (w) => ({ method: 'GET', url: `${paths.coursework.stream(w.course._id)}?${param}=${encodeURIComponent(value)}` }) })),
    ),
    { name: 'a cursor of another shape', names: 'cursor', request: (w) => ({ method: 'GET', url: `${paths.coursework.stream(w.course._id)}?cursor=${Buffer.from(JSON.stringify(['2026-01-01', 'x'])).toString('base64url')}` }) },
    ...idCases((id) => paths.coursework.stream(id)),
  ],
  'POST /api/v1/coursework/course/:courseId/stream': [
    ...jsonCases('POST', courseUrl(paths.coursework.post), () => ({ text: 'Room change' }), 'professor'),
    { name: 'text too long', as: 'professor', names: 'text', request: (w) => ({ method: 'POST', url: paths.coursework.post(w.course._id), payload: { text: 't'.repeat(10_001) } }) },
    { name: 'text of spaces', as: 'professor', names: 'text', request: (w) => ({ method: 'POST', url: paths.coursework.post(w.course._id), payload: { text: '   ' } }) },
    ...idCases((id) => paths.coursework.post(id), { method: 'POST', as: 'professor', body: () => ({ payload: { text: 'Hi' } }) }),
  ],
  'POST /api/v1/coursework/stream/:postId/comments': [
    ...jsonCases('POST', (w) => paths.coursework.comment(w.postId), () => ({ text: 'Noted' })),
    { name: 'text too long', names: 'text', request: (w) => ({ method: 'POST', url: paths.coursework.comment(w.postId), payload: { text: 't'.repeat(2_001) } }) },
    ...idCases((id) => paths.coursework.comment(id), { method: 'POST', body: () => ({ payload: { text: 'Hi' } }) }),
  ],
  'DELETE /api/v1/coursework/stream/:postId': idCases((id) => paths.coursework.deletePost(id), { method: 'DELETE', as: 'professor' }),
  'DELETE /api/v1/coursework/comments/:commentId': idCases((id) => paths.coursework.deleteComment(id), { method: 'DELETE', as: 'professor' }),
  // ── end of Coursework: marks, gradebook and stream
  'GET /api/v1/calendar/feed': noInputCases('GET', paths.calendar.feed),
  'POST /api/v1/calendar/feed/reset': noInputCases('POST', paths.calendar.reset),
  // A token that opens no feed, whatever its shape: a 404 with nothing in it to tell them apart.
  'GET /calendar/:token.ics': [
    ...BAD_IDS.map(([name, id]): Case => ({ name, request: () => ({ method: 'GET', url: paths.calendar.ics(id) }) })),
    { name: 'a token of the right shape that opens nothing', request: () => ({ method: 'GET', url: paths.calendar.ics('A'.repeat(43)) }) },
    { name: 'a NUL in the token', request: () => ({ method: 'GET', url: `/calendar/${encodeURIComponent(withNul('abc'))}.ics` }) },
    { name: 'junk query string', request: () => ({ method: 'GET', url: `${paths.calendar.ics('A'.repeat(43))}?x=${'z'.repeat(10_000)}&__proto__=1` }) },
  ],
  'POST /api/v1/notes/create-notes/:courseId': [
    ...multipartCases('POST', courseUrl(paths.notes.create), () => ({ filename: 'Week 1' }), { fileField: 'notesfile', fileRequired: true, optional: [], as: 'professor' }),
    ...idCases((id) => paths.notes.create(id), { method: 'POST', as: 'professor', body: notesForm }),
  ],
};

/** Everything a bad request must leave alone: users, sessions, courses, enrolments, notes, files (rows and bytes), the audit trail. */
async function fingerprint(): Promise<string> {
  // Both drivers answer execute() with { rows }.
  const rows = async (query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return JSON.stringify([
    await rows(sql`select id, registration_id, email, fullname, semester, branch, userrole, avatar_file_id, password_hash, pending_email, email_change_token_hash, email_change_expires_at, is_exam_office, is_admin, active, managed, updated_at from users order by id`),
    await rows(sql`select * from audit_entries order by id`),
    await rows(sql`select token_hash, user_id, expires_at from sessions order by token_hash`),
    await rows(sql`select * from courses order by id`),
    await rows(sql`select * from enrollments order by course_id, student_id`),
    await rows(sql`select * from notes order by id`),
    await rows(sql`select * from applications order by id`),
    await rows(sql`select * from marksheets order by id`),
    await rows(sql`select * from events order by id`),
    await rows(sql`select seq, recipient_id, read_at from notifications order by seq`),
    await rows(sql`select * from notification_preferences order by user_id`),
    await rows(sql`select * from files order by id`),
    await rows(sql`select * from password_resets order by token_hash`),
    await rows(sql`select * from identities order by provider, subject`),
    await rows(sql`select id, recipient, template, params, sent_at from mail_jobs order by id`),
    await rows(sql`select * from assignments order by id`),
    await rows(sql`select * from assignment_attachments order by assignment_id, position`),
    await rows(sql`select * from assignment_extensions order by assignment_id, student_id`),
    await rows(sql`select * from submissions order by id`),
    await rows(sql`select * from submission_files order by submission_id, position`),
    await rows(sql`select * from assignment_marks order by assignment_id, student_id`),
    await rows(sql`select * from stream_posts order by id`),
    await rows(sql`select * from stream_comments order by id`),
    storedFiles(ctx).sort(),
  ]);
}

const EXCLUDED = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('bad input', () => {
  let world: World;
  beforeEach(async () => {
    const me = await buildStudent(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, professor);
    await joinCourse(ctx.app, me, course._id);
    const assignment = await insertAssignment(ctx.database.db, course._id, { maxMarks: 10 });
    const posted = await ctx.app.inject({ method: 'POST', url: paths.coursework.post(course._id), headers: { cookie: professor.cookie }, payload: { text: 'Welcome' } });
    const postId = posted.json().data.post._id as string;
    world = { me, professor, course, office: await loginExamOffice(ctx.app), admin: await loginAdmin(ctx.app), event: await buildEvent(ctx.app, me), assignmentId: assignment.id, postId };
  });

  it('covers every registered route', () => {
    const registered = ctx.routes
      .filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/files') || r.url.startsWith('/calendar/')) && !EXCLUDED(r.url))
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
      .sort();
    expect(registered).toEqual(Object.keys(CASES).sort());
  });

  for (const [route, cases] of Object.entries(CASES)) {
    it(`${route}: 4xx envelope, nothing changed`, async () => {
      // What the database and the files hold: a refused case leaves it as it was, so the next
      // case starts from the same state and needs no reading of its own; one that may pass reads it anew.
      let before = await fingerprint();
      for (const c of cases) {
        const options = c.request(world);
        const cookie = world[c.as ?? 'me'].cookie;
        const res = await send(ctx.app, { ...options, headers: { ...(options.headers as Record<string, string>), cookie } });
        const label = `${route} — ${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (!c.mayPass) {
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          const body = res.json();
          expect(body.success, label).toBe(false);
          expect(body.statusCode, label).toBe(res.statusCode);
          expect(body.errors.length, label).toBeGreaterThan(0);
          if (c.names) expect(body.errors[0], label).toContain(fieldLabel(c.names));
          expect(await fingerprint(), label).toBe(before);
        } else {
          before = await fingerprint();
        }
      }
    });
  }
});
