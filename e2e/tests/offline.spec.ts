import { paths } from '@campus/contract/paths';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../support/env';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { logIn, mainNav, newUser, type NewUser } from '../support/flows';
import { createCourse, joinCourse, login, register } from '../support/seed';

/**
 * Exam day with no network (issue 26): the portal installs as an app; a student's admit card,
 * opened once online, opens offline with the time it was saved; logout leaves nothing of her in
 * the browser's caches for the next person at a shared lab computer.
 */

interface CacheEntry {
  cache: string;
  url: string;
  body: string;
}

/** Everything CacheStorage holds for the portal, read from the page as any script there could. */
const cacheStorage = (page: Page): Promise<CacheEntry[]> =>
  page.evaluate(async () => {
    const out: CacheEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push({ cache: name, url: request.url, body: response ? await response.text() : '' });
      }
    }
    return out;
  });

/** The entries (cache, URL or body) that mention any of `traces`. */
const mentioning = (entries: CacheEntry[], traces: string[]) => entries.filter((e) => traces.some((t) => e.url.includes(t) || e.body.includes(t))).map((e) => `${e.cache} ${e.url}`);

/** A page of a new browser context, controlled by the service worker: registered after load, then a reload. */
async function controlledPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return page;
}

async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, user: NewUser) {
  const api = await playwright.request.newContext({ baseURL });
  await register(api, user);
  await login(api, user.registrationId, user.password);
  return api;
}

/**
 * Chromium offers no install in an incognito window, which a test's browser context is: the
 * installability check runs in a profile on disk, as a student's browser has.
 */
async function withProfile(baseURL: string | undefined, run: (context: BrowserContext) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'campus-profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), baseURL, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'] });
  try {
    await run(context);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the portal is installable: Chromium finds the manifest, its icons and the worker', async ({ baseURL }) => {
  await withProfile(baseURL, async (context) => {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Campus Portal', short_name: 'Campus', start_url: '/', display: 'standalone' });
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      const res = await page.request.get(icon);
      expect(res.headers()['content-type'], icon).toBe('image/png');
    }
  });
  // The same check sees a manifest without its icons: it is not a check that passes whatever.
  await withProfile(baseURL, async (context) => {
    await context.route('**/manifest.webmanifest', (route) =>
      route.fulfill({ contentType: 'application/manifest+json', body: JSON.stringify({ name: 'Campus Portal', short_name: 'Campus', start_url: '/', display: 'standalone' }) }),
    );
    const page = await context.newPage();
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId)).toContain('manifest-missing-suitable-icon');
  });
});

test('her admit card opens offline with the time it was saved; after logout the caches hold nothing of her, and the next student sees none of it', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const id = uniqueRegistrationId();
  const prof = await apiAs(playwright, baseURL, newUser('professor', id));
  const title = `Thermodynamics ${id}`;
  const course = await createCourse(prof, { title, coursenumber: id, semester: 3, branch: 'Information Technology', examDate: '2099-12-03' });
  const her = newUser('student', id + 1, { fullname: `Meera Offline ${id}` });
  const herApi = await apiAs(playwright, baseURL, her);
  await joinCourse(herApi, course._id);
  const herId = ((await (await herApi.get(paths.users.currentUser)).json()).data as { _id: string })._id;

  // Online: she logs in and opens her admit card; the worker takes over the page.
  const page = await controlledPage(browser, '/login');
  const context = page.context();
  await logIn(page, her.registrationId, her.password);
  await expect(page.getByRole('heading', { name: new RegExp(her.fullname) })).toBeVisible();
  await page.goto('/hallticket');
  const main = page.getByRole('main');
  await expect(main.getByText(her.fullname)).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: title })).toContainText('Thu, 3 Dec 2099');
  await expect(main.getByText(/you are offline/)).toHaveCount(0);
  await expect(main.getByRole('img', { name: `QR code of the admit card of ${her.fullname}` })).toBeVisible();
  // The signed admit card (what its QR code carries) is kept as well.
  const admitCard = await page.evaluate(async (path) => (await (await fetch(path)).json()) as { data: { token: string } }, paths.documents.admitCard);
  const token = admitCard.data.token;
  expect(token.split('.')).toHaveLength(3);

  const hers = [her.fullname, String(her.registrationId), herId, token];
  const saved = new RegExp(`(${[paths.users.currentUser, paths.courses.byStudent, paths.courses.examDates, paths.documents.admitCard].join('|')})$`);
  await expect.poll(async () => (await cacheStorage(page)).filter((e) => e.cache === 'campus-user' && saved.test(e.url)).length).toBe(4);
  // What is read below would find her: the check is not blind.
  expect(mentioning(await cacheStorage(page), hers).length).toBeGreaterThanOrEqual(3);

  // Exam day: no network. The card opens from the saved copies, saying when they were saved.
  await context.setOffline(true);
  await page.reload();
  await expect(main.getByText(her.fullname)).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: title })).toContainText('Thu, 3 Dec 2099');
  const notice = main.getByText(/^Saved on this device for exam day · \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d — you are offline; this is the admit card as it was then\.$/);
  await expect(notice).toBeVisible();
  // Her card's QR code, for the invigilator to scan off the screen: the signed card was kept, and the code's script.
  await expect(main.getByRole('img', { name: `QR code of the admit card of ${her.fullname}` })).toBeVisible();
  // The header's logo is the shell's too.
  await expect.poll(() => page.locator('header img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'offline-01-admit-card-saved');

  // Back online, she logs out: nothing of hers stays in any cache; the shell and the public answers do.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => mentioning(await cacheStorage(page), hers), { timeout: 10_000 }).toEqual([]);
  const after = await cacheStorage(page);
  expect(after.some((e) => e.cache.startsWith('campus-shell-') && e.url.endsWith('/'))).toBe(true);
  expect(after.filter((e) => e.cache === 'campus-user')).toEqual([]);
  // Nothing of any user is kept beyond the admit card's answers: no notes, files or marksheets.
  expect(after.filter((e) => /\/(files|notes|marksheets|applications|notifications)\//.test(e.url))).toEqual([]);

  // The next student, offline at the same computer: no trace of her on the screen.
  await context.setOffline(true);
  await page.goto('/hallticket');
  await expect(page.getByRole('main')).toBeVisible();
  // The worker has nothing to answer who is logged in: the page says the server cannot be reached
  // (a network error is not a logout: only a 401 says nobody is logged in).
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' })).toBeVisible();
  await expect(page.getByText(her.fullname)).toHaveCount(0);
  await expect(page.getByText(String(her.registrationId))).toHaveCount(0);
  await shot(page, 'offline-02-next-student-offline');

  // The invigilator's page opens offline too (its keys are the page's own business, and public).
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Check a document' })).toBeVisible();

  // He logs in online and opens his own card; offline again it is his, and still nothing of hers is kept.
  await context.setOffline(false);
  const him = newUser('student', id + 2, { fullname: `Arjun Next ${id}` });
  const hisApi = await playwright.request.newContext({ baseURL });
  await register(hisApi, him);
  await logIn(page, him.registrationId, him.password);
  await expect(page.getByRole('heading', { name: new RegExp(him.fullname) })).toBeVisible();
  await page.goto('/hallticket');
  await expect(page.getByRole('heading', { name: 'Admit card', exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admit card', exact: true })).toBeVisible();
  await expect(page.getByText(her.fullname)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Join your courses in All Courses' })).toBeVisible();
  expect(mentioning(await cacheStorage(page), hers)).toEqual([]);
  expect(mentioning(await cacheStorage(page), [him.fullname]).length).toBeGreaterThan(0);
  await shot(page, 'offline-03-next-student-own-card');
  await context.close();
  await Promise.all([prof.dispose(), herApi.dispose(), hisApi.dispose()]);
});

/**
 * The first visit (issue 39): the worker registers seconds after the page loads, so the visit
 * that installs it fetched the card without it. It takes over that visit and keeps the card then;
 * the page says when the card is saved. Both ways a student meets it on a fresh browser.
 */
async function studentWithCard(playwright: Parameters<typeof apiAs>[0], baseURL: string | undefined, name: string) {
  const id = uniqueRegistrationId();
  const prof = await apiAs(playwright, baseURL, newUser('professor', id));
  const title = `Heat Transfer ${id}`;
  const course = await createCourse(prof, { title, coursenumber: id, semester: 3, branch: 'Information Technology', examDate: '2099-12-04' });
  const student = newUser('student', id + 1, { fullname: `${name} ${id}` });
  const api = await apiAs(playwright, baseURL, student);
  await joinCourse(api, course._id);
  return { student, title, api, dispose: () => Promise.all([prof.dispose(), api.dispose()]) };
}

/** The card online says it is saved for exam day (once the worker has it all); then offline it opens from what was kept. */
async function savedThenOffline(page: Page, fullname: string, title: string, shotName: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('row').filter({ hasText: title })).toContainText('Fri, 4 Dec 2099');
  // Registered five seconds after load, installed, then it fetches the card's answers itself.
  await expect(main.getByRole('status').filter({ hasText: /^Saved on this device for exam day · \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await shot(page, `${shotName}-online-saved`);

  await page.context().setOffline(true);
  await page.reload();
  await expect(main.getByText(fullname)).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: title })).toContainText('Fri, 4 Dec 2099');
  await expect(main.getByText(/^Saved on this device for exam day · .* — you are offline; this is the admit card as it was then\.$/)).toBeVisible();
  await expect(main.getByRole('img', { name: `QR code of the admit card of ${fullname}` })).toBeVisible();
  // Opened again, in a new tab, still offline.
  const again = await page.context().newPage();
  await again.goto('/hallticket');
  await expect(again.getByRole('main').getByRole('row').filter({ hasText: title })).toContainText('Fri, 4 Dec 2099');
  await shot(again, `${shotName}-offline`);
}

test('first visit, a fresh browser: she logs in, taps Admit card, and the card is kept then; offline it opens', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, title, dispose } = await studentWithCard(playwright, baseURL, 'Kavya Firstvisit');
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, student.registrationId, student.password);
  await expect(page.getByRole('heading', { name: new RegExp(student.fullname) })).toBeVisible();
  // In the app, no page load: the worker, registered after /login loaded, has not controlled a thing yet.
  await mainNav(page).getByRole('link', { name: 'Admit card' }).click();
  await expect(page).toHaveURL(/\/hallticket$/);
  await savedThenOffline(page, student.fullname, title, 'offline-04-first-visit-in-app');
  await context.close();
  await dispose();
});

test('first visit with a session already: /hallticket opened directly once is kept; offline it opens', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, title, api, dispose } = await studentWithCard(playwright, baseURL, 'Rohan Directopen');
  // The browser holds her session cookie (she logged in on an earlier day, before the portal had a worker).
  const context = await browser.newContext({ storageState: await api.storageState() });
  const page = await context.newPage();
  await page.goto('/hallticket');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await expect(page.getByRole('main').getByText(student.fullname)).toBeVisible();
  // Before the worker has it, the card says it is not saved yet.
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^Not saved on this device yet/ })).toBeVisible();
  await savedThenOffline(page, student.fullname, title, 'offline-05-first-visit-direct');
  await context.close();
  await dispose();
});
