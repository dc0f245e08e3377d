import { refusal, paths, type AuditEntry, type RosterImport } from '@campus/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, courses, enrollments, notifications, rosterUserRows, users } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildProfessor, buildStudent, loginAdmin, userFields, type TestUser } from '../../../test/factories';
import { multipart } from '../../../test/fixtures';
import { startSmtpServer, testMailConfig, type TestSmtp } from '../../../test/smtp-server';

/**
 * The registrar's roster through the real app and database: CSV files of users, courses and
 * enrolments previewed, then applied, all or nothing; a second application changes nothing.
 * Mail goes to a real SMTP server, where a roster student's first password link arrives.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp) }));
afterAll(() => smtp.stop());

type Kind = 'users' | 'courses' | 'enrolments';

/** Sends a roster file as an administrator (kind and dryRun first, as the contract has them). */
async function send(admin: TestUser, kind: Kind | undefined, csv: string | Buffer, dryRun?: boolean) {
  const data = typeof csv === 'string' ? Buffer.from(csv) : csv;
  const body = multipart({ kind, dryRun: dryRun === undefined ? undefined : String(dryRun) }, { file: { filename: `${kind}.csv`, contentType: 'text/csv', data } });
  return ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
}

async function importOf(admin: TestUser, kind: Kind, csv: string, dryRun?: boolean): Promise<RosterImport> {
  const res = await send(admin, kind, csv, dryRun);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.import as RosterImport;
}

const ids = () => [0, 1, 2].map(() => Number(userFields().registrationId));
const userByRegistrationId = async (registrationId: number) => (await ctx.database.db.select().from(users).where(eq(users.registrationId, registrationId)))[0];
const entriesFor = (targetId: string) => ctx.database.db.select().from(auditEntries).where(eq(auditEntries.targetId, targetId));

/** A student the registrar keeps (as a roster or a campus sign-in would have made it), who can log in. */
async function managedStudent(fields: Parameters<typeof buildStudent>[1] = {}): Promise<TestUser> {
  const student = await buildStudent(ctx.app, fields);
  await ctx.database.db.update(users).set({ managed: true }).where(eq(users.id, student.user._id));
  return student;
}

describe('a users file', () => {
  it('previews a real-looking export — BOM, columns in another order, a quoted comma, Devanagari, one bad semester — naming the bad line and column, and changes nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a, b, c] = ids();
    const csv = `\uFEFFbranch,fullname,registrationId,email,semester,role\r\nComputer Engineering,"Patil, Rohan",${a},rohan.${a}@campus.test,3,student\r\nCivil Engineering,अनन्या शर्मा,${b},ananya.${b}@campus.test,12,Student\r\nCivil Engineering,Meera Iyer,${c},meera.${c}@campus.test,5,professor\r\n`;
    const preview = await importOf(admin, 'users', csv);
    expect(preview).toMatchObject({ kind: 'users', dryRun: true, status: 'previewed', counts: { rows: 3, errors: 1, created: 2 } });
    // The message quotes the cell, so the registrar sees what the file says.
    expect(preview.errors).toEqual([{ line: 3, column: 'semester', code: 'semester_out_of_range', params: { min: 1, max: 8 }, message: 'Semester "12" must be between 1 and 8', value: '12' }]);
    expect(await userByRegistrationId(a!)).toBeUndefined();
    // Asked to apply, the same file is refused: any error applies nothing.
    const refused = await importOf(admin, 'users', csv, false);
    expect(refused).toMatchObject({ status: 'refused', dryRun: false, counts: { errors: 1 } });
    expect(await userByRegistrationId(a!)).toBeUndefined();
    // The preview can be read again.
    const again = await ctx.app.inject({ method: 'GET', url: paths.admin.getImport(preview._id), headers: { cookie: admin.cookie } });
    expect(again.json().data.import).toEqual(preview);
  });

  it('applies the fixed file: managed accounts without a password, names exactly as written, one audit entry each; applied again, changes nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a, b] = ids();
    const csv = `registrationId,email,fullname,role,semester,branch\n${a},rohan.${a}@campus.test,"Patil, Rohan",student,3,Computer Engineering\n${b},ananya.${b}@campus.test,अनन्या शर्मा,student,4,Elecrical Engineering\n`;
    const applied = await importOf(admin, 'users', csv, false);
    expect(applied).toMatchObject({ status: 'applied', counts: { rows: 2, created: 2, updated: 0, unchanged: 0, removed: 0, errors: 0 } });
    // Each new account with its values: the Devanagari name as it came through, the branch as the row's rules read it.
    expect(applied.changes).toEqual([
      {
        line: 2,
        action: 'create',
        key: String(a),
        fields: ['registrationId', 'email', 'fullname', 'role', 'semester', 'branch'],
        values: { registrationId: a, email: `rohan.${a}@campus.test`, fullname: 'Patil, Rohan', role: 'student', semester: 3, branch: 'Computer Engineering' },
      },
      {
        line: 3,
        action: 'create',
        key: String(b),
        fields: ['registrationId', 'email', 'fullname', 'role', 'semester', 'branch'],
        values: { registrationId: b, email: `ananya.${b}@campus.test`, fullname: 'अनन्या शर्मा', role: 'student', semester: 4, branch: 'Electrical Engineering' },
      },
    ]);
    const ananya = await userByRegistrationId(b!);
    expect(ananya).toMatchObject({ fullname: 'अनन्या शर्मा', branch: 'Electrical Engineering', semester: 4, userrole: 2, managed: true, active: true, passwordHash: null });
    const entries = await entriesFor(ananya!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'import.applied', actorId: null, details: { import: { _id: applied._id, kind: 'users', action: 'create' } } });

    const second = await importOf(admin, 'users', csv, false);
    expect(second.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await entriesFor(ananya!.id)).toHaveLength(1);
  });

  it('updates an account the registrar keeps: the change is on the student’s My activity, and the registrar’s fields are theirs to keep', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await managedStudent({ semester: 3 });
    const { registrationId, email, fullname, branch } = student.user;
    const preview = await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${registrationId},${email},${fullname},student,4,${branch}\n`);
    expect(preview.changes).toEqual([{ line: 2, action: 'update', key: String(registrationId), fields: ['semester'], values: { semester: 4 }, before: { semester: 3 } }]);
    await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${registrationId},someone.else@campus.test,${fullname},student,4,${branch}\n`, false);
    const me = (await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } })).json().data;
    // The email stays the owner's: the roster's address is used only for a new account.
    expect(me).toMatchObject({ semester: 4, managed: true, email });
    const activity = (await ctx.app.inject({ method: 'GET', url: paths.users.activity, headers: { cookie: student.cookie } })).json().data.entries as AuditEntry[];
    expect(activity[0]).toMatchObject({ action: 'import.applied', actor: null, details: { changes: { semester: { from: 3, to: 4 } } } });
    const res = await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: student.cookie }, payload: { fullname, email, branch, semester: 5 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([refusal('set_by_registrar', { field: 'semester' }).message]);
  });

  it('never adopts an account made by public signup: its row is an error naming the id, the file applies nothing, and the account stays as its owner made it', async () => {
    const admin = await loginAdmin(ctx.app);
    // Someone signed up first with the registration id the registrar gives a real student.
    const squatter = await buildStudent(ctx.app, { semester: 3 });
    const { registrationId, email } = squatter.user;
    const [fresh] = ids();
    const csv = `registrationId,email,fullname,role,semester,branch\n${fresh},f.${fresh}@campus.test,Fresh,student,1,Civil Engineering\n${registrationId},real.owner@campus.test,Real Owner,professor,8,Computer Engineering\n`;
    const refused = await importOf(admin, 'users', csv, false);
    expect(refused.status).toBe('refused');
    expect(refused.errors).toEqual([
      { line: 3, column: 'registrationId', code: 'roster_adoption_refused', params: { registrationId }, message: `Registration ID ${registrationId} belongs to an account made with a password (public signup), not by the registrar: the roster does not take it over (its owner links it by signing in with the campus account and giving that password)`, value: null },
    ]);
    expect(await userByRegistrationId(fresh!)).toBeUndefined();
    const after = await userByRegistrationId(registrationId);
    expect(after).toMatchObject({ managed: false, userrole: 2, semester: 3, email, fullname: squatter.user.fullname });
    expect(after!.passwordHash).not.toBeNull();
    expect((await entriesFor(after!.id)).filter((e) => e.action === 'import.applied')).toEqual([]);
  });

  it('switches off an account with status inactive: its sessions end', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await managedStudent();
    const { registrationId, email, fullname, semester, branch } = student.user;
    await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch,status\n${registrationId},${email},${fullname},student,${semester},${branch},inactive\n`, false);
    expect((await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } })).statusCode).toBe(401);
    expect(await userByRegistrationId(registrationId)).toMatchObject({ active: false });
  });

  it('refuses what no single row shows — a registration id twice, an email another account has, the exam office’s id, the exam office made a student — and applies none of it', async () => {
    const admin = await loginAdmin(ctx.app);
    const other = await buildStudent(ctx.app);
    const [a, b] = ids();
    const office = ctx.config.examOffice;
    const csv = [
      'registrationId,email,fullname,role,semester,branch',
      `${a},a.${a}@campus.test,A,student,1,Civil Engineering`,
      `${a},b.${a}@campus.test,A again,student,1,Civil Engineering`,
      `${b},${other.user.email.toUpperCase()},B,student,1,Civil Engineering`,
      `${office.registrationId},${office.email},Exam Office,student,8,Computer Engineering`,
    ].join('\n');
    const refused = await importOf(admin, 'users', csv, false);
    expect(refused.status).toBe('refused');
    expect(refused.errors).toEqual([
      { line: 3, column: 'registrationId', code: 'roster_duplicate', params: { value: a, first: 2 }, message: `Registration ID ${a} is also on line 2`, value: null },
      { line: 4, column: 'email', code: 'email_taken', params: {}, message: refusal('email_taken').message, value: null },
      // The exam office's account was made at setup, with a password: no roster row takes it over either.
      { line: 5, column: 'registrationId', code: 'roster_adoption_refused', params: { registrationId: office.registrationId }, message: expect.stringContaining(`Registration ID ${office.registrationId} belongs to an account made with a password`), value: null },
      { line: 5, column: 'role', code: 'exam_office_professors_only', params: {}, message: refusal('exam_office_professors_only').message, value: null },
    ]);
    expect(await userByRegistrationId(a!)).toBeUndefined();
  });

  it('leaves no staged rows behind', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a] = ids();
    await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${a},x.${a}@campus.test,X,student,1,Civil Engineering\n`);
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(rosterUserRows)).toEqual([{ n: 0 }]);
  });

  it('lets a roster student set a first password through "Forgot password", sent to the roster’s address', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a] = ids();
    const address = `first.${a}@campus.test`;
    await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${a},${address},First Timer,student,2,Civil Engineering\n`, false);
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.forgotPassword, payload: { registrationId: a } })).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    let token: string | undefined;
    while (!token && Date.now() < deadline) {
      const mail = smtp.received.find((m) => m.to.includes(address));
      token = /reset-password\?token=([\w-]+)/.exec(mail?.parsed.text ?? '')?.[1];
      if (!token) await new Promise((r) => setTimeout(r, 25));
    }
    expect(token).toBeDefined();
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.resetPassword, payload: { token, newpassword: 'my very first passphrase' } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId: a, password: 'my very first passphrase' } })).statusCode).toBe(200);
  });
});

describe('a registrar’s own export, its columns mapped on the page', () => {
  /** Sends `csv` with a column mapping (the multipart field `columns`, before the file). */
  async function sendMapped(admin: TestUser, kind: Kind, csv: string, columns: unknown, dryRun = true) {
    const body = multipart({ kind, dryRun: String(dryRun), columns: typeof columns === 'string' ? columns : JSON.stringify(columns) }, { file: { filename: `${kind}.csv`, contentType: 'text/csv', data: Buffer.from(csv) } });
    return ctx.app.inject({ method: 'POST', url: paths.admin.createImport, headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
  }
  const TYPICAL = { 'Reg. No.': 'registrationId', 'Email ID': 'email', 'Student Name': 'fullname', Sem: 'semester', Dept: 'branch', Category: 'role', 'Sr. No.': null };

  it('applies a typical export (Reg. No., Email ID, Student Name, Sem…) through the mapping, ignoring the columns mapped to nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a, b] = ids();
    const csv = `Sr. No.,Reg. No.,Email ID,Student Name,Sem,Dept,Category\n1,${a},a.${a}@campus.test,अनन्या शर्मा,3,Civil Engineering,student\n2,${b},b.${b}@campus.test,Rohan Patil,5,Computer Engineering,Student\n`;
    // Without the mapping the header is what the registrar's software wrote: every column an error.
    const unmapped = await importOf(admin, 'users', csv);
    expect(unmapped.counts.errors).toBeGreaterThan(0);
    expect(unmapped.errors[0]).toMatchObject({ line: 1, value: 'Sr. No.' });

    const res = await sendMapped(admin, 'users', csv, TYPICAL, false);
    expect(res.statusCode, res.body).toBe(201);
    const applied = res.json().data.import as RosterImport;
    expect(applied).toMatchObject({ status: 'applied', counts: { rows: 2, created: 2, errors: 0 } });
    expect(applied.changes[0]!.values).toMatchObject({ registrationId: a, fullname: 'अनन्या शर्मा', semester: 3 });
    expect(await userByRegistrationId(b!)).toMatchObject({ fullname: 'Rohan Patil', semester: 5, branch: 'Computer Engineering', managed: true });
  });

  it('refuses a mapping to a column the kind does not have, one roster column mapped twice, and one that is not JSON, each 400 naming columns', async () => {
    const admin = await loginAdmin(ctx.app);
    const csv = 'Reg. No.,Name\n1,X\n';
    const refusals = [
      [{ 'Reg. No.': 'rollNumber' }, 'Columns: "rollNumber" is not a column of users files; they are registrationId, email, fullname, role, semester, branch, status'],
      [{ 'Reg. No.': 'registrationId', Name: 'registrationId' }, 'Columns: registrationId is mapped from both "Reg. No." and "Name"'],
      ['Reg. No. is registrationId', "Columns must be a JSON object of the file's column names, each to a roster column or to null to ignore it"],
      [['registrationId'], "Columns must be a JSON object of the file's column names, each to a roster column or to null to ignore it"],
    ] as const;
    for (const [columns, message] of refusals) {
      const res = await sendMapped(admin, 'users', csv, columns);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toBe(message);
    }
    // Nothing was recorded for any of them.
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(rosterUserRows)).toEqual([{ n: 0 }]);
  });

  it('quotes the offending cell in each error, whole characters only and on one line', async () => {
    const admin = await loginAdmin(ctx.app);
    const [a, b] = ids();
    const long = 'अ'.repeat(60);
    const csv = `registrationId,email,fullname,role,semester,branch\n${a},a.${a}@campus.test,A,student,III,Civil Engineering\n${b},b.${b}@campus.test,B,"lec\nturer",2,${long}\n`;
    const preview = await importOf(admin, 'users', csv);
    expect(preview.errors).toEqual([
      { line: 2, column: 'semester', code: 'field_not_number', params: {}, message: 'Semester "III" must be a number', value: 'III' },
      { line: 3, column: 'role', code: 'choice_invalid', params: { choices: ['student', 'professor'] }, message: 'Role "lec turer" must be student or professor', value: 'lec\nturer' },
      { line: 3, column: 'branch', code: 'branch_unknown', params: {}, message: `Branch "${'अ'.repeat(39)}…" must be one of the nine branches`, value: long },
    ]);
  });

  it('takes professors without a semester or branch, and still asks a student for both; an update lists each change before and after', async () => {
    const admin = await loginAdmin(ctx.app);
    const [p, s] = ids();
    const professor = await managedStudent({ semester: 3 });
    const csv = `registrationId,email,fullname,role\n${p},p.${p}@campus.test,Prof. Meera Iyer,professor\n${s},s.${s}@campus.test,A Student,student\n`;
    const refused = await importOf(admin, 'users', csv, false);
    expect(refused.errors).toEqual([
      { line: 3, column: 'semester', code: 'required_for_student', params: {}, message: 'Semester is required for a student', value: null },
      { line: 3, column: 'branch', code: 'required_for_student', params: {}, message: 'Branch is required for a student', value: null },
    ]);
    const { registrationId, email, fullname } = professor.user;
    const applied = await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${p},p.${p}@campus.test,Prof. Meera Iyer,professor,,\n${registrationId},${email},${fullname},professor,,\n`, false);
    expect(applied).toMatchObject({ status: 'applied', counts: { created: 1, updated: 1, errors: 0 } });
    expect(applied.changes).toEqual([
      { line: 2, action: 'create', key: String(p), fields: ['registrationId', 'email', 'fullname', 'role'], values: { registrationId: p, email: `p.${p}@campus.test`, fullname: 'Prof. Meera Iyer', role: 'professor' } },
      // A cleared semester and branch have no new value: `fields` names them, `before` says what they were.
      { line: 3, action: 'update', key: String(registrationId), fields: ['role', 'semester', 'branch'], values: { role: 'professor' }, before: { role: 'student', semester: 3, branch: professor.user.branch } },
    ]);
    expect(await userByRegistrationId(p!)).toMatchObject({ userrole: 1, semester: null, branch: null });
    expect(await userByRegistrationId(registrationId)).toMatchObject({ userrole: 1, semester: null, branch: null });
  });
});

describe('a courses file and an enrolments file', () => {
  it('creates courses owned by professors, telling each owner, enrols and removes students with notices and audit entries; applied again, change nothing', async () => {
    const admin = await loginAdmin(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app, { semester: 5, branch: 'Textile Engineering' });
    const other = await buildStudent(ctx.app, { semester: 5, branch: 'Textile Engineering' });
    const [n1, n2] = ids();
    const coursesCsv = `coursenumber,title,description,semester,branch,owner,examDate\n${n1},Weaving I,"Looms, yarns and weaves",5,Textile Engineering,${professor.user.registrationId},2099-05-01\n${n2},Dyeing,Colour,5,Textile Engineering,${professor.user.registrationId},\n`;
    const made = await importOf(admin, 'courses', coursesCsv, false);
    expect(made).toMatchObject({ status: 'applied', counts: { created: 2 } });
    const rows = await ctx.database.db.select().from(courses).where(inArray(courses.coursenumber, [n1!, n2!]));
    expect(rows.map((c) => [c.title, c.ownerId, c.examDate]).sort()).toEqual([
      ['Dyeing', professor.user._id, null],
      ['Weaving I', professor.user._id, '2099-05-01'],
    ]);
    // The owner hears of each course; the cohort does not (the enrolments file tells each student of theirs).
    const ownerTold = await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, professor.user._id));
    expect(ownerTold.map((n) => n.content).sort()).toEqual([
      'The registrar\'s roster gave you the course "Dyeing" (Textile Engineering, semester 5)',
      'The registrar\'s roster gave you the course "Weaving I" (Textile Engineering, semester 5)',
    ]);
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, student.user._id))).toEqual([]);
    expect((await importOf(admin, 'courses', coursesCsv, false)).counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const weaving = rows.find((c) => c.title === 'Weaving I')!;
    await ctx.database.db.insert(enrollments).values({ courseId: weaving.id, studentId: other.user._id });
    const enrolmentsCsv = `registrationId,coursenumber,status\n${student.user.registrationId},${n1},active\n${other.user.registrationId},${n1},removed\n${student.user.registrationId},${n2},active\n`;
    const preview = await importOf(admin, 'enrolments', enrolmentsCsv);
    expect(preview.counts).toMatchObject({ created: 2, removed: 1 });
    const applied = await importOf(admin, 'enrolments', enrolmentsCsv, false);
    expect(applied.status).toBe('applied');
    const inWeaving = await ctx.database.db.select().from(enrollments).where(eq(enrollments.courseId, weaving.id));
    expect(inWeaving.map((e) => e.studentId)).toEqual([student.user._id]);
    const studentNews = (await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, student.user._id))).map((n) => n.content);
    expect(studentNews).toContain('You were enrolled in the course "Weaving I"');
    const otherNews = (await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, other.user._id))).map((n) => n.content);
    expect(otherNews).toContain('You were removed from the course "Weaving I"');
    const ownerNews = (await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, professor.user._id))).map((n) => n.content);
    expect(ownerNews.filter((c) => c.startsWith(`${student.user.fullname} was enrolled`))).toHaveLength(2);
    const removal = (await entriesFor(other.user._id)).find((e) => e.action === 'import.applied');
    expect(removal?.details).toMatchObject({ import: { kind: 'enrolments', action: 'remove' }, course: { coursenumber: n1, title: 'Weaving I' } });
    expect((await importOf(admin, 'enrolments', enrolmentsCsv, false)).counts).toMatchObject({ created: 0, removed: 0, unchanged: 3 });
  });

  it("sets a course's exam times and centre; a moved time tells the enrolled students and raises the exam's revision; empty cells keep the course's own", async () => {
    const admin = await loginAdmin(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app, { semester: 5, branch: 'Textile Engineering' });
    const [n1] = ids();
    const header = 'coursenumber,title,description,semester,branch,owner,examDate,examStart,examEnd,examCentre';
    const line = (times: string, centre: string) => `${n1},Weaving I,Looms,5,Textile Engineering,${professor.user.registrationId},2099-05-01,${times},${centre}`;
    const made = await importOf(admin, 'courses', `${header}\n${line('09:30,12:30', '"Main Block, Hall 2"')}\n`, false);
    expect(made.counts).toMatchObject({ created: 1 });
    const course = async () => (await ctx.database.db.select().from(courses).where(eq(courses.coursenumber, n1!)))[0]!;
    expect(await course()).toMatchObject({ examStart: '09:30', examEnd: '12:30', examCentre: 'Main Block, Hall 2', examDateRevision: 0 });
    await ctx.database.db.insert(enrollments).values({ courseId: (await course()).id, studentId: student.user._id });

    // Empty cells change nothing.
    expect((await importOf(admin, 'courses', `${header}\n${line(',', '')}\n`, false)).counts).toMatchObject({ unchanged: 1 });
    const moved = await importOf(admin, 'courses', `${header}\n${line('14:00,17:00', '')}\n`, false);
    expect(moved.counts).toMatchObject({ updated: 1 });
    expect(await course()).toMatchObject({ examStart: '14:00', examEnd: '17:00', examCentre: 'Main Block, Hall 2', examDateRevision: 1 });
    const news = (await ctx.database.db.select().from(notifications).where(eq(notifications.recipientId, student.user._id))).map((n) => [n.content, n.kind]);
    expect(news).toEqual([['The exam of "Weaving I" is now on Friday, 1 May 2099 (02:00 PM to 05:00 PM): download your admit card again', 'exams']]);
    const entry = (await entriesFor(professor.user._id)).find((e) => (e.details as { changes?: object }).changes);
    expect((entry?.details as { changes: object }).changes).toEqual({ examStart: { from: '09:30', to: '14:00' }, examEnd: { from: '12:30', to: '17:00' } });

    // Half a pair, or an end before the start, is the row's error, naming the column.
    const bad = await importOf(admin, 'courses', `${header}\n${line('14:00,', '')}\n${line('14:00,13:00', '')}\n`);
    expect(bad.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [2, 'examEnd', refusal('exam_end_needed').message],
      // The roster quotes the offending cell in its message.
      [3, 'examEnd', 'Exam end time "13:00" must be after the start time'],
    ]);
  });

  it('refuses an owner who is not a professor, a course that does not exist and an account that is not a student', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const [n1, missing] = ids();
    const badCourses = await importOf(admin, 'courses', `coursenumber,title,description,semester,branch,owner\n${n1},T,D,1,Civil Engineering,${student.user.registrationId}\n`, false);
    expect(badCourses.errors).toEqual([{ line: 2, column: 'owner', code: 'roster_not_professor', params: { registrationId: student.user.registrationId }, message: `Registration ID ${student.user.registrationId} is not a professor’s account`, value: null }]);
    const badEnrolments = await importOf(admin, 'enrolments', `coursenumber,registrationId,status\n${missing},${student.user.registrationId},active\n${missing},${professor.user.registrationId},active\n`, false);
    expect(badEnrolments.errors).toEqual([
      { line: 2, column: 'coursenumber', code: 'roster_no_course', params: { coursenumber: missing }, message: `No course has course number ${missing}`, value: null },
      { line: 3, column: 'coursenumber', code: 'roster_no_course', params: { coursenumber: missing }, message: `No course has course number ${missing}`, value: null },
      { line: 3, column: 'registrationId', code: 'roster_not_student', params: { registrationId: professor.user.registrationId }, message: `Registration ID ${professor.user.registrationId} is not a student’s account`, value: null },
    ]);
  });
});

describe('POST /admin/imports refuses', () => {
  it('everyone but an administrator', async () => {
    const professor = await buildProfessor(ctx.app);
    expect((await send(professor, 'users', 'registrationId\n')).statusCode).toBe(403);
  });

  it('a request without a kind, or with an unknown one, naming it', async () => {
    const admin = await loginAdmin(ctx.app);
    const missing = await send(admin, undefined, 'registrationId\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'field_required', field: 'kind', errors: ['Kind is required'] });
    const unknown = await send(admin, 'grades' as Kind, 'registrationId\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'choice_invalid', field: 'kind', params: { choices: ['users', 'courses', 'enrolments'] }, errors: ['Kind must be users, courses or enrolments'] });
  });

  it('a file that is not UTF-8 text, with 415', async () => {
    const admin = await loginAdmin(ctx.app);
    const latin1 = Buffer.concat([Buffer.from('registrationId,email,fullname,role,semester,branch\n211099001,j@x.test,J'), Buffer.from([0xf6]), Buffer.from('rg,student,1,Civil Engineering\n')]);
    const res = await send(admin, 'users', latin1);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'roster_not_text', field: 'file', errors: [refusal('roster_not_text').message] });
  });

  it('an unknown import id with 404', async () => {
    const admin = await loginAdmin(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: paths.admin.getImport('00000000-0000-4000-8000-000000000000'), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
