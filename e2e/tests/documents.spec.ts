import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@campus/contract/paths';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { decode } from 'fast-png';
import { openCode } from '@campus/contract/document-code';
import { compactVerify, createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import jsQR from 'jsqr';
import { EXAM_OFFICE } from '../support/env';
import { pdf, shot, uniqueRegistrationId } from '../support/fixtures';
import { newUser } from '../support/flows';
import { createCourse, joinCourse, login, register, requestMarksheet } from '../support/seed';

/**
 * Documents a gate can trust (issue 26), as an invigilator tries them: the student's admit card
 * PDF rendered to an image as a printer would (pdftoppm, 150 dpi), its QR code read back (jsQR),
 * the token checked against the published keys and by the portal; then, in a browser with no
 * login and no network, /verify says genuine with the student's name, and not genuine once the
 * token is edited; a marksheet the exam office has since replaced says replaced (online).
 */

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function data<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The first QR code on page one of a PDF, printed at `dpi`. */
function qrOfPdf(file: string, dpi = 150): string {
  const dir = mkdtempSync(join(tmpdir(), 'admit-card-'));
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', file, join(dir, 'page')]);
  const png = decode(readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.png'))!)));
  const { width, height, channels } = png;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) rgba[i * 4 + c] = Number(png.data[i * channels + (channels >= 3 ? c : 0)]);
    rgba[i * 4 + 3] = 255;
  }
  const code = jsQR(rgba, width, height);
  expect(code, `a QR code on page one of the admit card at ${dpi} dpi`).not.toBeNull();
  return code!.data;
}

const verdict = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function check(page: Page, token: string) {
  await page.getByLabel('Link or code from the document').fill(token);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

test('an invigilator checks a printed admit card with no network; an edited card and a replaced marksheet are refused', async ({ browser, baseURL }) => {
  // Like the cluster journey's nginx: skipped where it is missing, a failure under REQUIRE_E2E=1 (CI installs it).
  test.skip(!hasPdftoppm && process.env.REQUIRE_E2E !== '1', 'pdftoppm is not installed (apt-get install poppler-utils): it renders the PDF as a printer would');
  test.setTimeout(120_000);
  const id = uniqueRegistrationId();

  // A professor's eight dated courses with long titles, and a student in all of them (through the API: the screens are other journeys').
  const profContext = await browser.newContext();
  const prof = newUser('professor', id);
  await register(profContext.request, prof);
  await login(profContext.request, prof.registrationId, prof.password);
  const studentUser = newUser('student', id + 1, { fullname: `Ada Lovelace ${id}` });
  const studentContext = await browser.newContext();
  const { _id: studentId } = await register(studentContext.request, studentUser);
  await login(studentContext.request, studentUser.registrationId, studentUser.password);
  const titles = [
    'Signals and Systems: Continuous and Discrete Time, Fourier, Laplace and Z Transforms',
    'Data Structures and Algorithms with Applications to Databases and Operating Systems',
    'Database Systems: Relational Design, Query Processing, Transactions and Recovery',
    'Computer Networks: Protocols, Routing, Congestion Control and Network Security',
    'Operating Systems: Processes, Scheduling, Memory Management and File Systems',
    'Theory of Computation: Automata, Formal Languages, Computability and Complexity',
    'Compiler Construction: Lexing, Parsing, Semantic Analysis and Code Generation',
    'Software Engineering: Requirements, Design Patterns, Testing and Project Management',
  ];
  const courses = [];
  for (const [i, title] of titles.entries()) {
    const fields = { title, coursenumber: id + 10 + i, semester: 3, branch: studentUser.branch, examDate: `2099-12-0${i + 1}` };
    const course = await createCourse(profContext.request, fields);
    await joinCourse(studentContext.request, course._id);
    courses.push({ ...fields, _id: course._id });
  }

  // The student's admit card: its QR code on screen, and in the PDF.
  const student = await studentContext.newPage();
  await student.goto('/hallticket');
  await expect(student.getByRole('img', { name: `QR code of the admit card of ${studentUser.fullname}` })).toBeVisible();
  await shot(student, 'documents-01-hallticket');
  const downloading = student.waitForEvent('download');
  await student.getByRole('button', { name: 'Download admit card (PDF)' }).click();
  // Printed at a phone photo's resolution up to a good printer's, the code reads back the same.
  const file = (await (await downloading).path())!;
  const link = qrOfPdf(file, 150);
  for (const dpi of [100, 200, 300]) expect(qrOfPdf(file, dpi), `${dpi} dpi`).toBe(link);
  expect(link).toMatch(new RegExp(`^${baseURL}/verify#\\d+$`));
  const code = link.slice(link.indexOf('#') + 1);

  // The code is a JWS over the card's facts: any JOSE library checks it against the published key set; the portal too.
  const keys = (await (await studentContext.request.get(paths.documents.keys)).json()) as JSONWebKeySet;
  const opened = openCode(code, keys.keys.map((k) => k.kid!))!;
  const { protectedHeader } = await compactVerify(opened.jws, createLocalJWKSet(keys), { algorithms: ['ES256'] });
  expect(protectedHeader.alg).toBe('ES256');
  expect(opened.facts).toMatchObject({ sub: String(studentUser.registrationId), name: studentUser.fullname, semester: 3 });
  expect(opened.facts.papers).toEqual(courses.map((c) => ({ coursenumber: c.coursenumber, examDate: c.examDate })));
  const checked = await data<{ valid: boolean; current: boolean; photo: string }>(studentContext.request.post(paths.documents.verify, { data: { token: code } }));
  expect(checked).toMatchObject({ valid: true, current: true });
  // The full token, as the API gives it, verifies too (any JOSE library, as a JWT).
  const { token } = await data<{ token: string }>(studentContext.request.get(paths.documents.admitCard));
  const { payload } = await jwtVerify(token, createLocalJWKSet(keys), { algorithms: ['ES256'] });
  expect((payload.courses as unknown[]).length).toBe(8);

  // The invigilator: a phone, nobody logged in. She opens /verify once (the keys are kept), opens the code's link…
  const gateContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const gate = await gateContext.newPage();
  await gate.goto(link);
  await expect(verdict(gate, 'Genuine')).toBeVisible();
  await expect(gate.getByText(studentUser.fullname).first()).toBeVisible();
  await expect(gate.getByText('Ready to check without a network', { exact: false })).toBeVisible();
  // Online, the portal's photo of the student the card names (a link that needs no session).
  const photo = gate.getByRole('img', { name: `The portal's photo of ${studentUser.fullname}` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(gate.getByRole('alert')).toHaveCount(0);
  await shot(gate, 'documents-02a-verify-online-photo');

  // …and then the network goes: she pastes the code's link, and the phone checks it alone.
  await gateContext.setOffline(true);
  await check(gate, link);
  await expect(verdict(gate, 'Genuine')).toBeVisible();
  await expect(gate.getByText(studentUser.fullname)).toBeVisible();
  await expect(gate.getByText('Checked on this device without a network', { exact: false })).toBeVisible();
  await expect(gate.getByText('Thu, 3 Dec 2099')).toBeVisible();
  await shot(gate, 'documents-02-verify-offline-genuine');

  // A code with one digit changed: not genuine, still offline.
  const at = code.length - 50;
  await check(gate, `${code.slice(0, at)}${code[at] === '1' ? '2' : '1'}${code.slice(at + 1)}`);
  await expect(verdict(gate, 'Not genuine')).toBeVisible();

  // A card edited to name someone else: not genuine, still offline.
  const [head, body, signature] = token.split('.') as [string, string, string];
  const edited = { ...JSON.parse(Buffer.from(body, 'base64url').toString()), name: 'Mallory Impostor' };
  await check(gate, `${head}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`);
  await expect(verdict(gate, 'Not genuine')).toBeVisible();
  await expect(gate.getByText('Mallory Impostor')).toHaveCount(0);
  await shot(gate, 'documents-03-verify-offline-edited');

  // A marksheet: issued, shown with its code, then replaced by the exam office.
  await requestMarksheet(studentContext.request, 3);
  const officeContext = await browser.newContext();
  await login(officeContext.request, EXAM_OFFICE.registrationId, EXAM_OFFICE.password);
  const upload = (text: string) =>
    data<{ marksheet: { _id: string } }>(
      officeContext.request.post(paths.marksheets.create(studentId), { multipart: { semester: '3', marksheet: pdf('semester-3.pdf', text) } }),
    );
  const { marksheet } = await upload(`first marksheet of ${id}`);
  await student.goto('/marksheet');
  await expect(student.getByRole('img', { name: 'QR code of the marksheet of semester 3' })).toBeVisible();
  await shot(student, 'documents-04-marksheet');
  const signed = await data<{ token: string }>(studentContext.request.get(paths.documents.marksheet(marksheet._id)));

  // Offline, the signature alone: genuine, and whether it was replaced needs the network.
  await check(gate, signed.token);
  await expect(verdict(gate, 'Genuine')).toBeVisible();
  await expect(gate.getByText('can only be checked online', { exact: false })).toBeVisible();

  await upload(`corrected marksheet of ${id}`);
  await gateContext.setOffline(false);
  await check(gate, signed.token);
  await expect(verdict(gate, 'Replaced')).toBeVisible();
  await expect(gate.getByText(studentUser.fullname)).toBeVisible();
  await shot(gate, 'documents-05-verify-replaced');

  // An exam moves: the printed card is still the portal's, but no longer the student's dates. Online the gate says so.
  const moved = courses[1]!;
  const edit = await profContext.request.patch(paths.courses.update(moved._id), {
    data: { title: moved.title, description: 'Seeded for the routes tour.', semester: moved.semester, branch: moved.branch, examDate: '2099-12-20' },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await check(gate, link);
  await expect(verdict(gate, 'Genuine')).toBeVisible();
  await expect(gate.getByRole('alert')).toContainText('An exam date has changed since this card was printed');
  await shot(gate, 'documents-06-verify-newer-card');

  for (const context of [profContext, studentContext, gateContext, officeContext]) await context.close();
});
