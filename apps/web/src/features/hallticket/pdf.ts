import { EXAM_TIME, EXAM_TYPE, TITLE, ticketFileName, type Ticket } from './ticket';

/**
 * The avatar's bytes for jsPDF, or null: a missing, slow or odd picture must not stop the
 * download, so any failure simply leaves it out.
 */
async function avatarImage(src: string): Promise<{ data: Uint8Array; format: 'PNG' | 'JPEG' } | null> {
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

/**
 * Builds and saves the admit card as a landscape A4 PDF whose words are real text (searchable,
 * copyable). jsPDF and its table plugin (~130 KB gzipped) are imported here, on the first
 * click, so no page pays for them until a student asks for the PDF.
 */
export async function downloadTicket(ticket: Ticket): Promise<void> {
  const [{ jsPDF }, { default: autoTable }, avatar] = await Promise.all([import('jspdf'), import('jspdf-autotable'), avatarImage(ticket.avatar)]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const margin = 15;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text(TITLE, width / 2, 20, { align: 'center' });

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(12);
  const details = [
    `Name: ${ticket.fullname}`,
    `Registration ID: ${ticket.registrationId}`,
    `Branch: ${ticket.branch}`,
    `Semester: ${ticket.semester}`,
    `Exam: ${EXAM_TYPE}`,
  ];
  details.forEach((line, i) => doc.text(line, margin, 34 + i * 7));

  if (avatar) {
    try {
      doc.addImage(avatar.data, avatar.format, width - margin - 30, 28, 30, 30);
    } catch {
      // A picture jsPDF cannot decode is left out; the text is what matters.
    }
  }

  autoTable(doc, {
    startY: 72,
    margin: { left: margin, right: margin },
    head: [['Course', 'Exam date', 'Time', 'Invigilator sign']],
    body: ticket.rows.map((row) => [row.title, row.examDate, EXAM_TIME, '']),
    styles: { fontSize: 11, cellPadding: 3 },
    headStyles: { fillColor: [29, 78, 216] },
    columnStyles: { 3: { cellWidth: 50 } },
  });

  doc.save(ticketFileName(ticket));
}
