import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { bell, mainNav, newUser, signedInPage, streamLive, type NewUser } from '../support/flows';
import { COHORTS } from '../support/cohorts';
import { createCourse, joinCourse, login, register } from '../support/seed';

test('notifications arrive live in the other browser: a new course, a join; reading them empties the bell', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const profUser = newUser('professor', id);
  const prof = await signedInPage(browser, profUser);
  const cohort = COHORTS.liveBell;
  const studentUser = newUser('student', id + 1, cohort);
  const student = await signedInPage(browser, studentUser);
  await expect(bell(student)).toHaveAccessibleName('Notifications');
  // The bell's count comes from the event stream: the notification list is not fetched for it.
  let listed = 0;
  student.on('request', (r) => {
    if (r.url().includes('/api/v1/notifications/getnotification')) listed += 1;
  });
  await student.reload();
  await expect(mainNav(student).getByRole('button', { name: /Events/ })).toBeVisible();
  await streamLive(student);
  const title = `Kinematics ${id}`;

  // The professor creates a course for the student's branch and semester; the student's page
  // is not reloaded, and the bell rises within a couple of seconds.
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Motion without its causes.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByLabel('Semester').selectOption(String(cohort.semester));
  await prof.getByLabel('Branch').selectOption(cohort.branch);
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await expect(prof.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await prof.getByRole('button', { name: 'Dismiss' }).click();
  await expect(prof).toHaveURL(/\/course\//);
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
  await shot(student, 'notifications-01-bell');
  expect(listed).toBe(0);

  // The student opens the notification, which says who did what: it becomes read and leads to the course.
  await bell(student).click();
  await expect(student.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await student.getByRole('button', { name: new RegExp(`${profUser.fullname} created the course "${title}"`) }).click();
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

/** A user registered and logged in through the API, in a browser context of their own. */
async function apiUser(browser: Browser, user: NewUser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await register(page.request, user);
  await login(page.request, user.registrationId, user.password);
  return page;
}

test('a notification arriving while on a page shows a toast, which leads to it and reads it', async ({ browser }) => {
  const id = uniqueRegistrationId();
  const profUser = newUser('professor', id);
  const prof = await apiUser(browser, profUser);
  const cohort = COHORTS.toast;
  const studentUser = newUser('student', id + 1, cohort);
  const student = await apiUser(browser, studentUser);
  await student.goto('/update-account');
  await expect(bell(student)).toHaveAccessibleName('Notifications');
  await streamLive(student);
  const focused = await student.evaluate(() => document.activeElement?.tagName);

  const title = `Surveying ${id}`;
  const course = await createCourse(prof.request, { title, coursenumber: id, ...cohort });
  const toasts = student.getByTestId('notification-toasts');
  const toast = toasts.getByRole('link', { name: `${profUser.fullname} created the course "${title}" for ${cohort.branch}, semester ${cohort.semester}` });
  await expect(toast).toBeVisible({ timeout: 5000 });
  expect(await student.evaluate(() => document.activeElement?.tagName)).toBe(focused);
  await shot(student, 'notifications-03-toast');
  await toast.click();
  await expect(student).toHaveURL(`/course/${course._id}`);
  await expect(student.getByRole('heading', { name: title })).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications', { timeout: 3000 });
  await expect(toasts.getByRole('link')).toHaveCount(0);
});

test('on a 390 × 844 phone the unread count shows in the header without opening the menu', async ({ browser }) => {
  const id = uniqueRegistrationId();
  const prof = await apiUser(browser, newUser('professor', id));
  const student = await apiUser(browser, newUser('student', id + 1, COHORTS.phoneBell), { width: 390, height: 844 });
  await createCourse(prof.request, { title: `Weaving ${id}`, coursenumber: id, ...COHORTS.phoneBell });
  await student.goto('/');
  const menu = student.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNav(student).getByRole('link', { name: 'Courses', exact: true })).toBeHidden();
  await expect(bell(student)).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(student).getByTestId('unread-count')).toBeVisible();
  await expect(bell(student).getByTestId('unread-count')).toHaveText('1');
  // In the bar itself: the same row as the brand and the Menu button.
  const [bellBox, menuBox] = [await bell(student).boundingBox(), await menu.boundingBox()];
  expect(Math.abs(bellBox!.y - menuBox!.y)).toBeLessThan(12);
  await bell(student).click();
  await expect(student.getByRole('heading', { name: 'Notifications' })).toBeVisible();
});

test('the professor moves the exam: the student’s phone, open on the admit card, is told and shows the new date without a reload', async ({ browser }) => {
  const id = uniqueRegistrationId();
  const profUser = newUser('professor', id);
  const prof = await apiUser(browser, profUser);
  const student = await apiUser(browser, newUser('student', id + 1, COHORTS.examMoved), { width: 390, height: 844 });
  const title = `Geotechnics ${id}`;
  const course = await createCourse(prof.request, { title, coursenumber: id, ...COHORTS.examMoved, examDate: '2099-12-03' });
  await joinCourse(student.request, course._id);

  await student.goto('/hallticket');
  // On a phone the admit card's papers are a list of cards (the table is for wider screens).
  const papers = student.getByRole('list', { name: 'Papers, in exam order' });
  await expect(papers.getByText('Thu, 3 Dec 2099')).toBeVisible();
  await streamLive(student);

  // The professor moves it on the Edit Course tab, as a professor would.
  await prof.goto(`/course/${course._id}/edit-course`);
  await prof.getByLabel('Exam date').fill('2099-12-10');
  await prof.getByRole('button', { name: 'Save' }).click();
  await expect(prof.getByRole('status').filter({ hasText: 'Course updated.' })).toBeVisible();

  // The notice says the printed card is stale, and leads to the card to download again.
  const toast = student.getByTestId('notification-toasts').getByRole('link', { name: new RegExp(`moved the exam of "${title}" from Thursday, 3 December 2099 to Thursday, 10 December 2099.*download your admit card again`) });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(papers.getByText('Thu, 10 Dec 2099')).toBeVisible();
  await expect(papers.getByText('Thu, 3 Dec 2099')).toHaveCount(0);
  await shot(student, 'notifications-04-exam-moved-phone');
  await toast.click();
  await expect(student).toHaveURL('/hallticket');
  await expect(papers.getByText('Thu, 10 Dec 2099')).toBeVisible();
});
