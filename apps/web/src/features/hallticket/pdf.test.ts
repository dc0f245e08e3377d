import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import jsQR from 'jsqr';
// The legacy build is the one PDF.js ships for Node (the modern one expects a browser's globals).
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { COURSE_TITLE_MAX } from '@campus/contract/courses';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, ok, server } from '../../test/server';
import { paths } from '@campus/contract/paths';
import { qrSymbol, verifyLink } from '../../lib/qr';
import { codeSigner } from '../../test/document-signer';
import { checkOffline, tokenIn, type PublicKey } from '../documents';
import { admitCardPdf, admitCardSeal, fitInto, loadPhoto, UNSIGNED_NO_DATES, type Photo, type Seal } from './pdf';
import { inExamOrder, type Paper, type Ticket } from './ticket';

/** The hours the test papers are sat, as the card prints them. */
const EXAM_TIME = '09:15 AM TO 12:15 PM';

/**
 * The admit card as an invigilator gets it: the real jsPDF writes it and PDF.js reads it back,
 * so these check the bytes a student downloads (pages, their size, the text, the photo's shape).
 * To look at the pages, run this file with ADMIT_CARD_PDF_DIR=/some/dir: each case's PDF is
 * written there, for `pdftoppm -png -r 60 <file>.pdf <prefix>`.
 */

const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
const A4 = { long: 841.89, short: 595.28 };

interface Read {
  pages: { width: number; height: number; text: string }[];
  /** Width ÷ height of each image as drawn on page one. */
  imageAspects: number[];
}

async function read(bytes: ArrayBuffer, name: string): Promise<Read> {
  const out = process.env.ADMIT_CARD_PDF_DIR;
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.pdf`), new Uint8Array(bytes));
  }
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl });
  const doc = await task.promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      pages.push({ width: width!, height: height!, text: content.items.map((item) => ('str' in item ? item.str : '')).join(' ') });
    }
    // jsPDF draws an image as `q w 0 0 h x y cm /I Do Q`: the transform before each paint is its drawn size.
    const ops = await (await doc.getPage(1)).getOperatorList();
    const imageAspects: number[] = [];
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.paintImageXObject) return;
      const j = ops.fnArray.lastIndexOf(OPS.transform, i);
      const [a, , , d] = ops.argsArray[j] as number[];
      imageAspects.push(a! / d!);
    });
    return { pages, imageAspects };
  } finally {
    await task.destroy();
  }
}

const pdfOf = async (ticket: Ticket, photo: Photo | null, name: string, seal?: Seal) => read((await admitCardPdf(ticket, photo, seal)).output('arraybuffer'), name);

/** A PNG of a disc on a pale ground, width × height: stretched, the disc would be an ellipse. */
function discPng(width: number, height: number): Photo {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc(body));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const radius = Math.min(width, height) / 2 - 2;
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 <= radius ** 2;
      raw.set(inside ? [30, 64, 175] : [219, 234, 254], row + 1 + x * 3);
    }
  }
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())];
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return { data, format: 'PNG' };
}

const LONG_TITLES = [
  'Numerical Methods for Partial Differential Equations in Computational Fluid Dynamics, with Finite Volume and Spectral Techniques',
  'Design and Analysis of Algorithms: Greedy, Divide and Conquer, Dynamic Programming, Network Flows and NP-completeness',
  'Advanced Structural Analysis of Indeterminate Frames, Arches and Cable Systems by the Stiffness and Flexibility Methods',
  'Power Electronics and Drives: Converters, Inverters, Choppers, Cycloconverters and the Control of AC and DC Machines',
  'Probability, Statistics and Stochastic Processes for Engineers, with Estimation, Hypothesis Testing and Markov Chains',
  'Environmental Engineering II: Wastewater Collection, Treatment, Disposal and Reuse, Solid Waste and Air Pollution Control',
  'Engineering Economics, Accountancy and Project Management, with Case Studies from Indian Infrastructure and Industry',
  'Machine Learning and Pattern Recognition: Regression, Kernels, Graphical Models, Neural Networks and Deep Learning Practice',
];

function paper(i: number, examDate: string | null, title = `Paper ${i}`, times: [string, string] | null = ['09:15', '12:15']): Paper {
  return { coursenumber: 211070100 + i, title, examDate, examStart: times?.[0] ?? null, examEnd: times?.[1] ?? null, centre: 'Main Building, Examination Hall 2 (ground floor)' };
}

function aTicket(papers: Paper[], patch: Partial<Ticket> = {}): Ticket {
  return {
    campusName: 'Veermata Jijabai Technological Institute',
    fullname: 'Ada Lovelace',
    registrationId: 211070001,
    branch: 'Computer Engineering',
    semester: 5,
    avatar: '',
    papers: inExamOrder(papers),
    ...patch,
  };
}

/** The course numbers in the order they appear in the text. */
const numbersIn = (text: string) => [...text.matchAll(/\b2110701\d\d\b/g)].map((m) => Number(m[0]));

describe('the admit card PDF', () => {
  it('one paper: one A4 landscape page headed by the campus, with the student, the paper and its time', async () => {
    const pdf = await pdfOf(aTicket([paper(1, '2026-12-03', 'Signals and Systems')]), discPng(60, 80), 'one-paper');
    expect(pdf.pages).toHaveLength(1);
    const [page] = pdf.pages;
    expect(page!.width).toBeCloseTo(A4.long, 0);
    expect(page!.height).toBeCloseTo(A4.short, 0);
    for (const text of ['Veermata Jijabai Technological Institute', 'Admit card', 'Ada Lovelace', '211070001', 'Computer Engineering', 'Signals and Systems', 'Thu, 3 Dec 2026', EXAM_TIME, "Invigilator's signature", "Student's signature"]) {
      expect(page!.text).toContain(text);
    }
    expect(page!.text.indexOf('Veermata Jijabai Technological Institute')).toBeLessThan(page!.text.indexOf('Admit card'));
  });

  it('eight papers with long titles fit on one page, in exam order', async () => {
    const dates = ['2026-12-09', '2026-12-01', '2026-12-14', '2026-12-03', '2026-12-11', '2026-12-05', '2026-12-07', '2026-12-02'];
    const papers = dates.map((d, i) => paper(i, d, LONG_TITLES[i]));
    const pdf = await pdfOf(aTicket(papers), discPng(80, 100), 'eight-papers');
    expect(pdf.pages).toHaveLength(1);
    const inOrder = [...papers].sort((a, b) => a.examDate!.localeCompare(b.examDate!)).map((p) => p.coursenumber);
    expect(numbersIn(pdf.pages[0]!.text)).toEqual(inOrder);
  });

  it('eight papers with titles of the longest length allowed still fit on one page', async () => {
    const longest = (i: number) => `${LONG_TITLES[i]} ${LONG_TITLES[(i + 1) % 8]}`.slice(0, COURSE_TITLE_MAX);
    const papers = Array.from({ length: 8 }, (_, i) => paper(i, `2026-12-1${i}`, longest(i)));
    const pdf = await pdfOf(aTicket(papers), null, 'eight-longest-titles');
    expect(pdf.pages).toHaveLength(1);
    expect(numbersIn(pdf.pages[0]!.text)).toEqual(papers.map((p) => p.coursenumber));
  });

  it('a paper without a date comes last, says TBA and has no time', async () => {
    const pdf = await pdfOf(aTicket([paper(1, null, 'Fluid Mechanics'), paper(2, '2026-12-03', 'Signals'), paper(3, '2026-12-01', 'Optics')]), null, 'tba-paper');
    const text = pdf.pages[0]!.text;
    expect(numbersIn(text)).toEqual([211070103, 211070102, 211070101]);
    expect(text).toContain('TBA');
    // Two dated papers, two times: the undated one has none.
    expect(text.split(EXAM_TIME)).toHaveLength(3);
    expect(text).toContain('No photo');
  });

  it("prints each paper's own hours, and TBA for a dated paper whose course gives no time (never an invented one)", async () => {
    const pdf = await pdfOf(aTicket([paper(1, '2026-12-01', 'Optics', ['14:00', '17:30']), paper(2, '2026-12-03', 'Signals', null)]), null, 'own-times');
    const text = pdf.pages[0]!.text;
    expect(text).toContain('02:00 PM TO 05:30 PM');
    expect(text).not.toContain(EXAM_TIME);
    // The undated-centre TBA is not on this card: the one TBA is the time's.
    expect(text.split('TBA')).toHaveLength(2);
  });

  it('more than eight papers flow onto a second page under a header naming the student', async () => {
    const papers = Array.from({ length: 14 }, (_, i) => paper(i, `2026-12-${String(i + 1).padStart(2, '0')}`, LONG_TITLES[i % 8]));
    const pdf = await pdfOf(aTicket(papers), discPng(80, 100), 'fourteen-papers');
    expect(pdf.pages).toHaveLength(2);
    for (const page of pdf.pages) {
      expect([page.width, page.height].map(Math.round)).toEqual([842, 595]);
      expect(page.text).toContain("Invigilator's signature");
    }
    expect(numbersIn(pdf.pages[0]!.text).length).toBeGreaterThanOrEqual(8);
    expect(pdf.pages[1]!.text).toContain('Ada Lovelace, registration ID 211070001 (continued)');
    expect(pdf.pages[1]!.text).toContain('Page 2 of 2');
    expect([...numbersIn(pdf.pages[0]!.text), ...numbersIn(pdf.pages[1]!.text)]).toEqual(papers.map((p) => p.coursenumber));
  });

  it.each([
    ['tall', 60, 150],
    ['wide', 200, 80],
  ])('a %s photo keeps its proportions', async (shape, width, height) => {
    const pdf = await pdfOf(aTicket([paper(1, '2026-12-03')]), discPng(width, height), `${shape}-photo`);
    expect(pdf.imageAspects).toHaveLength(1);
    expect(pdf.imageAspects[0]).toBeCloseTo(width / height, 2);
  });

  it('a long campus name stays on one line, smaller', async () => {
    const campusName = 'Sardar Vallabhbhai National Institute of Technology and Research Centre for Advanced Engineering, Surat, Gujarat';
    const pdf = await pdfOf(aTicket([paper(1, '2026-12-03')], { campusName }), null, 'long-campus-name');
    expect(pdf.pages[0]!.text).toContain(campusName);
  });
});

/** Eight papers with the longest titles, and their card's printed code signed by a real key as the portal signs it. */
async function eightPaperCard() {
  const papers = Array.from({ length: 8 }, (_, i) => paper(i, `2026-12-${String(i + 2).padStart(2, '0')}`, LONG_TITLES[i]));
  const ticket = aTicket(papers, { fullname: 'Adalinda Krishnamurthy Venkataraman-Lovelace', branch: 'Electronics and Telecommunication Engineering' });
  const signer = await codeSigner();
  const iat = Math.floor(Date.parse('2026-11-20T10:00:00Z') / 1000);
  const facts = { sub: String(ticket.registrationId), name: ticket.fullname, semester: ticket.semester!, branch: ticket.branch!, iat, exp: iat + 30 * 86_400, papers: papers.map((p) => ({ coursenumber: p.coursenumber, examDate: p.examDate! })) };
  return { ticket, facts, signer, code: await signer.sign(facts) };
}

/** Page one of `bytes` as a printer renders it at `dpi` (pdftoppm), and the first QR code jsQR reads in it. */
function qrAt(bytes: ArrayBuffer, dpi: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'admit-card-qr-'));
  try {
    writeFileSync(join(dir, 'card.pdf'), new Uint8Array(bytes));
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-singlefile', join(dir, 'card.pdf'), join(dir, 'page')]);
    const png = decode(readFileSync(join(dir, 'page.png')));
    const { width, height, channels } = png;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = Number(png.data[i * channels + (channels >= 3 ? c : 0)]);
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe("the admit card's QR code", () => {
  it('page one carries the signed code and says where it is checked', async () => {
    const { ticket, code } = await eightPaperCard();
    const link = verifyLink(code, 'https://portal.example.edu');
    const pdf = await pdfOf(ticket, discPng(60, 80), 'eight-papers-qr', { link });
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.text).toContain('Scan the QR code to check this card: https://portal.example.edu/verify');
    // A long name still fits beside the code (it shrinks), and the papers are all on page one.
    expect(numbersIn(pdf.pages[0]!.text)).toEqual(ticket.papers.map((p) => p.coursenumber));
    // The size the comments in pdf.ts and lib/qr.ts are worked out for.
    expect(qrSymbol(link).version).toBe(13);
  });

  // A printer's resolutions, and a phone's photo of the page is about the lowest: each must read
  // back the code, and the code check against the key it was signed with (the published set's).
  it.skipIf(!hasPdftoppm && process.env.REQUIRE_E2E !== '1').each([100, 150, 200, 300])('eight papers with long titles: read back at %i dpi, it verifies against the key', async (dpi) => {
    const { ticket, facts, signer, code } = await eightPaperCard();
    const link = verifyLink(code, 'https://portal.example.edu');
    const bytes = (await admitCardPdf(ticket, discPng(60, 80), { link })).output('arraybuffer');
    const read = qrAt(bytes, dpi);
    expect(read, `a QR code read at ${dpi} dpi`).toBe(link);
    const verdict = await checkOffline(tokenIn(read!), [signer.publicJwk as PublicKey], (facts.iat + 60) * 1000);
    expect(verdict).toMatchObject({ valid: true, claims: { typ: 'admitcard', sub: facts.sub, name: facts.name, courses: facts.papers.map((p) => ({ ...p, title: '' })) } });
    // A 300 dpi A4 page is 8.7 million pixels for jsQR to search: seconds on a quiet core, more on a busy one.
  }, 60_000);

  it('a card with no exam date prints without a code, and says why', async () => {
    const pdf = await pdfOf(aTicket([paper(1, null)]), null, 'unsigned', { unsigned: UNSIGNED_NO_DATES });
    expect(pdf.pages[0]!.text).toContain('No QR code: none of these papers has an exam date yet');
    expect(pdf.pages[0]!.text).not.toContain('Scan the QR code');
  });

  it('the seal is the printed code as a /verify link; no exam date (400) is a card without one; anything else fails the download', async () => {
    server.use(http.get(paths.documents.admitCard, () => ok({ token: 'a.b.c', claims: {}, code: '0123456789' })));
    expect(await admitCardSeal()).toEqual({ link: `${window.location.origin}/verify#0123456789` });
    server.use(http.get(paths.documents.admitCard, () => fail('no_exam_dates_yet')));
    expect(await admitCardSeal()).toEqual({ unsigned: UNSIGNED_NO_DATES });
    server.use(http.get(paths.documents.admitCard, () => fail('internal_error')));
    await expect(admitCardSeal()).rejects.toThrow();
  });
});

describe('fitInto', () => {
  it('fits an image into a box in its own proportions, centred', () => {
    expect(fitInto({ x: 0, y: 0, w: 30, h: 40 }, 100, 400)).toEqual({ x: 10, y: 0, w: 10, h: 40 });
    expect(fitInto({ x: 0, y: 0, w: 30, h: 40 }, 300, 100)).toEqual({ x: 0, y: 15, w: 30, h: 10 });
  });
});

describe('loadPhoto', () => {
  const url = '/files/ada-avatar';
  it('reads a PNG or a JPEG', async () => {
    server.use(http.get(url, () => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } })));
    expect(await loadPhoto(url)).toEqual({ data: new Uint8Array([1, 2, 3]), format: 'JPEG' });
  });

  it('leaves out a photo it cannot fetch, or of another type, or none', async () => {
    server.use(http.get(url, () => fail('file_not_found')));
    expect(await loadPhoto(url)).toBeNull();
    server.use(http.get(url, () => new HttpResponse('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })));
    expect(await loadPhoto(url)).toBeNull();
    expect(await loadPhoto('')).toBeNull();
  });
});
