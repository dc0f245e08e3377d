import { expect, test, type Page } from '@playwright/test';
import { png, shot, uniqueRegistrationId } from '../support/fixtures';
import { newUser, signedInPage } from '../support/flows';
import { readPdf } from '../support/pdf';

const success = (page: Page) => page.getByRole('status').filter({ hasText: 'Success' });

async function dismissSuccess(page: Page, message: string) {
  await expect(success(page)).toContainText(message);
  await success(page).getByRole('button', { name: 'Dismiss' }).click();
}

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });

test('a course from creation to deletion: search, filters, join, notes, removal, edit, delete', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uniqueRegistrationId();
  const prof = await signedInPage(browser, newUser('professor', id));
  const studentUser = newUser('student', id + 1, { semester: 5, branch: 'Civil Engineering' });
  const student = await signedInPage(browser, studentUser);
  const title = `Fluid Mechanics ${id}`;

  // The professor creates a course with a thumbnail and an exam date.
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Flow, pressure and the equations that hold them together.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByLabel('Semester').selectOption('5');
  await prof.getByLabel('Branch').selectOption('Civil Engineering');
  await prof.getByLabel('Exam date').fill('2026-12-14');
  await prof.getByLabel('Thumbnail').setInputFiles(png('cover.png', [20, 160, 90]));
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await dismissSuccess(prof, 'course created successfully');
  await expect(prof).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
  const courseUrl = new URL(prof.url()).pathname;
  await expect(prof.getByRole('heading', { name: title })).toBeVisible();
  await shot(prof, 'courses-01-created');

  // The student finds it by search, and by semester and branch filters.
  await student.goto('/all-courses');
  await student.getByLabel('Search courses').fill(`fluid mechanics ${id}`);
  await expect(card(student, title)).toBeVisible();
  await expect(student.getByRole('article')).toHaveCount(1);
  await student.getByLabel('Search courses').fill('');
  await student.getByLabel('Semester').selectOption('5');
  await student.getByLabel('Branch').selectOption('Civil Engineering');
  await expect(card(student, title)).toBeVisible();
  await student.getByLabel('Semester').selectOption('4');
  await expect(card(student, title)).toHaveCount(0);
  await student.getByLabel('Semester').selectOption('5');
  await expect(card(student, title).getByRole('img', { name: `${title} thumbnail` })).toBeVisible();
  await expect(card(student, title)).toContainText('Enrolled: 0');
  await shot(student, 'courses-02-found');

  // Before joining, the notes are closed; the student joins from the card.
  await card(student, title).getByRole('button', { name: 'Join' }).click();
  await expect(card(student, title).getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(card(student, title)).toContainText('Enrolled: 1');

  // The professor uploads a notes file; the banner leads back to the Notes tab.
  const notes = Buffer.from(`Lecture 1 of ${title}\nBernoulli: p + ½ρv² + ρgh = constant\n`);
  await prof.goto(courseUrl);
  await prof.getByRole('tab', { name: 'Add Notes' }).click();
  await prof.getByLabel('File name').fill('Lecture 1');
  await prof.getByLabel('Notes file').setInputFiles({ name: 'lecture1.txt', mimeType: 'text/plain', buffer: notes });
  await prof.getByRole('button', { name: 'Add Notes' }).click();
  await dismissSuccess(prof, 'notes added successfully');
  await expect(prof.getByRole('tab', { name: 'Notes', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(prof.getByRole('link', { name: 'Download Lecture 1' })).toBeVisible();
  await prof.getByRole('tab', { name: 'Enrolled' }).click();
  await expect(prof.getByText(studentUser.fullname)).toBeVisible();
  await shot(prof, 'courses-03-enrolled');

  // The student downloads the notes: the same bytes.
  await student.goto(courseUrl);
  await student.getByRole('tab', { name: 'Notes', exact: true }).click();
  const downloading = student.waitForEvent('download');
  await student.getByRole('link', { name: 'Download Lecture 1' }).click();
  const download = await downloading;
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await download.path())!)).equals(notes)).toBe(true);
  const notesHref = await student.getByRole('link', { name: 'Download Lecture 1' }).getAttribute('href');
  await shot(student, 'courses-04-notes');

  // The professor removes the student, who can no longer read the notes or fetch the file.
  await prof.getByRole('button', { name: `Remove ${studentUser.fullname}` }).click();
  await expect(prof.getByText(studentUser.fullname)).toHaveCount(0);
  await student.reload();
  await student.getByRole('tab', { name: 'Notes', exact: true }).click();
  await expect(student.getByText('Join Course to get notes')).toBeVisible();
  expect((await student.request.get(notesHref!)).status()).toBe(404);

  // The professor edits the course, then deletes it and lands on My Courses.
  await prof.getByRole('tab', { name: 'Edit Course' }).click();
  await prof.getByLabel('Title').fill(`${title} (revised)`);
  await prof.getByRole('button', { name: 'Save' }).click();
  await expect(prof.getByRole('heading', { name: `${title} (revised)` })).toBeVisible();
  await expect(prof.getByRole('tab', { name: 'Course', exact: true })).toHaveAttribute('aria-selected', 'true');
  await prof.getByRole('tab', { name: 'Delete Course' }).click();
  await prof.getByRole('button', { name: 'Delete Course' }).click();
  const dialog = prof.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this course ?');
  await shot(prof, 'courses-05-delete-dialog');
  await dialog.getByRole('button', { name: "Yes, I'm sure" }).click();
  await dismissSuccess(prof, 'course deleted successfully');
  await expect(prof).toHaveURL(/\/my-courses$/);
  await expect(prof.getByText('No Courses created by you')).toBeVisible();
  expect((await prof.request.get(notesHref!)).status()).toBe(404);
});

test('a student downloads the admit card as a PDF holding each course and its exam date', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const prof = await signedInPage(browser, newUser('professor', id));
  const studentUser = newUser('student', id + 1);
  const student = await signedInPage(browser, studentUser);

  await student.goto('/hallticket');
  await expect(student.getByRole('heading', { name: 'EXAMINATION ADMIT CARD NOT GENERATED YET' })).toBeVisible();

  const title = `Signals ${id}`;
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Fourier, Laplace and z.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByLabel('Exam date').fill('2026-12-03');
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await dismissSuccess(prof, 'course created successfully');
  const courseUrl = new URL(prof.url()).pathname;

  await student.goto(courseUrl);
  await student.getByRole('button', { name: 'Join' }).click();
  await expect(student.getByRole('button', { name: 'Leave' })).toBeVisible();

  // The PDF library is not part of the course pages: it arrives only with the hall ticket.
  await student.goto('/hallticket');
  await expect(student.getByRole('heading', { name: 'EXAMINATION ADMIT CARD', exact: true })).toBeVisible();
  const row = student.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('03/12/2026');
  await expect(row).toContainText('09:15 AM TO 12:15 PM');
  await shot(student, 'hallticket-01');

  const downloading = student.waitForEvent('download');
  await student.getByRole('button', { name: 'Download as PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${studentUser.fullname}_${studentUser.registrationId}_hallticket.pdf`);
  const pdf = await readPdf((await download.path())!);
  expect(pdf.text).toContain('EXAMINATION ADMIT CARD');
  expect(pdf.text).toContain(title);
  expect(pdf.text).toContain('03/12/2026');
  expect(pdf.text).toContain(String(studentUser.registrationId));
  // Landscape: the first page is wider than tall.
  expect(pdf.firstPage.width).toBeGreaterThan(pdf.firstPage.height);
});
