import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';

// A stand-in for jsPDF that records what was written, and for the table plugin.
const pdf = vi.hoisted(() => ({ texts: [] as string[], saved: [] as string[], options: [] as unknown[], tables: [] as unknown[][][], images: 0 }));
vi.mock('jspdf', () => ({
  jsPDF: class {
    internal = { pageSize: { getWidth: () => 297, getHeight: () => 210 } };
    constructor(options: unknown) {
      pdf.options.push(options);
    }
    setFont() {}
    setFontSize() {}
    text(text: string) {
      pdf.texts.push(text);
    }
    addImage() {
      pdf.images += 1;
    }
    save(name: string) {
      pdf.saved.push(name);
    }
  },
}));
vi.mock('jspdf-autotable', () => ({ default: (_doc: unknown, options: { body: unknown[][] }) => pdf.tables.push(options.body) }));

beforeEach(() => {
  pdf.texts = [];
  pdf.saved = [];
  pdf.options = [];
  pdf.tables = [];
  pdf.images = 0;
});

const signals = aCourse({ title: 'Signals', examDate: '2026-12-03' });
const fluid = aCourse({ _id: '7c0a0000-0000-4000-8000-000000000002', title: 'Fluid Mechanics', examDate: null });

function answer(courses: unknown[], examdates: string[]) {
  server.use(
    http.get(paths.courses.byStudent, () => ok({ listofcourses: courses })),
    http.get(paths.courses.examDates, () => ok({ examdates })),
  );
}

describe('HallTicketPage', () => {
  it("without courses: 'EXAMINATION ADMIT CARD NOT GENERATED YET'", async () => {
    loggedInAs(aStudent());
    answer([], []);
    renderApp('/hallticket');
    expect(await screen.findByRole('heading', { name: 'EXAMINATION ADMIT CARD NOT GENERATED YET' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download as PDF' })).toBeNull();
  });

  it('shows the student and one row per course with its exam date, by position', async () => {
    loggedInAs(aStudent());
    answer([signals, fluid], ['03/12/2026', 'TBA']);
    renderApp('/hallticket');
    expect(await screen.findByRole('heading', { name: 'EXAMINATION ADMIT CARD' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    for (const text of ['Ada Lovelace', '211070001', 'Computer Engineering', 'Exam: ESE']) expect(main.getByText(text)).toBeInTheDocument();
    expect(main.getByRole('img', { name: "Ada Lovelace's avatar" })).toBeInTheDocument();
    expect(main.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Course', 'Exam date', 'Time', 'Invigilator sign']);
    const rows = main.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Signals', 'Thu, 3 Dec 2026', '09:15 AM TO 12:15 PM', ''],
      ['Fluid Mechanics', 'TBA', '09:15 AM TO 12:15 PM', ''],
    ]);
  });

  it('Download as PDF saves a landscape <name>_<regid>_hallticket.pdf with the details and the rows as text', async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    server.use(http.get('/files/ada-avatar', () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } })));
    renderApp('/hallticket');
    await userEvent.click(await screen.findByRole('button', { name: 'Download as PDF' }));
    await waitFor(() => expect(pdf.saved).toEqual(['Ada Lovelace_211070001_hallticket.pdf']));
    expect(pdf.options).toEqual([expect.objectContaining({ orientation: 'landscape' })]);
    expect(pdf.texts).toEqual(expect.arrayContaining(['EXAMINATION ADMIT CARD', 'Name: Ada Lovelace', 'Registration ID: 211070001', 'Exam: ESE']));
    expect(pdf.tables).toEqual([[['Signals', 'Thu, 3 Dec 2026', '09:15 AM TO 12:15 PM', '']]]);
    expect(pdf.images).toBe(1);
    expect(screen.getByRole('button', { name: 'Download as PDF' })).toBeEnabled();
  });

  it('a picture that cannot be fetched is left out; the PDF is still saved', async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    server.use(http.get('/files/ada-avatar', () => fail(404, 'file not found')));
    renderApp('/hallticket');
    await userEvent.click(await screen.findByRole('button', { name: 'Download as PDF' }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    expect(pdf.images).toBe(0);
  });

  it('is for students only', async () => {
    loggedInAs(aProfessor());
    renderApp('/hallticket');
    expect(await screen.findByText('Admit cards are issued to students only.')).toBeInTheDocument();
  });
});
