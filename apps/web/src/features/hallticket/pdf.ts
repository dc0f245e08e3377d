import { api } from '@campus/contract/api';
import type { jsPDF as JsPdf } from 'jspdf';
import { ApiError, call } from '../../lib/api';
import { QUIET_ZONE, qrSymbol, verifyLink } from '../../lib/qr';
import { EXAM_NAME, NAME, NOT_SET, TBA, paperCentre, paperDay, paperTime, ticketFileName, type Paper, type Ticket } from './ticket';

/**
 * The admit card as a PDF, laid out for the invigilator who checks it at the door: the campus,
 * the student with their photo and signature, then one row per paper in the order they are sat,
 * each with a box to sign. A4 landscape; up to eight papers fit on one page (the font of the
 * rows shrinks a little for long titles), more flow onto further pages under a repeated header.
 *
 * Page one carries the card's signed code as a QR code (`/verify#<code>`, lib/qr.ts), which
 * an invigilator's phone checks with no network: the details printed beside it can be edited in
 * any PDF editor, the code cannot be re-signed.
 *
 * jsPDF and its table plugin (~130 KB gzipped) are imported here, on the first click, so no page
 * pays for them until a student asks for the PDF.
 */

/**
 * What page one says of the card's signature: the link its QR code holds, or why there is none
 * (no paper has an exam date yet, so the portal signs no card: documentsApi.admitCard answers 400).
 */
export type Seal = { link: string } | { unsigned: string };

export const UNSIGNED_NO_DATES = 'No QR code: none of these papers has an exam date yet, so the card is not signed. Download it again once a date is set.';

/** The student's photo as jsPDF takes it. */
export interface Photo {
  data: Uint8Array;
  format: 'PNG' | 'JPEG';
}

/** How many papers page one always has room for. */
const PAPERS_ON_FIRST_PAGE = 8;

/** Millimetres, A4 landscape. */
const PAGE = { width: 297, height: 210, margin: 12 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** A passport photo's box (7:9), the top right of page one, and the student's signature box beside it. */
const PHOTO = { w: 30, h: 38, x: PAGE.width - PAGE.margin - 30, y: 33 };
const SIGNATURE = { w: 62, h: 18, x: PHOTO.x - 6 - 62, y: PHOTO.y + PHOTO.h - 18 };
/**
 * The QR code with its quiet zone, left of the signature, between the rule under the heading and
 * the table: 46 mm square. It holds the card's printed code (document-code.ts): eight papers and
 * a long name make a version 13 code, 77 modules with the quiet zone, so a module is 0.6 mm:
 * 2.4 pixels at 100 dpi, 3.6 at 150 (pdf.test.ts reads it back at 100, 150, 200 and 300 dpi;
 * the full token was version 17 for two papers, and failed at 150).
 */
const QR = { side: 46, x: SIGNATURE.x - 4 - 46, y: 29.5 };
/** The details' values stop short of the code. */
const DETAILS_RIGHT = QR.x - 3;
/** The line under the details saying what the code is for. */
const SEAL_LINE_Y = 75;
const TABLE_TOP = 78;
/** Room under the table for the footer (the invigilator's instructions, the page number). */
const TABLE_BOTTOM_MARGIN = 17;
/** Where the table resumes on later pages, under their short header. */
const CONTINUED_TOP = 26;
/** Each row is at least this tall: room for a signature. */
const ROW_MIN = 12;
const CELL_PADDING = 2;
/** Column widths; the course's title takes what is left. */
const COLUMNS = { code: 24, date: 32, time: 26, centre: 46, sign: 42 };
const TITLE_WIDTH = CONTENT_WIDTH - Object.values(COLUMNS).reduce((a, b) => a + b, 0);
const HEAD_HEIGHT = 8;
/** The rows' font sizes, tried largest first until the first eight papers fit on page one. */
const ROW_FONT_SIZES = [10, 9.5, 9, 8.5, 8, 7.5];

/** The time cell of a paper without a date: a dash, not a time on no day. */
const NO_TIME = '\u2013';

const INK: [number, number, number] = [15, 23, 42];
const MUTED: [number, number, number] = [71, 85, 105];
const RULE: [number, number, number] = [148, 163, 184];
const HEAD: [number, number, number] = [29, 78, 216];

/**
 * The photo's bytes for jsPDF, or null: a missing, slow or odd picture must not stop the
 * download, so any failure simply leaves it out.
 */
export async function loadPhoto(src: string): Promise<Photo | null> {
  if (!src) return null;
  try {
    const res = await fetch(src, { credentials: 'same-origin', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const type = res.headers.get('content-type') ?? '';
    const format = type.includes('png') ? 'PNG' : type.includes('jpeg') || type.includes('jpg') ? 'JPEG' : null;
    if (!format) return null;
    return { data: new Uint8Array(await res.arrayBuffer()), format };
  } catch {
    return null;
  }
}

/** The largest size of an image `width` × `height` that fits the box, in its own proportions, centred in it. */
export function fitInto(box: { x: number; y: number; w: number; h: number }, width: number, height: number) {
  const scale = Math.min(box.w / width, box.h / height);
  const w = width * scale;
  const h = height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** Builds the admit card; `save` it, or read its bytes with `output('arraybuffer')`. */
export async function admitCardPdf(ticket: Ticket, photo: Photo | null, seal?: Seal): Promise<JsPdf> {
  const [{ jsPDF }, { default: autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  doc.setProperties({ title: `${NAME}: ${ticket.fullname} (${ticket.registrationId})`, subject: EXAM_NAME, author: ticket.campusName, creator: ticket.campusName });
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // The campus, as large as fits on one line, then what this is.
  doc.setTextColor(...INK);
  doc.setFont('helvetica', 'bold');
  fitFontSize(doc, ticket.campusName, CONTENT_WIDTH, 18, 10);
  doc.text(ticket.campusName, PAGE.width / 2, 17, { align: 'center' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(12);
  doc.text(`${NAME} \u2013 ${EXAM_NAME}`, PAGE.width / 2, 24, { align: 'center' });
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  doc.line(left, 28, right, 28);

  // Who: the details on the left, the photo and the student's signature on the right.
  const details: [string, string][] = [
    ['Name', ticket.fullname],
    ['Registration ID', String(ticket.registrationId)],
    ['Branch', ticket.branch ?? NOT_SET],
    ['Semester', ticket.semester === null ? NOT_SET : String(ticket.semester)],
    ['Exam', EXAM_NAME],
  ];
  const valueX = left + 34;
  details.forEach(([label, value], i) => {
    const y = 38 + i * 7.5;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(9);
    doc.setTextColor(...MUTED);
    doc.text(label, left, y);
    doc.setFont('helvetica', i === 0 ? 'bold' : 'normal');
    doc.setTextColor(...INK);
    fitFontSize(doc, value, (seal ? DETAILS_RIGHT : SIGNATURE.x - 6) - valueX, i === 0 ? 13 : 11, 7);
    doc.text(value, valueX, y);
  });
  drawPhoto(doc, photo);
  doc.setLineWidth(0.3);
  doc.rect(SIGNATURE.x, SIGNATURE.y, SIGNATURE.w, SIGNATURE.h);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(...MUTED);
  doc.text("Student's signature", SIGNATURE.x, SIGNATURE.y - 1.5);
  if (seal) drawSeal(doc, seal);

  // The papers, in the order they are sat.
  const fontSize = rowFontSize(doc, ticket.papers.slice(0, PAPERS_ON_FIRST_PAGE));
  autoTable(doc, {
    startY: TABLE_TOP,
    margin: { top: CONTINUED_TOP, left, right: PAGE.margin, bottom: TABLE_BOTTOM_MARGIN },
    theme: 'grid',
    head: [['Course no.', 'Course', 'Exam date', 'Time', 'Exam centre', "Invigilator's signature"]],
    body: ticket.papers.map((paper) => [String(paper.coursenumber), paper.title, paperDay(paper), paperTime(paper) ?? NO_TIME, paperCentre(paper), '']),
    showHead: 'everyPage',
    rowPageBreak: 'avoid',
    styles: { font: 'helvetica', fontSize, cellPadding: CELL_PADDING, valign: 'middle', textColor: INK, lineColor: RULE, lineWidth: 0.2, minCellHeight: ROW_MIN, overflow: 'linebreak' },
    headStyles: { fillColor: HEAD, textColor: [255, 255, 255], fontStyle: 'bold', fontSize: 9, minCellHeight: HEAD_HEIGHT },
    columnStyles: {
      0: { cellWidth: COLUMNS.code },
      1: { cellWidth: TITLE_WIDTH },
      2: { cellWidth: COLUMNS.date },
      3: { cellWidth: COLUMNS.time },
      4: { cellWidth: COLUMNS.centre },
      5: { cellWidth: COLUMNS.sign },
    },
    didDrawPage: ({ pageNumber }) => {
      if (pageNumber > 1) continuedHeader(doc, ticket);
    },
  });

  footer(doc, ticket);
  return doc;
}

/**
 * The card's seal, signed by the portal now. No exam date yet (400) prints the card without a
 * code, saying why; any other failure (no network) fails the download, as a card without its
 * code would look like an edited one at the door.
 */
export async function admitCardSeal(): Promise<Seal> {
  try {
    // The printed code, not the full token: compact enough to read off paper (document-code.ts).
    return { link: verifyLink((await call(api.documents.admitCard)).data.code) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { unsigned: UNSIGNED_NO_DATES };
    throw err;
  }
}

/** Builds the admit card with the student's photo and its signed QR code, and saves it as `<name>_<regid>_hallticket.pdf`. */
export async function downloadAdmitCard(ticket: Ticket): Promise<void> {
  const [photo, seal] = await Promise.all([loadPhoto(ticket.avatar), admitCardSeal()]);
  const doc = await admitCardPdf(ticket, photo, seal);
  doc.save(ticketFileName(ticket));
}

/**
 * The QR code as black rectangles on the white page (one per run of dark modules), nothing drawn
 * in its quiet zone; under the details, the line saying where it is checked, or why there is none.
 */
function drawSeal(doc: JsPdf, seal: Seal): void {
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(...MUTED);
  if ('unsigned' in seal) {
    doc.text(doc.splitTextToSize(seal.unsigned, DETAILS_RIGHT - PAGE.margin) as string[], PAGE.margin, SEAL_LINE_Y - 2.5);
    doc.setTextColor(...INK);
    return;
  }
  const symbol = qrSymbol(seal.link);
  const module = QR.side / (symbol.size + 2 * QUIET_ZONE);
  const x0 = QR.x + QUIET_ZONE * module;
  const y0 = QR.y + QUIET_ZONE * module;
  doc.setFillColor(0, 0, 0);
  for (const [x, y, n] of symbol.runs) doc.rect(x0 + x * module, y0 + y * module, n * module, module, 'F');
  const check = `${new URL(seal.link).origin}/verify`;
  doc.text(`Scan the QR code to check this card: ${check}`, DETAILS_RIGHT, SEAL_LINE_Y, { align: 'right' });
  doc.setTextColor(...INK);
}

/** Sets the font size at which `text` fits `width`: `max`, or smaller down to `min`. */
function fitFontSize(doc: JsPdf, text: string, width: number, max: number, min: number): void {
  doc.setFontSize(max);
  const natural = doc.getTextWidth(text);
  if (natural > width) doc.setFontSize(Math.max(min, (max * width) / natural));
}

/** The photo in its own proportions inside its box (never stretched), or the box saying there is none. */
function drawPhoto(doc: JsPdf, photo: Photo | null): void {
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  doc.rect(PHOTO.x, PHOTO.y, PHOTO.w, PHOTO.h);
  if (photo) {
    try {
      const { width, height } = doc.getImageProperties(photo.data);
      const at = fitInto({ x: PHOTO.x + 0.5, y: PHOTO.y + 0.5, w: PHOTO.w - 1, h: PHOTO.h - 1 }, width, height);
      doc.addImage(photo.data, photo.format, at.x, at.y, at.w, at.h, undefined, 'FAST');
      return;
    } catch {
      // A picture jsPDF cannot decode is left out, as if there were none.
    }
  }
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(...MUTED);
  doc.text(['No photo', 'on record'], PHOTO.x + PHOTO.w / 2, PHOTO.y + PHOTO.h / 2 - 1.5, { align: 'center' });
  doc.setTextColor(...INK);
}

/** The tallest a paper's row will be at `fontSize`: its longest cell's lines, or the room to sign. */
function rowHeight(doc: JsPdf, paper: Paper, fontSize: number): number {
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(fontSize);
  const inner = (width: number) => width - 2 * CELL_PADDING;
  const lines = Math.max(
    doc.splitTextToSize(paper.title, inner(TITLE_WIDTH)).length,
    doc.splitTextToSize(paperCentre(paper), inner(COLUMNS.centre)).length,
    doc.splitTextToSize(paperTime(paper) ?? NO_TIME, inner(COLUMNS.time)).length,
    doc.splitTextToSize(paperDay(paper), inner(COLUMNS.date)).length,
  );
  const lineHeight = (fontSize * doc.getLineHeightFactor()) / doc.internal.scaleFactor;
  return Math.max(ROW_MIN, lines * lineHeight + 2 * CELL_PADDING);
}

/** The largest row font at which these papers fit between the table's top and the footer of page one. */
function rowFontSize(doc: JsPdf, papers: readonly Paper[]): number {
  const room = PAGE.height - TABLE_BOTTOM_MARGIN - TABLE_TOP - HEAD_HEIGHT - 1;
  const fits = (size: number) => papers.reduce((sum, paper) => sum + rowHeight(doc, paper, size), 0) <= room;
  return ROW_FONT_SIZES.find(fits) ?? ROW_FONT_SIZES[ROW_FONT_SIZES.length - 1]!;
}

/** A later page's header: whose card it is, so that a loose page still says. */
function continuedHeader(doc: JsPdf, ticket: Ticket): void {
  doc.setTextColor(...INK);
  doc.setFont('helvetica', 'bold');
  fitFontSize(doc, ticket.campusName, CONTENT_WIDTH, 12, 8);
  doc.text(ticket.campusName, PAGE.margin, 14);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(`${NAME} of ${ticket.fullname}, registration ID ${ticket.registrationId} (continued)`, PAGE.margin, 20);
}

/** On every page: what the invigilator does, what TBA means, and "page i of n". */
function footer(doc: JsPdf, ticket: Ticket): void {
  const pages = doc.getNumberOfPages();
  // A card without a photo must not ask for a photo check: the ID card stands in, and the code's check online shows the portal's photo.
  const lines = [
    ticket.avatar
      ? "Invigilator: check the photo and the student's signature against the student, then sign in the row of the paper being sat."
      : "Invigilator: no photo on record. Check the student's ID card and signature, scan the QR code online to see the portal's photo, then sign in the row of the paper being sat.",
  ];
  if (ticket.papers.some((p) => !p.examDate)) lines.push(`${TBA}: not set yet. Download the admit card again once the date is set; papers are listed in exam order.`);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text(lines, PAGE.margin, PAGE.height - 11);
    doc.text(`Page ${page} of ${pages}`, PAGE.width - PAGE.margin, PAGE.height - 11, { align: 'right' });
  }
}
