import { FIELD_MESSAGES, REFUSALS, paths, type AuditEntry, type RosterImport } from '@campus/contract';
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
    expect(preview.errors).toEqual([{ line: 3, column: 'semester', message: 'Semester must be between 1 and 8' }]);
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
    expect(applied.changes).toEqual([
      { line: 2, action: 'create', key: String(a), fields: ['registrationId', 'email', 'fullname', 'role', 'semester', 'branch'] },
      { line: 3, action: 'create', key: String(b), fields: ['registrationId', 'email', 'fullname', 'role', 'semester', 'branch'] },
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
    expect(preview.changes).toEqual([{ line: 2, action: 'update', key: String(registrationId), fields: ['semester'] }]);
    await importOf(admin, 'users', `registrationId,email,fullname,role,semester,branch\n${registrationId},someone.else@campus.test,${fullname},student,4,${branch}\n`, false);
    const me = (await ctx.app.inject({ method: 'GET', url: paths.users.currentUser, headers: { cookie: student.cookie } })).json().data;
    // The email stays the owner's: the roster's address is used only for a new account.
    expect(me).toMatchObject({ semester: 4, managed: true, email });
    const activity = (await ctx.app.inject({ method: 'GET', url: paths.users.activity, headers: { cookie: student.cookie } })).json().data.entries as AuditEntry[];
    expect(activity[0]).toMatchObject({ action: 'import.applied', actor: null, details: { changes: { semester: { from: 3, to: 4 } } } });
    const res = await ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie: student.cookie }, payload: { fullname, email, branch, semester: 5 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([FIELD_MESSAGES.setByRegistrar('semester')]);
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
      { line: 3, column: 'registrationId', message: `Registration ID ${registrationId} belongs to an account made with a password (public signup), not by the registrar: the roster does not take it over (its owner links it by signing in with the campus account and giving that password)` },
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
      { line: 3, column: 'registrationId', message: `Registration ID ${a} is also on line 2` },
      { line: 4, column: 'email', message: REFUSALS.emailTaken },
      // The exam office's account was made at setup, with a password: no roster row takes it over either.
      { line: 5, column: 'registrationId', message: expect.stringContaining(`Registration ID ${office.registrationId} belongs to an account made with a password`) },
      { line: 5, column: 'role', message: REFUSALS.examOfficeProfessorsOnly },
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

  it('refuses an owner who is not a professor, a course that does not exist and an account that is not a student', async () => {
    const admin = await loginAdmin(ctx.app);
    const student = await buildStudent(ctx.app);
    const professor = await buildProfessor(ctx.app);
    const [n1, missing] = ids();
    const badCourses = await importOf(admin, 'courses', `coursenumber,title,description,semester,branch,owner\n${n1},T,D,1,Civil Engineering,${student.user.registrationId}\n`, false);
    expect(badCourses.errors).toEqual([{ line: 2, column: 'owner', message: `Registration ID ${student.user.registrationId} is not a professor’s account` }]);
    const badEnrolments = await importOf(admin, 'enrolments', `coursenumber,registrationId,status\n${missing},${student.user.registrationId},active\n${missing},${professor.user.registrationId},active\n`, false);
    expect(badEnrolments.errors).toEqual([
      { line: 2, column: 'coursenumber', message: `No course has course number ${missing}` },
      { line: 3, column: 'coursenumber', message: `No course has course number ${missing}` },
      { line: 3, column: 'registrationId', message: `Registration ID ${professor.user.registrationId} is not a student’s account` },
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
    expect(missing.json().errors).toEqual(['Kind is required']);
    const unknown = await send(admin, 'grades' as Kind, 'registrationId\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Kind must be users, courses or enrolments']);
  });

  it('a file that is not UTF-8 text, with 415', async () => {
    const admin = await loginAdmin(ctx.app);
    const latin1 = Buffer.concat([Buffer.from('registrationId,email,fullname,role,semester,branch\n211099001,j@x.test,J'), Buffer.from([0xf6]), Buffer.from('rg,student,1,Civil Engineering\n')]);
    const res = await send(admin, 'users', latin1);
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual([REFUSALS.rosterNotText]);
  });

  it('an unknown import id with 404', async () => {
    const admin = await loginAdmin(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: paths.admin.getImport('00000000-0000-4000-8000-000000000000'), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
