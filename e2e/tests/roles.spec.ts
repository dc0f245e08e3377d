import { expect, test } from '@playwright/test';
import { EXAM_OFFICE } from '../support/env';
import { expectNoSeriousA11yViolations, shot } from '../support/fixtures';
import { logIn, mainNav } from '../support/flows';

test('the exam office sees no course items, and sees Applications', async ({ page }) => {
  await logIn(page, EXAM_OFFICE.registrationId, EXAM_OFFICE.password);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Applications' })).toBeVisible();
  for (const name of ['Courses', 'My Courses', 'Add Course', 'Admit Card']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await shot(page, 'exam-office-home');
});

test('logged out, the header offers Login, Signup and Professor Signup and no course items', async ({ page }) => {
  await page.goto('/');
  const nav = mainNav(page);
  for (const name of ['Home', 'Login', 'Signup', 'Professor Signup']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Courses', exact: true })).toHaveCount(0);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

for (const path of ['/login', '/student-signup', '/teacher-signup']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  });
}
