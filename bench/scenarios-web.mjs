// What the browser downloads: the JavaScript of /login, of the course pages, and what the hall
// ticket (and its PDF library) adds, each script gzipped at level 9 and summed.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { signedIn } from './lib/accounts.mjs';
import { startServer } from './lib/server.mjs';
import { tinyPng } from './lib/png.mjs';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A Chromium on a fresh server, or null when no Chromium is installed. */
async function browserOn(port) {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!executablePath) return null;
  const { chromium } = await import('@playwright/test');
  const server = await startServer({ port, env: { RATE_LIMIT_REGISTER_PER_ADDRESS: '100000' } });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** Records every script a page downloads; `take()` returns those since the last take. */
function scriptRecorder(page) {
  let pending = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') pending.push(r.body().then((b) => ({ url: r.url(), b })));
  });
  return async () => {
    const bodies = await Promise.all(pending);
    pending = [];
    return bodies;
  };
}

const weigh = (bodies) => {
  if (process.env.BENCH_VERBOSE) for (const x of bodies) process.stderr.write(`    ${x.url.split('/').pop()} ${(gzipSync(x.b, { level: 9 }).length / 1024).toFixed(1)} KB\n`);
  const gz = bodies.reduce((n, x) => n + gzipSync(x.b, { level: 9 }).length, 0);
  const raw = bodies.reduce((n, x) => n + x.b.length, 0);
  return `${(gz / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw, ${bodies.length} files)`;
};

/** Every script /login loads in Chromium. */
export async function loginPageWeight({ port }) {
  const env = await browserOn(port);
  if (!env) return [{ scenario: 'login page JS', value: 'skipped: no Chromium' }];
  try {
    const page = await env.browser.newPage();
    const take = scriptRecorder(page);
    await page.goto(`${env.server.base}/login`, { waitUntil: 'networkidle' });
    return [{ scenario: 'login page JS', value: weigh(await take()) }];
  } finally {
    await env.close();
  }
}

/**
 * A student with one joined course opens /all-courses (a full load), then the course page, then
 * the hall ticket through the header, then downloads the PDF: each step's new scripts.
 */
export async function coursePagesWeight({ port }) {
  const env = await browserOn(port);
  if (!env) return [{ scenario: 'course pages JS', value: 'skipped: no Chromium' }];
  try {
    const base = env.server.base;
    const prof = await signedIn(base, { registrationId: '200000011', userrole: '1', fullname: 'Bench Professor' });
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Bench Course', description: 'For the page weights', coursenumber: '200000011', examDate: '2026-12-01' })) form.append(k, v);
    form.append('thumbnail', new Blob([tinyPng], { type: 'image/png' }), 't.png');
    const created = await fetch(`${base}/api/v1/courses/create-course`, { method: 'POST', body: form, headers: { cookie: prof.cookie } });
    if (created.status !== 201) throw new Error(`create-course answered ${created.status}`);
    const courseId = (await created.json()).data.course._id;

    const student = await signedIn(base, { registrationId: '200000012', fullname: 'Bench Student' });
    await fetch(`${base}/api/v1/courses/addstudenttocourse/${courseId}`, { method: 'PATCH', headers: { cookie: student.cookie } });
    const context = await env.browser.newContext({ acceptDownloads: true });
    const [name, value] = student.cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const take = scriptRecorder(page);

    await page.goto(`${base}/all-courses`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Bench Course' }).first().waitFor();
    const allCourses = await take();
    await page.getByRole('link', { name: 'Bench Course' }).first().click();
    await page.getByRole('tab', { name: 'Enrolled' }).waitFor();
    await page.waitForLoadState('networkidle');
    const coursePage = await take();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hall Ticket' }).click();
    await page.getByRole('button', { name: 'Download as PDF' }).waitFor();
    await page.waitForLoadState('networkidle');
    const hallTicket = await take();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as PDF' }).click();
    await download;
    const pdf = await take();
    return [
      { scenario: '/all-courses JS, full load', value: weigh(allCourses) },
      { scenario: '/course/:id adds', value: weigh(coursePage) },
      { scenario: '/hallticket adds', value: weigh(hallTicket) },
      { scenario: 'Download as PDF adds', value: weigh(pdf) },
    ];
  } finally {
    await env.close();
  }
}
