import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { png } from './fixtures';

export interface NewUser {
  registrationId: number;
  email: string;
  fullname: string;
  password: string;
  semester: number;
  branch: string;
  role: 'student' | 'professor';
}

export function newUser(role: NewUser['role'], registrationId: number, patch: Partial<NewUser> = {}): NewUser {
  return {
    registrationId,
    email: `${role}.${registrationId}@campus.test`,
    fullname: role === 'student' ? `Student ${registrationId}` : `Professor ${registrationId}`,
    password: `pass-${registrationId}-phrase`,
    semester: 3,
    branch: 'Information Technology',
    role,
    ...patch,
  };
}

/**
 * Signs up through the signup page for the role (a professor is asked for neither
 * semester nor branch), and waits for the home page, logged in, with its welcome.
 */
export async function signUp(page: Page, user: NewUser) {
  await page.goto(user.role === 'student' ? '/student-signup' : '/teacher-signup');
  await page.getByLabel('Registration ID').fill(String(user.registrationId));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Full name').fill(user.fullname);
  if (user.role === 'student') {
    await page.getByLabel('Semester').selectOption(String(user.semester));
    await page.getByLabel('Branch').selectOption(user.branch);
  }
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Avatar', { exact: true }).setInputFiles(png());
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is ready.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

export async function logIn(page: Page, registrationId: number, password: string) {
  await page.goto('/login');
  await page.getByLabel('Registration ID').fill(String(registrationId));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * A user signed up and logged in, in a browser context of their own (several people at once);
 * `context` options reach another portal than the configured one (the cluster journey).
 */
export async function signedInPage(browser: Browser, user: NewUser, context: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(context)).newPage();
  // Signup logs the new user in.
  await signUp(page, user);
  await expect(page.getByRole('heading', { name: new RegExp(user.fullname) })).toBeVisible();
  return page;
}

/** The header's bell; its accessible name carries the unread count ("Notifications, 2 unread"). */
export const bell = (page: Page) => mainNav(page).getByRole('link', { name: /^Notifications/ });

/**
 * Waits until the page's notification stream is joined on the server: what happens after it
 * arrives live (a toast). Before, the bell already shows, but a notification made then would
 * reach only the count.
 */
export const streamLive = (page: Page) => expect(bell(page)).toHaveAttribute('data-live', 'true', { timeout: 10_000 });
