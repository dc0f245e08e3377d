import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXAM_OFFICE } from '../support/env';
import { pdf, shot, uniqueRegistrationId } from '../support/fixtures';
import { COHORTS } from '../support/cohorts';
import { bell, logIn, mainNav, newUser, signedInPage } from '../support/flows';

test('a marksheet from request to download: the student applies, the exam office uploads, the student is told, views and downloads it', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const studentUser = newUser('student', id, COHORTS.marksheet);
  const student = await signedInPage(browser, studentUser);

  // The student applies for semester 3; the row turns to "Applied". Semester 5 is above theirs:
  // its Apply is disabled, and the page says why.
  await mainNav(student).getByRole('link', { name: 'Marksheet' }).click();
  await expect(student.getByRole('heading', { name: 'Marksheet' })).toBeVisible();
  await expect(student.getByText('You can request marksheets up to semester 4, your current semester.')).toBeVisible();
  await expect(student.getByRole('button', { name: 'Apply for the marksheet of semester 5' })).toBeDisabled();
  await student.getByRole('button', { name: 'Apply for the marksheet of semester 3' }).click();
  const row3 = student.getByRole('listitem').filter({ hasText: 'Semester 3' });
  await expect(row3.getByText('Applied')).toBeVisible();
  await shot(student, 'marksheets-01-applied');

  // The exam office, labelled as such, sees the request under the student and goes to upload it.
  const office = await (await browser.newContext()).newPage();
  await logIn(office, EXAM_OFFICE.registrationId, EXAM_OFFICE.password);
  await expect(office.getByRole('button', { name: /Exam Office/ })).toBeVisible();
  await mainNav(office).getByRole('link', { name: 'Applications' }).click();
  const group = office.getByRole('listitem', { name: studentUser.fullname });
  await expect(group).toContainText(`Registration ID: ${id}`);
  await expect(group).toContainText('Semester 3');
  await group.getByRole('link', { name: `Upload marksheet of semester 3 for ${studentUser.fullname}` }).click();
  await expect(office.getByRole('heading', { name: studentUser.fullname })).toBeVisible();

  // Semester choices stop at the applicant's own semester; the requested one is chosen.
  await expect(office.getByLabel('Semester', { exact: true }).locator('option')).toHaveText(['Choose…', '1', '2', '3', '4']);
  await expect(office.getByLabel('Semester', { exact: true })).toHaveValue('3');
  const upload = pdf('semester-3.pdf', `marksheet ${id}`);
  await office.getByLabel('Marksheet file').setInputFiles(upload);
  await office.getByRole('button', { name: 'Upload marksheet' }).click();
  await expect(office.getByRole('status').filter({ hasText: /uploaded/i })).toBeVisible();
  await expect(office.getByRole('link', { name: 'View the marksheet of semester 3' })).toBeVisible();
  await shot(office, 'marksheets-02-applicant');

  // Without a reload, the student's bell rises and the row turns to View and Download.
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
  const download = student.getByRole('link', { name: 'Download the marksheet of semester 3' });
  await expect(download).toBeVisible();
  const href = (await download.getAttribute('href'))!;

  // View opens the viewer page: the title, the file framed inline (not blocked), Download and Back.
  const shown = student.waitForResponse((r) => r.url().endsWith(`${href}?inline=1`));
  await student.getByRole('link', { name: 'View the marksheet of semester 3' }).click();
  await expect(student).toHaveURL(/\/view\?/);
  await expect(student.getByRole('heading', { level: 1, name: 'Marksheet – semester 3' })).toBeVisible();
  const frame = student.locator('iframe[title="Marksheet – semester 3"]');
  await expect(frame).toBeVisible();
  const answer = await shown;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^inline; filename="Marksheet semester 3.pdf"/);
  // The frame takes the file's address when its page commits, a moment after the answer came.
  const framed = () => student.frames().some((f) => f.url().includes(href));
  await expect.poll(framed, { message: 'the frame shows the file, not a blocked-page error' }).toBe(true);
  await shot(student, 'marksheets-03-view');

  // Download saves the same bytes, named after the title.
  const downloading = student.waitForEvent('download');
  await student.getByRole('link', { name: 'Download' }).click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe('Marksheet semester 3.pdf');
  expect(Buffer.compare(await readFile((await saved.path())!), upload.buffer)).toBe(0);
  await student.getByRole('button', { name: 'Back' }).click();
  await expect(student.getByRole('heading', { name: 'Marksheet' })).toBeVisible();

  // Nobody else reaches it: another student gets 404 for the same file.
  const other = await signedInPage(browser, newUser('student', id + 1));
  expect((await other.request.get(href)).status()).toBe(404);

  // Answered requests leave the open ones: the student's group lists it as answered.
  await mainNav(office).getByRole('link', { name: 'Applications' }).click();
  await expect(office.getByRole('heading', { name: 'Applications' })).toBeVisible();
  const answered = office.getByRole('listitem', { name: studentUser.fullname });
  await expect(answered).toContainText('Answered: semester 3');
  await expect(answered.getByRole('link', { name: /Upload the marksheet/ })).toHaveCount(0);
});
