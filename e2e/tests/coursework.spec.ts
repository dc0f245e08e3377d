import { wallClockIn } from '@campus/contract/dates';
import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pdf, shot, uniqueRegistrationId } from '../support/fixtures';
import { newUser, type NewUser } from '../support/flows';
import { createCourse, joinCourse, login, register } from '../support/seed';

/** Someone with an account, logged in, in a browser of their own (seeded through the API: the journey is the coursework). */
async function personAt(browser: Browser, user: NewUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await register(page.request, user);
  await login(page.request, user.registrationId, user.password);
  return page;
}

test('a class hands in work: set with a grace and a daily penalty, handed in late after seeing the cost, marked with a rubric, returned and seen', async ({ browser }) => {
  test.setTimeout(180_000);
  const id = uniqueRegistrationId();
  const professorUser = newUser('professor', id);
  const lateUser = newUser('student', id + 1);
  const extendedUser = newUser('student', id + 2);
  const professor = await personAt(browser, professorUser);
  const course = await createCourse(professor.request, { title: `Fluid mechanics ${id}`, coursenumber: id, semester: 3, branch: professorUser.branch });
  const late = await personAt(browser, lateUser);
  const extended = await personAt(browser, extendedUser);
  await joinCourse(late.request, course._id);
  await joinCourse(extended.request, course._id);

  // The professor sets the work from the Classwork tab: due 20 minutes ago on the campus's clock,
  // 15 minutes of grace, 10 % a day, and a rubric of two criteria that make the 10 marks.
  const { campusTimeZone } = (await (await professor.request.get(paths.config)).json()).data as { campusTimeZone: string };
  const twentyAgo = Date.now() - 20 * 60_000;
  const due = wallClockIn(campusTimeZone, new Date(twentyAgo));
  // The form takes whole minutes: the due time is the start of that minute.
  const dueAt = Math.floor(twentyAgo / 60_000) * 60_000;
  await professor.goto(pages.course(course._id, 'classwork'));
  await professor.getByRole('link', { name: 'New assignment' }).click();
  await expect(professor).toHaveURL(pages.addAssignment(course._id));
  await professor.getByLabel('Title').fill('Bernoulli lab report');
  await professor.getByLabel('Instructions').fill('Measure the flow through the venturi and explain it.');
  await professor.getByLabel('Maximum marks').fill('10');
  await professor.getByLabel('Due date').fill(due.date);
  await professor.getByLabel('Due time').fill(due.time);
  await expect(professor.getByLabel('Grace period (minutes)')).toHaveValue('15');
  await expect(professor.getByLabel('Late penalty (% a day)')).toHaveValue('10');
  const rubric: [string, [string, string][]][] = [
    ['Working', [['Not yet', '0'], ['Works', '8']]],
    ['Clarity', [['Unclear', '0'], ['Clear', '2']]],
  ];
  for (const [i, [criterion, levels]] of rubric.entries()) {
    const n = i + 1;
    await professor.getByRole('button', { name: 'Add a criterion' }).click();
    const group = professor.getByRole('group', { name: `Criterion ${n}` });
    await group.getByRole('textbox', { name: `Criterion ${n}`, exact: true }).fill(criterion);
    for (const [j, [label, marks]] of levels.entries()) {
      if (j > 0) await group.getByRole('button', { name: `Add a level to criterion ${n}` }).click();
      await group.getByRole('textbox', { name: `Level ${j + 1}`, exact: true }).fill(label);
      await group.getByRole('textbox', { name: `Level ${j + 1} marks`, exact: true }).fill(marks);
    }
  }
  await expect(professor.getByLabel('Publish now (the class is told)')).toBeChecked();
  await professor.getByRole('button', { name: 'Add Assignment' }).click();
  await expect(professor.getByRole('heading', { level: 1, name: 'Bernoulli lab report' })).toBeVisible();
  const assignmentUrl = new URL(professor.url()).pathname;
  await shot(professor, 'coursework-01-set');

  // One student gets until tomorrow, from the row of their work.
  const extendedRow = professor.getByRole('row').filter({ hasText: extendedUser.fullname });
  await extendedRow.getByRole('button', { name: `Mark ${extendedUser.fullname}` }).click();
  const extension = professor.getByRole('form', { name: `Extension for ${extendedUser.fullname}` });
  await extension.getByLabel('Own due date').fill(wallClockIn(campusTimeZone, new Date(Date.now() + 86_400_000)).date);
  await extension.getByRole('button', { name: 'Give extension' }).click();
  await expect(extension.getByRole('status')).toBeVisible();

  // The late student is told what handing in now costs before pressing Submit, hands in a file
  // and a line of text, and gets a signed receipt with its QR code.
  await late.goto(assignmentUrl);
  // However long the journey took to get here: the minutes since the due time, less the 15 of grace.
  const cost = late.getByText(/^Submitting now is \d+ minutes late: 10% off your marks\.$/);
  await expect(cost).toBeVisible();
  const minutesLate = Number(/(\d+) minutes/.exec((await cost.textContent()) ?? '')?.[1]);
  const expected = Math.ceil((Date.now() - dueAt) / 60_000) - 15;
  expect(minutesLate).toBeGreaterThanOrEqual(Math.max(5, expected - 1));
  expect(minutesLate).toBeLessThanOrEqual(expected);
  await late.getByLabel('Files').setInputFiles(pdf('bernoulli.pdf', `report ${id}`));
  await late.getByLabel('Text (optional)').fill('The pressure falls where the flow is fastest.');
  await late.getByRole('button', { name: 'Submit', exact: true }).click();
  const receipt = late.getByRole('region', { name: 'Your receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('bernoulli.pdf');
  await expect(receipt.getByRole('link', { name: /Check this receipt/ })).toBeVisible();
  await shot(late, 'coursework-02-receipt');

  // The student with the extension hands in on time.
  await extended.goto(assignmentUrl);
  await expect(extended.getByText(/Due in \d+ hours?/)).toBeVisible();
  await extended.getByLabel('Text (optional)').fill('Continuity and Bernoulli, with the numbers.');
  await extended.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(extended.getByRole('region', { name: 'Your receipt' })).toBeVisible();

  // The professor marks both with the rubric and returns the marks in one action.
  await professor.reload();
  const lateRow = professor.getByRole('row').filter({ hasText: lateUser.fullname });
  await expect(lateRow).toContainText(/late/i);
  await lateRow.getByRole('button', { name: `Mark ${lateUser.fullname}` }).click();
  const lateMarks = professor.getByRole('form', { name: `Marks for ${lateUser.fullname}` });
  await lateMarks.getByRole('group', { name: 'Working' }).getByLabel(/Works/).check();
  await lateMarks.getByRole('group', { name: 'Clarity' }).getByLabel(/Clear/).check();
  await expect(lateMarks).toContainText('Total: 10 of 10.');
  await expect(lateMarks).toContainText('Late by 10%: 9 of 10 counts.');
  await lateMarks.getByLabel('Feedback (optional)').fill('Clear and correct; handed in late.');
  await lateMarks.getByRole('button', { name: 'Save draft' }).click();
  await expect(lateMarks.getByRole('status')).toContainText('Saved as a draft');

  await extendedRow.getByRole('button', { name: `Mark ${extendedUser.fullname}` }).click();
  const extendedMarks = professor.getByRole('form', { name: `Marks for ${extendedUser.fullname}` });
  await extendedMarks.getByRole('group', { name: 'Working' }).getByLabel(/Works/).check();
  await extendedMarks.getByRole('group', { name: 'Clarity' }).getByLabel(/Unclear/).check();
  await extendedMarks.getByRole('button', { name: 'Save draft' }).click();
  await expect(extendedMarks.getByRole('status')).toContainText('Saved as a draft');

  await professor.getByRole('button', { name: 'Return marks (2)' }).click();
  await professor.getByRole('dialog').getByRole('button', { name: 'Return marks' }).click();
  await expect(professor.getByText('Marks returned to 2 students.')).toBeVisible();
  await shot(professor, 'coursework-03-returned');

  // The late student sees the marks, the penalty, the final marks and the feedback, and the
  // return in My activity.
  await late.reload();
  const marks = late.getByRole('region', { name: 'Your marks' });
  await expect(marks).toContainText('Clear and correct; handed in late.');
  await expect(marks).toContainText('10%');
  await expect(marks).toContainText('9 out of 10');
  await late.goto(pages.activity);
  await expect(late.getByText(/returned your marks for/)).toBeVisible();
  await shot(late, 'coursework-04-activity');
});
