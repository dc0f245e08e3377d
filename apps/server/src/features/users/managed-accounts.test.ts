import { refusal, paths } from '@campus/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { storedFiles, useTestApp } from '../../../test/build-app';
import { DEFAULT_PASSWORD, buildCourse, buildProfessor, buildStudent, joinCourse, loginAdmin, loginExamOffice, userFields } from '../../../test/factories';
import { multipart, pngAvatar } from '../../../test/fixtures';

/**
 * Accounts a campus vouches for: with SIGNUP=closed nobody signs up, and a managed account (the
 * registrar's roster made or updated it) keeps its name, semester and branch as the registrar
 * says, while its email and password stay its owner's.
 */
const ctx = useTestApp();

const update = (cookie: string, body: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: paths.users.updateAccount, headers: { cookie }, payload: body });

describe('SIGNUP', () => {
  it('is open by default, and /config says so', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: paths.config })).json().data.signupOpen).toBe(true);
  });

  it('closed, refuses every signup with 403 before reading the body, storing nothing; /config says so', async () => {
    const closed = await ctx.extraApp({ signupOpen: false });
    expect((await closed.inject({ method: 'GET', url: paths.config })).json().data.signupOpen).toBe(false);
    const before = storedFiles(ctx).length;
    const fields = userFields();
    const res = await closed.inject({ method: 'POST', url: paths.users.register, ...multipart(fields, pngAvatar()) });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([refusal('signup_closed').message]);
    expect(await ctx.database.db.select().from(users).where(eq(users.registrationId, Number(fields.registrationId)))).toEqual([]);
    expect(storedFiles(ctx).length).toBe(before);
  });
});

describe('a managed account', () => {
  async function managedStudent() {
    const student = await buildStudent(ctx.app);
    await ctx.database.db.update(users).set({ managed: true }).where(eq(users.id, student.user._id));
    return student;
  }

  it.each([
    ['fullname', 'Someone Else'],
    ['semester', 7],
    ['branch', 'Civil Engineering'],
  ] as const)('refuses a change of %s with 403 naming it, and changes nothing', async (field, value) => {
    const { user, cookie } = await managedStudent();
    const res = await update(cookie, { fullname: user.fullname, semester: user.semester, branch: user.branch, email: user.email, [field]: value });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([refusal('set_by_registrar', { field: field }).message]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ fullname: user.fullname, semester: user.semester, branch: user.branch });
  });

  it('takes the same values back with a new email: the address is its owner’s', async () => {
    const { user, cookie } = await managedStudent();
    const email = `own.${user.registrationId}@elsewhere.test`;
    const res = await update(cookie, { fullname: user.fullname, semester: user.semester, branch: user.branch, email, currentPassword: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email, managed: true });
  });

  it('changes its own password', async () => {
    const { cookie } = await managedStudent();
    const res = await ctx.app.inject({ method: 'POST', url: paths.users.changePassword, headers: { cookie }, payload: { oldpassword: DEFAULT_PASSWORD, newpassword: 'a passphrase of my own' } });
    expect(res.statusCode).toBe(200);
  });

  it('made by the roster with no password yet, signs in with nothing until its owner sets one', async () => {
    const registrationId = Number(userFields().registrationId);
    await ctx.database.db.insert(users).values({
      id: randomUUID(),
      registrationId,
      email: `roster.${registrationId}@campus.test`,
      fullname: 'Roster Student',
      semester: 2,
      branch: 'Civil Engineering',
      userrole: 2,
      passwordHash: null,
      managed: true,
    });
    for (const password of ['', 'anything at all', DEFAULT_PASSWORD]) {
      const res = await ctx.app.inject({ method: 'POST', url: paths.users.login, payload: { registrationId, password } });
      expect(res.statusCode, password).toBeGreaterThanOrEqual(400);
      if (password !== '') expect(res.json().errors).toEqual([refusal('invalid_login').message]);
    }
  });
});

describe('a student the directory and the roster left without a semester and branch', () => {
  async function cohortless() {
    const student = await buildStudent(ctx.app);
    await ctx.database.db.update(users).set({ managed: true, semester: null, branch: null }).where(eq(users.id, student.user._id));
    return student;
  }
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

  it('is shown with null ones, to herself, the exam office and the administration', async () => {
    const { user, cookie } = await cohortless();
    expect((await get(paths.users.currentUser, cookie)).json().data).toMatchObject({ semester: null, branch: null });
    const office = await loginExamOffice(ctx.app);
    expect((await get(paths.users.getUser(user._id), office.cookie)).json().data.user).toMatchObject({ semester: null, branch: null });
    const admin = await loginAdmin(ctx.app);
    const found = await get(`${paths.admin.users}?q=${user.registrationId}`, admin.cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.users).toMatchObject([{ _id: user._id, semester: null, branch: null }]);
  });

  it('is asked to choose them (400) where they are needed — a marksheet, the admit card — and nothing crashes around her', async () => {
    const student = await cohortless();
    const apply = await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: student.cookie }, payload: { semester: 1 } });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().errors).toEqual([refusal('choose_semester_and_branch').message]);
    // A course for a cohort is made (its fan-out passes her by), she may join it, and her card asks first.
    const professor = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, professor, { examDate: '2099-01-15' });
    await joinCourse(ctx.app, student, course._id);
    const card = await get(paths.documents.admitCard, student.cookie);
    expect(card.statusCode).toBe(400);
    expect(card.json().errors).toEqual([refusal('admit_card_needs_cohort').message]);
  });

  it('chooses them once, then they are the registrar’s; with mail off or on, the choice is audited', async () => {
    const { user, cookie } = await cohortless();
    const chosen = await update(cookie, { fullname: user.fullname, email: user.email, semester: 2, branch: 'Civil Engineering' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.user).toMatchObject({ semester: 2, branch: 'Civil Engineering' });
    const changed = await update(cookie, { fullname: user.fullname, email: user.email, semester: 2, branch: 'Mechanical Engineering' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().errors).toEqual([refusal('set_by_registrar', { field: 'branch' }).message]);
    const activity = (await get(paths.users.activity, cookie)).json().data.entries;
    expect(activity[0]).toMatchObject({ action: 'user.updated', details: { changes: { semester: { from: null, to: 2 }, branch: { from: null, to: 'Civil Engineering' } } } });
  });
});
