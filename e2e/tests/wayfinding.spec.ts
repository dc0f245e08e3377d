import { expect, test } from '@playwright/test';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { mainNav, newUser, signUp } from '../support/flows';

/**
 * Where am I, and how did I get here: a protected page opened logged out returns there after
 * login; the tab names the page; a menu choice moves focus to the new page's heading; logout
 * lands on /login saying so, and the next login goes home rather than to the last user's page.
 */
test('login returns to the page that asked for it; tabs name pages; logout leaves no way back', async ({ page }) => {
  const student = newUser('student', uniqueRegistrationId());
  // Signup logs in; log out to start from a visitor.
  await signUp(page, student);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Logged out, a bookmarked page sends to login, which returns there.
  await page.goto('/all-notifications');
  await expect(page).toHaveURL(/\/login\?next=%2Fall-notifications$/);
  await expect(page).toHaveTitle('Log in · Campus Portal');
  await page.getByLabel('Registration ID').fill(String(student.registrationId));
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/all-notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page).toHaveTitle('Notifications · Campus Portal');
  await shot(page, 'wayfinding-01-returned-after-login');

  // A menu choice: the tab is named after the new page, and focus is on its heading.
  await mainNav(page).getByRole('button', { name: /Events/ }).click();
  await page.getByRole('menuitem', { name: 'All Events' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'All Events' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('All Events · Campus Portal');

  // Logout lands on /login saying so, with no way back: the next login goes home.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status')).toHaveText('You have logged out.');
  await shot(page, 'wayfinding-02-logged-out');
  await page.getByLabel('Registration ID').fill(String(student.registrationId));
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Home · Campus Portal');

  // An unsafe return path is ignored: login goes home, never to another site.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/')}`);
  await page.getByLabel('Registration ID').fill(String(student.registrationId));
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});
