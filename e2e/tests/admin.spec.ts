import { pages } from '@campus/contract/pages';
import { expect, request, test } from '@playwright/test';
import { ADMIN } from '../support/env';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { logIn, mainNav, newUser } from '../support/flows';
import { createCourse, joinCourse, login, register, removeStudent } from '../support/seed';

/**
 * Someone in charge: a student sees on My activity which professor removed them from a course;
 * an administrator finds that student by part of their name and deactivates them, and the
 * student's open page is logged out at once.
 */
const id = uniqueRegistrationId();
const professor = newUser('professor', id, { fullname: `Grace Hopper ${id}` });
const student = newUser('student', id + 1, { fullname: `Ada Quistgaard ${id}` });
const courseTitle = `Thermodynamics ${id}`;

test('an administrator deactivates a student found by part of the name; the student saw who removed them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // The world, through the API: a course the student joined and the professor removed them from.
  const prof = await request.newContext({ baseURL });
  await register(prof, professor);
  await login(prof, professor.registrationId, professor.password);
  const course = await createCourse(prof, { title: courseTitle, coursenumber: id, semester: 3, branch: student.branch });
  const stud = await request.newContext({ baseURL });
  const { _id: studentId } = await register(stud, student);
  await login(stud, student.registrationId, student.password);
  await joinCourse(stud, course._id);
  await removeStudent(prof, course._id, studentId);
  await Promise.all([prof.dispose(), stud.dispose()]);

  // The student, in their own browser, finds My activity from the profile.
  const studentPage = await (await browser.newContext()).newPage();
  await logIn(studentPage, student.registrationId, student.password);
  await expect(mainNav(studentPage)).toBeVisible();
  await expect(mainNav(studentPage).getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await studentPage.goto(pages.updateAccount);
  await studentPage.getByRole('link', { name: 'My activity' }).click();
  await expect(studentPage.getByRole('heading', { level: 1, name: 'My activity' })).toBeFocused();
  const activity = studentPage.getByRole('list', { name: 'Your activity' });
  // Newest first: this browser's sign-in, then the removal.
  await expect(activity.getByRole('listitem').first()).toContainText(/You signed in to your account from a new device \(Chrome on Linux\)\./);
  await expect(activity.getByRole('listitem').filter({ hasText: `${professor.fullname} removed you from ${courseTitle} (course ${id}).` })).toHaveCount(1);
  await shot(studentPage, 'admin-01-my-activity');
  // A student opening the administration is told it is not for them.
  await studentPage.goto(pages.adminUsers);
  await expect(studentPage.getByText('The administration pages are for the campus’s administrators.')).toBeVisible();
  // The student leaves My activity open.
  await studentPage.goto(pages.activity);
  await expect(studentPage.getByRole('heading', { level: 1, name: 'My activity' })).toBeVisible();

  // The administrator, in another browser, searches for part of the student's name.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, ADMIN.registrationId, ADMIN.password);
  await mainNav(adminPage).getByRole('link', { name: 'Administration' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(`quistgaard ${id}`.toUpperCase());
  await adminPage.keyboard.press('Enter');
  const found = adminPage.getByRole('list', { name: 'Users found' });
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await shot(adminPage, 'admin-02-users-search');
  await found.getByRole('link', { name: student.fullname }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: student.fullname })).toBeVisible();
  await expect(adminPage.getByRole('list', { name: `Audit entries about ${student.fullname}` })).toContainText(`${professor.fullname} removed ${student.fullname} from ${courseTitle}`);
  await shot(adminPage, 'admin-03-user');

  // Deactivating asks first, saying what follows.
  await adminPage.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Deactivate ${student.fullname}?` });
  await expect(dialog).toContainText('Their sessions end at once');
  await shot(adminPage, 'admin-04-deactivate-dialog');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(adminPage.getByRole('status')).toContainText(`${student.fullname} is deactivated.`);
  await expect(adminPage.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  // The student's open page is logged out without them doing anything.
  await expect(studentPage).toHaveURL(/\/login/, { timeout: 10_000 });
  await expect(mainNav(studentPage).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // Their password no longer lets them in, and the login page says why.
  await logIn(studentPage, student.registrationId, student.password);
  await expect(studentPage.getByRole('alert')).toContainText('This account has been deactivated.');

  // The audit log has the deactivation, by the administrator.
  await adminPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
  // (By its text, not as the newest entry: a journey in the other worker may have made one since.)
  await expect(adminPage.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: `deactivated ${student.fullname}’s account.` })).toHaveCount(1);
  await shot(adminPage, 'admin-05-audit-log');
});
