import { pages } from '@campus/contract/pages';
import { expect, request, test, type Page } from '@playwright/test';
import { ADMIN, CAMPUS_OIDC, CAMPUS_SAML } from '../support/env';
import { shot } from '../support/fixtures';
import { mainNav } from '../support/flows';
import { login } from '../support/seed';

/**
 * Campus sign-in as a student of a campus with Google Workspace tries it: one click on "Campus
 * account", the provider's login, and back on the page she asked for, as herself, with her
 * semester and branch from the directory. An alumna the directory gives no role is told why, and
 * no account is made. When the provider logs her out, her open portal page is logged out too.
 * The provider is a real OpenID provider (support/oidc-provider.ts) on HTTPS with its own
 * certificate, which the portal trusts as a campus CA and the browser is told to accept. A SAML
 * federation's identity provider (support/saml-idp.ts) is on another site, so its signed answer
 * comes back as a cross-site POST, with Chromium's own cookie rules.
 */
test.use({ ignoreHTTPSErrors: true });

const provider = `https://127.0.0.1:${CAMPUS_OIDC.port}`;
const asha = CAMPUS_OIDC.accounts['google-asha'];
const meera = CAMPUS_OIDC.accounts['google-meera'];

/** At the provider's login page: who signs in. */
async function atProvider(page: Page, sub: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider}/interaction/`));
  await page.getByLabel('Login').fill(sub);
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a student signs in with her campus account and lands on the page she asked for; logout at the provider ends her portal session', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The admit card is for students: asked for logged out, the portal sends her to log in first.
  await page.goto(pages.hallTicket);
  await expect(page).toHaveURL(/\/login/);
  await shot(page, 'campus-01-login-page');
  await page.getByRole('link', { name: `Log in with ${CAMPUS_OIDC.label}` }).click();
  await atProvider(page, 'google-asha');
  await expect(page).toHaveURL(new RegExp(`${pages.hallTicket}$`));
  await expect(mainNav(page)).toBeVisible();
  await shot(page, 'campus-02-back-on-the-page-asked-for');

  // Herself, as the directory has her, and the profile says how she signed in.
  await page.goto(pages.updateAccount);
  await expect(page.getByText(`Signed in with ${CAMPUS_OIDC.label}`)).toBeVisible();
  const details = page.locator('dl').first();
  for (const value of [asha.name, asha.student_id, asha.email, `${asha.semester}`, asha.branch]) await expect(details).toContainText(value);
  await shot(page, 'campus-03-profile');

  // Campus IT logs her out at the provider (in another tab): the provider tells the portal, and
  // her open portal page is logged out without her doing anything.
  const itTab = await context.newPage();
  await itTab.goto(`${provider}/session/end`);
  await itTab.getByRole('button', { name: /sign me out/i }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await context.close();
});

test('an alumna with no role is told why on the login page, and no account is made', async ({ browser, baseURL }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(pages.login);
  await page.getByRole('link', { name: `Log in with ${CAMPUS_OIDC.label}` }).click();
  await atProvider(page, 'google-meera');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toContainText('no role in this portal');
  await shot(page, 'campus-04-no-role');
  // Nothing was made: an administrator finds no account with her registration id.
  const admin = await request.newContext({ baseURL });
  await login(admin, ADMIN.registrationId, ADMIN.password);
  const found = await (await admin.get(`/api/v1/admin/users?q=${meera.student_id}`)).json();
  expect(found.data.users).toEqual([]);
  await admin.dispose();
});

test('a student of a SAML federation signs in through its identity provider, the answer POSTed back from another site', async ({ browser }) => {
  const ravi = CAMPUS_SAML.users.ravi.attributes;
  const page = await (await browser.newContext()).newPage();
  await page.goto(pages.myCourses);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: `Log in with ${CAMPUS_SAML.label}` }).click();
  // The identity provider's own page, on another site: who signs in.
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${CAMPUS_SAML.port}/sso`));
  await page.getByRole('link', { name: 'ravi' }).click();
  // Its form posts the signed response to the portal by itself.
  await expect(page).toHaveURL(new RegExp(`${pages.myCourses}$`));
  await expect(mainNav(page).getByRole('link', { name: 'My Courses' })).toBeVisible();
  await page.goto(pages.updateAccount);
  await expect(page.getByText(`Signed in with ${CAMPUS_SAML.label}`)).toBeVisible();
  const details = page.locator('dl').first();
  for (const value of [ravi.displayName, ravi.studentId, ravi.mail, ravi.semester, ravi.branch]) await expect(details).toContainText(value);
  await shot(page, 'campus-05-saml-profile');
});
