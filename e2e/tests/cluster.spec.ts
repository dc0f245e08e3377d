import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startCluster, type Cluster, type ClusterInstance } from '../../scripts/cluster/topology.mjs';
import { shot, uniqueRegistrationId } from '../support/fixtures';
import { bell, newUser, signedInPage } from '../support/flows';

/**
 * The deployment of docs/deploy.md on loopback: nginx terminating TLS in front of two instances,
 * one PostgreSQL, one Redis, an S3-protocol bucket. The browser speaks HTTPS to nginx only; the
 * instances' own logs tell which one answered each request.
 */
const hasNginx = spawnSync('nginx', ['-v']).status === 0;

let cluster: Cluster;
test.beforeAll(async () => {
  test.skip(!hasNginx && process.env.REQUIRE_E2E !== '1', 'nginx is not installed (apt-get install nginx)');
  cluster = await startCluster({ storage: 's3' });
});
test.afterAll(async () => {
  await cluster?.stop();
});

/** Which instance answered a request for `path` (by method) during `step`: the one whose log grew. */
async function servedBy(method: string, path: string | RegExp, step: () => Promise<void>): Promise<ClusterInstance> {
  const matches = (n: ClusterInstance) => n.requests().filter((r) => r.method === method && (typeof path === 'string' ? r.url === path : path.test(r.url ?? ''))).length;
  const before = cluster.instances.map(matches);
  await step();
  await expect.poll(() => cluster.instances.filter((n, i) => matches(n) > before[i]!).length).toBe(1);
  return cluster.instances.find((n, i) => matches(n) > before[i]!)!;
}

/** Every request of a page that failed or answered 5xx, but the event stream ending with its instance and requests the page abandoned. */
function watchFailures(page: Page, failures: string[]) {
  const isStream = (url: string) => url.includes('/api/v1/notifications/stream');
  page.on('requestfailed', (r) => {
    // A request the page itself abandoned (it navigated on) is the browser's doing, not a failure.
    const error = r.failure()?.errorText;
    if (!isStream(r.url()) && error !== 'net::ERR_ABORTED') failures.push(`${r.method()} ${r.url()}: ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) failures.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
  });
}

test('across two instances over HTTPS, one restarted mid-way: the upload, the bell and the download all hold', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
  const other = (n: ClusterInstance) => (n === a ? b : a);
  const context = { baseURL: cluster.url, ignoreHTTPSErrors: true };
  const failures: string[] = [];
  const id = uniqueRegistrationId();

  // The professor logs in through nginx; some instance answers.
  let prof!: Page;
  const loggedInOn = await servedBy('POST', '/api/v1/users/login', async () => {
    prof = await signedInPage(browser, newUser('professor', id), context);
  });
  watchFailures(prof, failures);
  expect(prof.url()).toMatch(/^https:\/\/localhost:\d+\//);

  // That instance is stopped (a rolling deploy's first step): the course and its notes go to
  // the other, into the shared bucket.
  await loggedInOn.stop();
  const title = `Distributed Systems ${id}`;
  const notes = Buffer.from(`Lecture 1 of ${title}\n${randomBytes(3 * 1024 * 1024).toString('base64')}\n`);
  const uploadedOn = await servedBy('POST', /^\/api\/v1\/notes\/create-notes\//, async () => {
    await prof.goto('/add-course');
    await prof.getByLabel('Title').fill(title);
    await prof.getByLabel('Description').fill('Consensus, replication and the clocks between them.');
    await prof.getByLabel('Course number').fill(String(id));
    await prof.getByLabel('Semester').selectOption('7');
    await prof.getByLabel('Branch').selectOption('Computer Engineering');
    await prof.getByRole('button', { name: 'Add Course' }).click();
    // Adding the course leads straight to it.
    await expect(prof).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
    await expect(prof.getByRole('status').filter({ hasText: 'Course created.' })).toBeVisible();
    await prof.getByRole('tab', { name: 'Add Notes' }).click();
    await prof.getByLabel('File name').fill('Lecture 1');
    await prof.getByLabel('Notes file').setInputFiles({ name: 'lecture1.txt', mimeType: 'text/plain', buffer: notes });
    await prof.getByRole('button', { name: 'Add Notes' }).click();
    await expect(prof.getByRole('status').filter({ hasText: 'Notes added.' })).toBeVisible();
  });
  expect(uploadedOn).toBe(other(loggedInOn));
  // Adding notes leaves the professor on the Notes tab; the student opens the course itself.
  const courseUrl = new URL(prof.url()).pathname.replace(/\/notes$/, '');
  await loggedInOn.start();

  // A student of that cohort joins and keeps the course page open; their bell listens on one
  // instance while the professor's next notes may be added on either.
  const studentUser = newUser('student', id + 1, { semester: 7, branch: 'Computer Engineering' });
  const student = await signedInPage(browser, studentUser, context);
  watchFailures(student, failures);
  await student.goto(courseUrl);
  await student.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(student.getByRole('button', { name: 'Leave', exact: true })).toBeVisible();
  // The student downloads the notes (stored through the other instance): the same bytes.
  await student.getByRole('tab', { name: 'Notes', exact: true }).click();
  const href = await student.getByRole('link', { name: 'Download Lecture 1' }).getAttribute('href');
  expect((await (await student.request.get(href!)).body()).equals(notes)).toBe(true);

  // Where the student's stream is now: the instance that logged its latest opening.
  const studentId = ((await (await student.request.get('/api/v1/users/current-user')).json()) as { data: { _id: string } }).data._id;
  const streamOn = () => cluster.instances
    .flatMap((n) => n.logs.filter((l) => l.msg === 'stream opened' && l.userId === studentId).map((l) => ({ n, time: l.time as number })))
    .sort((x, y) => x.time - y.time)
    .map((o) => o.n);
  await expect.poll(() => streamOn().length).toBeGreaterThan(0);
  let unread = 0;
  const crossings: string[] = [];
  for (let lecture = 2; lecture <= 6 && crossings.length === 0; lecture++) {
    const addedOn = await servedBy('POST', /^\/api\/v1\/notes\/create-notes\//, async () => {
      await prof.goto(courseUrl);
      await prof.getByRole('tab', { name: 'Add Notes' }).click();
      await prof.getByLabel('File name').fill(`Lecture ${lecture}`);
      await prof.getByLabel('Notes file').setInputFiles({ name: `lecture${lecture}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Lecture ${lecture}`) });
      await prof.getByRole('button', { name: 'Add Notes' }).click();
      await expect(prof.getByRole('status').filter({ hasText: 'Notes added.' })).toBeVisible();
    });
    unread += 1;
    await expect(bell(student)).toHaveAccessibleName(`Notifications, ${unread} unread`, { timeout: 5_000 });
    // The student's stream is on one instance; when the notes went through the other, the
    // notification crossed between them.
    const listening = streamOn().at(-1)!;
    if (addedOn !== listening) crossings.push(`${addedOn.name} → ${listening.name}`);
  }
  expect(crossings.length).toBeGreaterThan(0);
  await shot(student, 'cluster-01-bell-across-instances');

  // The other instance is restarted too while the student's page stays open: the stream comes
  // back by itself, and the next notification still reaches the bell.
  await other(loggedInOn).restart();
  await prof.goto(courseUrl);
  await prof.getByRole('tab', { name: 'Add Notes' }).click();
  await prof.getByLabel('File name').fill('After the restart');
  await prof.getByLabel('Notes file').setInputFiles({ name: 'after.txt', mimeType: 'text/plain', buffer: Buffer.from('after the restart') });
  await prof.getByRole('button', { name: 'Add Notes' }).click();
  await expect(prof.getByRole('status').filter({ hasText: 'Notes added.' })).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName(`Notifications, ${unread + 1} unread`, { timeout: 10_000 });

  // Both instances served the journey, and nothing the browsers asked for failed.
  expect(cluster.instances.every((n) => n.requests().length > 0)).toBe(true);
  expect(failures).toEqual([]);
});
