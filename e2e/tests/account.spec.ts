import { expect, test } from '@playwright/test';
import { png, shot, uniqueRegistrationId } from '../support/fixtures';
import { logIn, mainNav, newUser, signUp } from '../support/flows';

test('a professor signs up, logs in, edits the profile, changes avatar and password, and logs out', async ({ page }) => {
  const prof = newUser('professor', uniqueRegistrationId());

  // Signing up logs in: the home page, with a welcome.
  await signUp(page, prof);
  await shot(page, 'professor-01-signed-up');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(prof.fullname) })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Add Course' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admit Card' })).toHaveCount(0);
  await expect(page.getByText('Professor', { exact: true }).first()).toBeVisible();
  await shot(page, 'professor-02-home');

  // Profile: view, then edit and save.
  await page.goto('/update-account');
  await expect(page.getByRole('main').getByText('Professor', { exact: true })).toBeVisible();
  await expect(page.getByText(prof.email)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const renamed = `${prof.fullname} Renamed`;
  await page.getByLabel('Full name').fill(renamed);
  await page.getByLabel('Semester').selectOption('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await shot(page, 'professor-03-profile-edited');

  // Avatar: upload a new image; the server answers with the new avatar URL.
  await page.goto('/update-avatar');
  const before = await page.getByRole('img', { name: /avatar/i }).first().getAttribute('src');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/avatar') && r.request().method() === 'PATCH');
  await page.getByLabel('Avatar', { exact: true }).setInputFiles(png('new-avatar.png', [200, 40, 40]));
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: /avatar/i }).first()).not.toHaveAttribute('src', before ?? '');
  const avatarSrc = await page.getByRole('img', { name: /avatar/i }).first().getAttribute('src');
  const avatar = await page.request.get(avatarSrc!);
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['content-type']).toBe('image/png');
  await shot(page, 'professor-04-avatar');

  // Password change, then log out; the old password no longer works, the new one does.
  const newPassword = `${prof.password}-changed`;
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill(prof.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await shot(page, 'professor-05-password-changed');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await shot(page, 'professor-06-logged-out');

  await logIn(page, prof.registrationId, prof.password);
  await expect(page.getByRole('alert')).toContainText('That registration id or password is not right.');
  await logIn(page, prof.registrationId, newPassword);
  await expect(page.getByRole('heading', { name: new RegExp(renamed) })).toBeVisible();
});

test('a student signs up; the session survives closing the browser and logout ends it on the server', async ({ browser }) => {
  const student = newUser('student', uniqueRegistrationId(), { branch: 'Civil Engineering', semester: 6 });
  const first = await browser.newContext();
  const page = await first.newPage();

  await signUp(page, student);
  await expect(page.getByRole('heading', { name: new RegExp(student.fullname) })).toBeVisible();
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Admit Card' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Course' })).toHaveCount(0);
  await expect(page.getByText('Student', { exact: true }).first()).toBeVisible();
  await shot(page, 'student-01-home');

  // The session cookie is httpOnly and persistent, so a reopened browser is still logged in.
  const state = await first.storageState();
  const cookie = state.cookies.find((c) => c.name === 'campus_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000);
  await first.close();

  const reopened = await browser.newContext({ storageState: state });
  const again = await reopened.newPage();
  await again.goto('/update-account');
  await expect(again.getByText(student.email)).toBeVisible();
  await expect(again.getByText('Civil Engineering')).toBeVisible();
  await shot(again, 'student-02-profile-after-reopen');

  // Logging out revokes the session server-side: the old cookie no longer works anywhere.
  await again.getByRole('button', { name: 'Logout' }).click();
  await expect(mainNav(again).getByRole('link', { name: 'Login' })).toBeVisible();
  const stale = await browser.newContext({ storageState: state });
  const res = await stale.request.get('/api/v1/users/current-user');
  expect(res.status()).toBe(401);
  await Promise.all([reopened.close(), stale.close()]);
});
