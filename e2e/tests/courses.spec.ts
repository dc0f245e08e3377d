import { expect, test, type Page } from '@playwright/test';
import { paths } from '@campus/contract/paths';
import { png, shot, uniqueRegistrationId } from '../support/fixtures';
import { newUser, signedInPage } from '../support/flows';
import { readPdf } from '../support/pdf';

const success = (page: Page) => page.getByRole('status').filter({ hasText: 'Success' });

async function dismissSuccess(page: Page, message: string) {
  await expect(success(page)).toContainText(message);
  await success(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(success(page)).toHaveCount(0);
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
  await prof.getByLabel('Exam date').fill('2099-12-14');
  await prof.getByLabel('Thumbnail').setInputFiles(png('cover.png', [20, 160, 90]));
  await prof.getByRole('button', { name: 'Add Course' }).click();
  // Straight to the new course, which says it was created.
  await expect(prof).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
  await expect(prof.getByRole('heading', { name: title })).toBeVisible();
  await expect(success(prof)).toContainText('Course created.');
  await shot(prof, 'courses-01-created');
  await dismissSuccess(prof, 'Course created.');
  const courseUrl = new URL(prof.url()).pathname;

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

  // The professor uploads a notes file; the page goes back to the Notes tab, saying so.
  const notes = Buffer.from(`Lecture 1 of ${title}\nBernoulli: p + ½ρv² + ρgh = constant\n`);
  await prof.goto(courseUrl);
  await prof.getByRole('tab', { name: 'Add Notes' }).click();
  await prof.getByLabel('File name').fill('Lecture 1');
  await prof.getByLabel('Notes file').setInputFiles({ name: 'lecture1.txt', mimeType: 'text/plain', buffer: notes });
  await prof.getByRole('button', { name: 'Add Notes' }).click();
  await expect(prof.getByRole('tab', { name: 'Notes', exact: true })).toHaveAttribute('aria-selected', 'true');
  await dismissSuccess(prof, 'Notes added.');
  await expect(prof).toHaveURL(`${courseUrl}/notes`);
  await expect(prof.getByRole('link', { name: 'Download Lecture 1' })).toBeVisible();
  await expect(prof.getByRole('listitem').filter({ hasText: 'Lecture 1' })).toContainText(`Text · ${notes.length} B · `);
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

  // The professor removes the student after confirming it; the student can no longer read the
  // notes or fetch the file.
  await prof.getByRole('button', { name: `Remove ${studentUser.fullname}` }).click();
  const confirmRemoval = prof.getByRole('dialog', { name: `Remove ${studentUser.fullname} from the course?` });
  await expect(confirmRemoval).toBeVisible();
  await shot(prof, 'courses-04b-remove-dialog');
  await confirmRemoval.getByRole('button', { name: 'Remove' }).click();
  await expect(success(prof)).toContainText(`${studentUser.fullname} was removed from the course.`);
  await expect(prof.getByRole('listitem').filter({ hasText: studentUser.fullname })).toHaveCount(0);
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
  await expect(prof).toHaveURL(/\/my-courses$/);
  await expect(prof.getByText('No Courses created by you')).toBeVisible();
  await dismissSuccess(prof, 'Course deleted.');
  expect((await prof.request.get(notesHref!)).status()).toBe(404);
});

test('a course tab lives in the address: it survives a reload and Back, and on a phone the strip scrolls to it', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const prof = await signedInPage(browser, newUser('professor', id), { viewport: { width: 390, height: 844 } });
  const title = `Thermodynamics ${id}`;
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Heat, work and the laws between them.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await expect(prof).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
  const courseUrl = new URL(prof.url()).pathname;

  // Six tabs do not fit 390 px: the strip shows that more follow, and scrolls.
  const strip = prof.getByRole('tablist', { name: 'Course sections' });
  await expect(prof.getByRole('tab', { name: 'Course', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(prof.locator('[data-more="after"]')).toBeVisible();
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await shot(prof, 'courses-06-phone-tabs');

  await prof.getByRole('tab', { name: 'Edit Course' }).click();
  await expect(prof).toHaveURL(`${courseUrl}/edit-course`);
  await expect(prof.getByLabel('Title')).toHaveValue(title);

  // A reload keeps the tab, scrolled into view in the strip.
  await prof.reload();
  const editTab = prof.getByRole('tab', { name: 'Edit Course' });
  await expect(editTab).toHaveAttribute('aria-selected', 'true');
  await expect(prof.getByLabel('Title')).toHaveValue(title);
  // (The strip clips each tab's 1 px underline overlap: nearly whole is whole.)
  await expect(editTab).toBeInViewport({ ratio: 0.9 });
  await expect(prof.locator('[data-more="before"]')).toBeVisible();
  await shot(prof, 'courses-07-phone-tab-reloaded');

  // Another page, then Back: the same tab.
  await prof.goto('/my-courses');
  await prof.goBack();
  await expect(prof).toHaveURL(`${courseUrl}/edit-course`);
  await expect(prof.getByRole('tab', { name: 'Edit Course' })).toHaveAttribute('aria-selected', 'true');

  // A link to a tab opens it.
  await prof.goto(`${courseUrl}/enrolled`);
  await expect(prof.getByRole('tab', { name: 'Enrolled' })).toHaveAttribute('aria-selected', 'true');
  await expect(prof.getByText('Enrolled students: 0')).toBeVisible();
});

test('a student downloads the admit card as a PDF holding each course and its exam date', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const prof = await signedInPage(browser, newUser('professor', id));
  const studentUser = newUser('student', id + 1);
  const student = await signedInPage(browser, studentUser);

  await student.goto('/hallticket');
  await expect(student.getByRole('heading', { name: 'Admit card', exact: true })).toBeVisible();
  await expect(student.getByRole('link', { name: 'Join your courses in All Courses' })).toBeVisible();

  const title = `Signals ${id}`;
  await prof.goto('/add-course');
  await prof.getByLabel('Title').fill(title);
  await prof.getByLabel('Description').fill('Fourier, Laplace and z.');
  await prof.getByLabel('Course number').fill(String(id));
  await prof.getByLabel('Exam date').fill('2099-12-03');
  await prof.getByLabel('Exam starts').fill('14:00');
  await prof.getByLabel('Exam ends').fill('17:00');
  await prof.getByRole('button', { name: 'Add Course' }).click();
  await expect(prof).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
  await expect(success(prof)).toContainText('Course created.');
  const courseUrl = new URL(prof.url()).pathname;

  await student.goto(courseUrl);
  await student.getByRole('button', { name: 'Join' }).click();
  await expect(student.getByRole('button', { name: 'Leave' })).toBeVisible();

  // The PDF library is not part of the course pages: it arrives only with the admit card.
  await student.goto('/hallticket');
  await expect(student.getByRole('heading', { name: 'Admit card', exact: true })).toBeVisible();
  const row = student.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Thu, 3 Dec 2099');
  // The course's own exam hours, not a campus-wide default.
  await expect(row).toContainText('02:00 PM');
  await expect(row).toContainText('05:00 PM');
  await shot(student, 'hallticket-01');

  const downloading = student.waitForEvent('download');
  await student.getByRole('button', { name: 'Download admit card (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${studentUser.fullname}_${studentUser.registrationId}_hallticket.pdf`);
  const pdf = await readPdf((await download.path())!);
  const { campusName } = (await (await student.request.get(paths.config)).json()).data as { campusName: string };
  expect(pdf.text).toContain(campusName);
  expect(pdf.text).toContain('Admit card');
  expect(pdf.text).toContain(title);
  expect(pdf.text).toContain('Thu, 3 Dec 2099');
  expect(pdf.text).toContain(String(studentUser.registrationId));
  // One A4 landscape page (842 × 595 points).
  expect(pdf.pages).toBe(1);
  expect([pdf.firstPage.width, pdf.firstPage.height].map(Math.round)).toEqual([842, 595]);
});
