import { expect, test } from '@playwright/test';
import { EXAM_OFFICE } from '../support/env';
import { pdf, shot, uniqueRegistrationId } from '../support/fixtures';
import { bell, logIn, mainNav, newUser, signedInPage } from '../support/flows';

test('a marksheet from request to download: the student applies, the exam office uploads, the student is told and downloads it', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const studentUser = newUser('student', id, { semester: 4 });
  const student = await signedInPage(browser, studentUser);

  // The student applies for semester 3; the row turns to "Applied". Semester 5 is above theirs.
  await mainNav(student).getByRole('link', { name: 'Marksheet' }).click();
  await expect(student.getByRole('heading', { name: 'Marksheet' })).toBeVisible();
  await student.getByRole('button', { name: 'Apply for the marksheet of semester 5' }).click();
  await expect(student.getByRole('alert')).toContainText('cannot apply');
  await student.getByRole('button', { name: 'Apply for the marksheet of semester 3' }).click();
  const row3 = student.getByRole('listitem').filter({ hasText: 'Semester 3' });
  await expect(row3.getByText('Applied')).toBeVisible();
  await shot(student, 'marksheets-01-applied');

  // The exam office sees the open request and opens the applicant.
  const office = await (await browser.newContext()).newPage();
  await logIn(office, EXAM_OFFICE.registrationId, EXAM_OFFICE.password);
  await mainNav(office).getByRole('link', { name: 'Applications' }).click();
  const request = office.getByRole('listitem').filter({ hasText: studentUser.fullname });
  await expect(request).toContainText('Semester 3');
  await request.getByRole('link', { name: 'Open applicant' }).click();
  await expect(office.getByRole('heading', { name: studentUser.fullname })).toBeVisible();

  // Semester choices stop at the applicant's own semester.
  await expect(office.getByLabel('Semester').locator('option')).toHaveText(['1', '2', '3', '4']);
  const upload = pdf('semester-3.pdf', `marksheet ${id}`);
  await office.getByLabel('Semester').selectOption('3');
  await office.getByLabel('Marksheet file').setInputFiles(upload);
  await office.getByRole('button', { name: 'Upload marksheet' }).click();
  await expect(office.getByRole('status').filter({ hasText: /uploaded/i })).toBeVisible();
  await expect(office.getByRole('link', { name: 'View the marksheet of semester 3' })).toBeVisible();
  await shot(office, 'marksheets-02-applicant');

  // Without a reload, the student's bell rises and the row turns to View; the file is the upload.
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
  const view = student.getByRole('link', { name: 'View the marksheet of semester 3' });
  await expect(view).toBeVisible();
  const href = await view.getAttribute('href');
  const download = await student.request.get(href!);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), upload.buffer)).toBe(0);
  await shot(student, 'marksheets-03-view');

  // Nobody else reaches it: another student gets 404 for the same file.
  const other = await signedInPage(browser, newUser('student', id + 1));
  expect((await other.request.get(href!)).status()).toBe(404);

  // Answered requests leave the exam office's list.
  await mainNav(office).getByRole('link', { name: 'Applications' }).click();
  await expect(office.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await expect(office.getByRole('listitem').filter({ hasText: studentUser.fullname })).toHaveCount(0);
});
