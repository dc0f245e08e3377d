import { api } from '@campus/contract/api';
import { todayIn } from '@campus/contract/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JWTPayload } from 'jose';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adaAdmitCard, codeSigner, documentSigner } from '../../test/document-signer';
import { aConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { ok, server } from '../../test/server';

/**
 * /verify as an invigilator meets it: online, the portal's verdict (msw); offline or with the
 * portal down, the page's own WebCrypto check of tokens signed here with jose by a real ES256
 * key, as the server signs them, against the key set the page fetched and kept.
 */

const KID = 'test-key';
let sign: (claims: JWTPayload) => Promise<string>;
let jwks: { keys: object[] };
const now = Math.floor(Date.now() / 1000);
const card = adaAdmitCard(now, [
  { coursenumber: 211070501, title: 'Signals and Systems', examDate: '2026-12-03' },
  { coursenumber: 211070502, title: 'Fluid Mechanics', examDate: '2026-12-05' },
]);
const FILE = new TextEncoder().encode('%PDF-1.7 the marksheet of semester 4');
let fileSha: string;
const marksheet = () => ({ typ: 'marksheet', sub: '211070001', name: 'Ada Lovelace', semester: 4, sha256: fileSha, iat: now });
/** A coursework submission's receipt, as the server signs it. */
const receipt = {
  typ: 'submission',
  sub: '211070001',
  name: 'Ada Lovelace',
  course: 211070555,
  assignment: { _id: 'a5500000-0000-4000-8000-000000000001', title: 'Pipe flow report' },
  attempt: 2,
  files: [{ name: 'report.pdf', sha256: 'ab'.repeat(32), bytes: 2048 }],
  text: null,
  submittedAt: '2026-11-20T10:05:00.000Z',
  dueAt: '2026-11-20T10:00:00.000Z',
  lateMinutes: 0,
  iat: now,
};

beforeAll(async () => {
  const signer = await documentSigner(KID);
  sign = (claims) => signer.sign(claims);
  jwks = { keys: [signer.publicJwk] };
  fileSha = Buffer.from(await crypto.subtle.digest('SHA-256', FILE)).toString('hex');
});

/** What the portal answers: its key set, and `verdict` for every check (or no answer at all). */
let verdict: object | 'down';
const checked: string[] = [];
beforeEach(() => {
  verdict = 'down';
  checked.length = 0;
  server.use(
    http.get(api.documents.keys.path, () => HttpResponse.json(jwks, { headers: { 'content-type': 'application/jwk-set+json' } })),
    http.post(api.documents.verify.path, async ({ request }) => {
      checked.push(((await request.json()) as { token: string }).token);
      return verdict === 'down' ? HttpResponse.error() : ok(verdict, 'document checked');
    }),
  );
});

const result = () => screen.getByRole('heading', { level: 2 }).parentElement!.parentElement!;

async function paste(text: string) {
  const field = screen.getByLabelText('Link or code from the document');
  await userEvent.clear(field);
  // userEvent.type reads braces as keys; a paste is what an invigilator does.
  field.focus();
  await userEvent.paste(text);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
}

async function openWithKeys() {
  renderApp('/verify');
  expect(await screen.findByRole('heading', { level: 1, name: 'Check a document' })).toBeInTheDocument();
  expect(await screen.findByText(/Ready to check without a network/)).toBeInTheDocument();
}

describe('/verify on exam day', () => {
  it('puts the verdict and the name first, above the paste box, and marks today’s paper', async () => {
    const today = todayIn(aConfig().campusTimeZone);
    const withToday = adaAdmitCard(now, [
      { coursenumber: 211070501, title: 'Signals and Systems', examDate: today },
      { coursenumber: 211070502, title: 'Fluid Mechanics', examDate: '2099-12-05' },
    ]);
    const token = await sign(withToday);
    verdict = { valid: true, claims: withToday };
    renderApp(`/verify#${token}`);
    const verdictHeading = await screen.findByRole('heading', { level: 2, name: 'Genuine' });
    const box = screen.getByLabelText('Link or code from the document');
    // In document order, the verdict comes before the box.
    expect(verdictHeading.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(verdictHeading.nextElementSibling).toHaveTextContent('Ada Lovelace');
    const papers = within(screen.getByRole('list', { name: 'Papers on the card' })).getAllByRole('listitem');
    expect(papers[0]).toHaveAttribute('aria-current', 'date');
    expect(papers[0]).toHaveTextContent(/Signals and Systems.*Today/);
    expect(papers[1]).not.toHaveAttribute('aria-current');
    expect(papers[1]).not.toHaveTextContent('Today');
  });
});

describe('/verify online: the portal decides', () => {
  it('a genuine admit card: the verdict, whom it names and the papers with their dates', async () => {
    const token = await sign(card);
    verdict = { valid: true, claims: card };
    await openWithKeys();
    await paste(`https://portal.example.edu/verify#${token}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(checked).toEqual([token]);
    const shown = within(result());
    for (const text of ['Ada Lovelace', '211070001', 'Computer Engineering', 'Signals and Systems', 'Thu, 3 Dec 2026', 'Fluid Mechanics', 'Sat, 5 Dec 2026']) {
      expect(shown.getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(shown.queryByText(/without a network/)).toBeNull();
  });

  it('a card an exam date moved since: genuine, but it says a newer card exists; the portal shows its photo of the student', async () => {
    const token = await sign(card);
    verdict = { valid: true, claims: card, photo: '/api/v1/documents/photo/a-link', current: false };
    await openWithKeys();
    await paste(token);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(within(result()).getByRole('alert')).toHaveTextContent('An exam date has changed since this card was printed');
    expect(within(result()).getByRole('img', { name: "The portal's photo of Ada Lovelace" })).toHaveAttribute('src', '/api/v1/documents/photo/a-link');
  });

  it('a current card says nothing of a newer one; without a photo, none is shown', async () => {
    verdict = { valid: true, claims: card, photo: null, current: true };
    await openWithKeys();
    await paste(await sign(card));
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(within(result()).queryByRole('alert')).toBeNull();
    expect(within(result()).queryByRole('img')).toBeNull();
  });

  it("an admit card's printed code (digits) goes to the portal as it is; its papers are named by course number", async () => {
    const signer = await codeSigner();
    const code = await signer.sign({ sub: card.sub, name: card.name, semester: card.semester, branch: card.branch, iat: card.iat, exp: card.exp, papers: card.courses });
    verdict = { valid: true, claims: { ...card, courses: card.courses.map((c) => ({ ...c, title: '' })) }, photo: null, current: true };
    renderApp(`/verify#${code}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(checked).toEqual([code]);
    expect(within(result()).getByText('Course 211070501')).toBeInTheDocument();
  });

  it('opened from a QR code (the token in the fragment), it checks at once', async () => {
    const token = await sign(card);
    verdict = { valid: true, claims: card };
    renderApp(`/verify#${token}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(checked).toEqual([token]);
  });

  it.each([
    ['expired', 'Expired'],
    ['replaced', 'Replaced'],
    ['invalid', 'Not genuine'],
  ])('the portal says %s: %s', async (reason, title) => {
    verdict = { valid: false, reason };
    await openWithKeys();
    await paste(await sign(reason === 'replaced' ? marksheet() : card));
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // An expired card or a replaced marksheet is still signed: whom it named is shown.
    if (reason !== 'invalid') expect(within(result()).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('what is not a token at all is not genuine, without asking anyone', async () => {
    await openWithKeys();
    await paste('hello, this is my admit card');
    expect(await screen.findByRole('heading', { level: 2, name: 'Not genuine' })).toBeInTheDocument();
    expect(checked).toEqual([]);
  });

  it('an empty paste asks for the link', async () => {
    await openWithKeys();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Paste the link or the code from the document first.')).toBeInTheDocument();
  });
});

describe('/verify with the portal out of reach: this device checks the signature', () => {
  it('genuine, with the name, saying it was checked offline against the keys kept', async () => {
    await openWithKeys();
    await paste(await sign(card));
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(within(result()).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(result()).getByText(/Checked on this device without a network/)).toBeInTheDocument();
  });

  it("an admit card's printed code: genuine on this device, with its own dates, saying they can only be checked against today's online", async () => {
    const signer = await codeSigner();
    jwks = { keys: [...jwks.keys, signer.publicJwk] };
    const code = await signer.sign({ sub: card.sub, name: card.name, semester: card.semester, branch: card.branch, iat: card.iat, exp: card.exp, papers: card.courses });
    await openWithKeys();
    await paste(`https://portal.example.edu/verify#${code}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    for (const text of ['Ada Lovelace', 'Course 211070501', 'Thu, 3 Dec 2026', 'Sat, 5 Dec 2026']) expect(within(result()).getByText(text)).toBeInTheDocument();
    expect(within(result()).getByText(/whether one has changed since it was printed can only be checked online/)).toBeInTheDocument();
  });

  it('an edited token (another name in the payload) is not genuine', async () => {
    await openWithKeys();
    const [head, , signature] = (await sign(card)).split('.');
    await paste(`${head}.${Buffer.from(JSON.stringify({ ...card, name: 'Mallory' })).toString('base64url')}.${signature}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Not genuine' })).toBeInTheDocument();
    expect(screen.queryByText('Mallory')).toBeNull();
  });

  it('an expired card is expired', async () => {
    await openWithKeys();
    await paste(await sign({ ...card, exp: now - 10 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Expired' })).toBeInTheDocument();
  });

  it('a marksheet: genuine as signed, and whether it was replaced can only be checked online; its file checks against the digest', async () => {
    await openWithKeys();
    await paste(await sign(marksheet()));
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(within(result()).getByText(/can only be checked online/)).toBeInTheDocument();
    expect(within(result()).getByText(fileSha)).toBeInTheDocument();
    const input = screen.getByLabelText('Check a marksheet file against this code');
    await userEvent.upload(input, new File([FILE], 'sem4.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('sem4.pdf is the marksheet this code was issued for.')).toBeInTheDocument();
    await userEvent.upload(input, new File([FILE, 'x'], 'edited.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/edited.pdf is not the marksheet this code was issued for/)).toBeInTheDocument();
  });

  it('keys never kept and no portal: it says it cannot check, not that the document is false', async () => {
    server.use(http.get(api.documents.keys.path, () => HttpResponse.error()));
    renderApp('/verify');
    expect(await screen.findByText(/keys are not saved on this device yet/)).toBeInTheDocument();
    await paste(await sign(card));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cannot check here' })).toBeInTheDocument();
  });

  it('keys kept on an earlier visit are used when the key set cannot be fetched now', async () => {
    await openWithKeys();
    screen.getByRole('heading', { level: 1 });
    server.use(http.get(api.documents.keys.path, () => HttpResponse.error()));
    const { unmount } = renderApp('/verify');
    await waitFor(() => expect(screen.getAllByText(/Ready to check without a network/)).toHaveLength(2));
    unmount();
    await paste(await sign(card));
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
  });
});

describe('/verify of a coursework submission’s receipt', () => {
  it('online: genuine, with the assignment, the attempt and each file’s digest; a replaced attempt says so', async () => {
    const token = await sign(receipt);
    verdict = { valid: true, claims: receipt, photo: null, current: true };
    await openWithKeys();
    await paste(token);
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    const shown = within(result());
    for (const text of ['Submission receipt', 'Pipe flow report', '211070555', 'report.pdf', 'ab'.repeat(32), 'On time']) {
      expect(shown.getByText(text, { exact: false })).toBeInTheDocument();
    }

    verdict = { valid: false, reason: 'replaced', claims: receipt };
    await paste(token);
    expect(await screen.findByText(/The student has handed in this work again since/)).toBeInTheDocument();
  });

  it('offline: genuine as signed, and whether it was replaced can only be checked online', async () => {
    await openWithKeys();
    await paste(await sign(receipt));
    expect(await screen.findByRole('heading', { level: 2, name: 'Genuine' })).toBeInTheDocument();
    expect(within(result()).getByText(/handed in this work again since can only be checked online/)).toBeInTheDocument();
    expect(within(result()).getByText('Pipe flow report')).toBeInTheDocument();
  });
});
