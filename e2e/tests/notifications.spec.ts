import { expect, test } from '@playwright/test';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { bell, mainNav, newUser, signedInPage } from '../support/flows';

test('notifications arrive live in the other browser: a new course, a join; reading them empties the bell', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const prof = await signedInPage(browser, newUser('professor', id));
  const studentUser = newUser('student', id + 1, { semester: 6, branch: 'Mechanical Engineering' });
  const student = await signedInPage(browser, studentUser);
  await expect(bell(student)).toHaveAccessibleName('Notifications');
  // The bell's count comes from the event stream: the notification list is not fetched for it.
  let listed = 0;
  student.on('request', (r) => {
    if (r.url().includes('/api/v1/notifications/getnotification')) listed += 1;
  });
  await student.reload();
  await expect(mainNav(student).getByRole('button', { name: /Events/ })).toBeVisible();
  const title = `Kinematics ${id}`;

  // The professor creates a course for the student's branch and semester; the student's page
  // is not reloaded, and the bell rises within a couple of seconds.
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Motion without its causes.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByLabel('Semester').selectOption('6');
  await prof.getByLabel('Branch').selectOption('Mechanical Engineering');
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await expect(prof.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await prof.getByRole('button', { name: 'Dismiss' }).click();
  await expect(prof).toHaveURL(/\/course\//);
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
  await shot(student, 'notifications-01-bell');
  expect(listed).toBe(0);

  // The student opens the notification: it becomes read and leads to the course.
  await bell(student).click();
  await expect(student.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await student.getByRole('button', { name: new RegExp(`New course "${title}"`) }).click();
  await expect(student.getByRole('heading', { name: title })).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications', { timeout: 3000 });

  // The student joins; the professor's bell rises, live.
  await student.getByRole('button', { name: 'Join' }).click();
  await expect(bell(prof)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
  await bell(prof).click();
  await expect(prof.getByRole('button', { name: new RegExp(`${studentUser.fullname} joined your course`) })).toBeVisible();
  await shot(prof, 'notifications-02-page');
  await prof.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(prof.getByText(`${studentUser.fullname} joined your course "${title}"`).locator('xpath=ancestor::li')).toHaveClass(/border/);
  await expect(bell(prof)).toHaveAccessibleName('Notifications', { timeout: 3000 });
});
