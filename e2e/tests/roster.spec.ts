import { readFile } from 'node:fs/promises';
import { pages } from '@campus/contract/pages';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../support/env';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { logIn, mainNav } from '../support/flows';

/**
 * The registrar's roster: an administrator downloads the users template, imports a small users
 * CSV in the browser whose third line has a semester out of range (the preview names its line
 * and column, and nothing is applied), then the corrected file, applied after the dialog; the
 * new accounts are then in the users list, made by the roster.
 */
const id = uniqueRegistrationId();
const people = [
  { registrationId: id, fullname: `Ada Roster ${id}`, semester: 3 },
  { registrationId: id + 1, fullname: `Alan Roster ${id}`, semester: 9 },
];
const HEADER = 'registrationId,email,fullname,role,semester,branch,status';
const usersCsv = (semesterOfSecond: number) => ({
  name: 'people.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      HEADER,
      ...people.map((p, i) => `${p.registrationId},roster.${p.registrationId}@campus.test,${p.fullname},student,${i === 1 ? semesterOfSecond : p.semester},Information Technology,active`),
    ].join('\n') + '\n',
  ),
});

test('an administrator previews a users roster with a bad row, then applies the corrected one', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN.registrationId, ADMIN.password);
  await mainNav(page).getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Roster import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roster import' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${pages.adminRoster}$`));

  // The template is made in the browser: the header in template order and an example row.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the users template' }).click()]);
  expect(download.suggestedFilename()).toBe('roster-users.csv');
  const template = (await readFile((await download.path())!, 'utf8')).split('\n');
  expect(template[0]).toBe(HEADER);
  expect(template[1]).toMatch(/^\d{9},/);
  await shot(page, 'roster-01-page');

  // A file whose third line has semester 9: the preview names the line and the column.
  await page.getByLabel('CSV file').setInputFiles(usersCsv(9));
  const preview = page.getByRole('region', { name: 'Preview of people.csv' });
  await expect(preview.getByRole('heading', { name: 'Preview of people.csv' })).toBeFocused();
  await expect(preview.getByRole('alert')).toContainText('The preview found 1 row with an error.');
  const errorRow = preview.getByRole('table', { name: 'Errors' }).getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell')).toHaveText(['3', 'semester', 'The semester must be a number from 1 to 8. Found: “9”.']);
  await expect(preview.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  await shot(page, 'roster-02-preview-errors');

  // Nothing was applied: neither person has an account.
  const users = await page.request.get(`/api/v1/admin/users?q=${id}`);
  expect((await users.json()).data.users).toEqual([]);

  // The corrected file: two new accounts, applied after the dialog.
  await page.getByLabel('CSV file').setInputFiles(usersCsv(4));
  const fixed = page.getByRole('region', { name: 'Preview of people.csv' });
  await expect(fixed.getByRole('status')).toContainText('Applying this file would create 2 accounts.');
  await expect(fixed.getByRole('table', { name: 'What each row does' }).getByRole('row')).toHaveCount(3);
  await shot(page, 'roster-03-preview-clean');
  await fixed.getByRole('button', { name: 'Apply 2 changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply 2 changes?' });
  await expect(dialog).toContainText('this creates 2 accounts');
  await shot(page, 'roster-04-apply-dialog');
  await dialog.getByRole('button', { name: 'Apply' }).click();

  const applied = page.getByRole('region', { name: 'Applied: people.csv' });
  await expect(applied.getByRole('heading', { name: 'Applied: people.csv' })).toBeFocused();
  await expect(applied.getByRole('status')).toContainText('The roster has been applied: it created 2 accounts.');
  await shot(page, 'roster-05-applied');

  // The accounts are there, kept by the registrar, and the audit log says the roster made them.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(String(id));
  await page.keyboard.press('Enter');
  const found = page.getByRole('list', { name: 'Users found' });
  await expect(found.getByRole('listitem')).toHaveCount(2);
  await found.getByRole('link', { name: people[0]!.fullname }).click();
  await expect(page.getByRole('heading', { level: 1, name: people[0]!.fullname })).toBeVisible();
  await expect(page.getByText('Kept by the registrar’s roster')).toBeVisible();
  await expect(page.getByText(/The registrar’s roster created .*’s account\./).first()).toBeVisible();
  await shot(page, 'roster-06-user');
});
