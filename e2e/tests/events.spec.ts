import { expect, test, type Browser, type Page } from '@playwright/test';
import { png, shot, uniqueRegistrationId } from '../support/fixtures';
import { mainNav, newUser, signedInPage } from '../support/flows';

/** A calendar day `days` after today in the campus zone (the server's CAMPUS_TZ default). */
function campusDay(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How the web app writes a day, whatever the browser's zone: "Mon, 23 Nov 2026" (apps/web/src/lib/dates.ts). */
const longDay = (isoDate: string) => {
  const at = new Date(`${isoDate}T00:00:00Z`);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][at.getUTCMonth()];
  return `${weekday}, ${at.getUTCDate()} ${month} ${at.getUTCFullYear()}`;
};

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });

async function openEvents(page: Page, item: string) {
  await mainNav(page).getByRole('button', { name: /Events/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function hostEvent(page: Page, fields: { title: string; date: string; time: string; venue: string; description?: string }) {
  await openEvents(page, 'Add Event');
  await page.getByLabel('Title').fill(fields.title);
  if (fields.description) await page.getByLabel('Description').fill(fields.description);
  await page.getByLabel('Date').fill(fields.date);
  await page.getByLabel('Time').fill(fields.time);
  await page.getByLabel('Venue').fill(fields.venue);
}

async function submitEvent(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Add Event' }).click();
  // Straight to the new event, which says it was created.
  await expect(page).toHaveURL(/\/event\/[0-9a-f-]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Event created.' })).toBeVisible();
  return page.url().split('/event/')[1]!;
}

test('an event from creation to deletion: drafted description, thumbnail, its page, the lists, search', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uniqueRegistrationId();
  const host = await signedInPage(browser, newUser('professor', id));
  const guest = await signedInPage(browser, newUser('student', id + 1));
  const title = `Robotics Night ${id}`;
  const today = campusDay();

  // The host types a title, has the description drafted by the server's text generator, adds a
  // thumbnail and a form link, and lands on the new event's page.
  // The day's last minute: an event may not start in the past, whenever the journey runs.
  await hostEvent(host, { title, date: today, time: '23:59', venue: 'Main hall' });
  await host.getByRole('button', { name: 'Draft description with AI' }).click();
  await expect(host.getByLabel('Description')).toHaveValue(new RegExp(`Join us for .*${title}`), { timeout: 15_000 });
  const drafted = await host.getByLabel('Description').inputValue();
  expect(drafted.split('\n')).toHaveLength(4);
  await host.getByLabel('Google form link').fill('https://forms.example.org/robotics');
  await host.getByLabel('Thumbnail').setInputFiles(png('robot.png', [200, 40, 40]));
  await shot(host, 'events-01-add');
  const eventId = await submitEvent(host);
  await expect(host.getByRole('heading', { name: title })).toBeVisible();
  await expect(host.getByText('Presents')).toBeVisible();
  await expect(host.getByText('Join us for')).toBeVisible();
  await expect(host.getByRole('link', { name: /Form/ })).toHaveAttribute('href', 'https://forms.example.org/robotics');
  await expect(host.locator(`time[datetime="${today}"]`)).toHaveText(longDay(today));
  const thumbnail = host.getByRole('img', { name: new RegExp(title) });
  await expect(thumbnail).toBeVisible();
  // Visible is laid out, not loaded: the picture's bytes may still be on their way (CI met it at 0).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(host, 'events-02-page');

  // Another user sees it in Today, All and on the home page. Only the host gets Delete.
  await openEvents(guest, 'Today');
  await expect(card(guest, title)).toContainText('23:59');
  await expect(card(guest, title)).toContainText('Main hall');
  await openEvents(guest, 'All Events');
  await expect(card(guest, title)).toBeVisible();
  await mainNav(guest).getByRole('link', { name: 'Home' }).click();
  await expect(card(guest, title)).toBeVisible();
  await guest.goto(`/event/${eventId}`);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A later event is in Other Events, today's is not, and the search finds it whatever the case.
  const later = `Chess Open ${id}`;
  await hostEvent(host, { title: later, date: campusDay(10), time: '10:00', venue: 'Library', description: 'Rapid rounds.' });
  await submitEvent(host);
  await openEvents(guest, 'Other Events');
  await expect(card(guest, later)).toBeVisible();
  // Today's event is not among the others (checked once the list has loaded).
  await expect(card(guest, title)).toHaveCount(0);
  await guest.getByLabel('Search events').fill(`CHESS OPEN ${id}`.toLowerCase());
  await expect(card(guest, later)).toBeVisible();
  await guest.getByLabel('Search events').fill(`no such event ${id}`);
  await expect(guest.getByRole('heading', { name: 'No Match Found' })).toBeVisible();
  await shot(guest, 'events-03-search');

  // The host's own list holds both; deleting one goes back to it, and the event is gone for all.
  await openEvents(host, 'My Events');
  await expect(card(host, title)).toBeVisible();
  await expect(card(host, later)).toBeVisible();
  await card(host, title).getByRole('link', { name: title }).click();
  await host.getByRole('button', { name: 'Delete' }).click();
  await host.getByRole('button', { name: "Yes, I'm sure" }).click();
  await expect(host).toHaveURL(/\/my-events$/);
  await expect(host.getByRole('status').filter({ hasText: 'Event deleted.' })).toBeVisible();
  await expect(card(host, later)).toBeVisible();
  await expect(card(host, title)).toHaveCount(0);
  await guest.goto(`/event/${eventId}`);
  await expect(guest.getByRole('heading', { name: 'Event not found' })).toBeVisible();
});

test('the event page shows the same calendar day in Los Angeles and in Kolkata', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = uniqueRegistrationId();
  const user = newUser('student', id);
  const host = await signedInPage(browser, user);
  const date = campusDay(1);
  await hostEvent(host, { title: `Night Sky Walk ${id}`, date, time: '23:30', venue: 'Observatory', description: 'Stars.' });
  const eventId = await submitEvent(host);
  const cookies = await host.context().cookies();

  const dayIn = async (b: Browser, timezoneId: string) => {
    const context = await b.newContext({ timezoneId });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    const shown = await page.locator(`time[datetime="${date}"]`).textContent();
    await page.goto('/my-events');
    const onCard = await card(page, `Night Sky Walk ${id}`).locator('time').textContent();
    await context.close();
    return { shown, onCard };
  };
  const la = await dayIn(browser, 'America/Los_Angeles');
  const kolkata = await dayIn(browser, 'Asia/Kolkata');
  expect(la.shown).toBe(longDay(date));
  expect(kolkata).toEqual(la);
  expect(la.onCard).toContain(String(Number(date.slice(8))));
});
