import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aConfig, aProfessor, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aCourse } from '../courses/test-data';
import { SAVED_AT } from '../../sw/names';
import { formatMoment } from '../../lib/dates';
import type { Ticket } from './ticket';

// The PDF itself is pdf.test.ts's business (the real jsPDF, read back with PDF.js); here, what the
// page hands it.
const downloads = vi.hoisted(() => ({ tickets: [] as unknown[], fail: false }));
vi.mock('./pdf', () => ({
  downloadAdmitCard: async (ticket: unknown) => {
    if (downloads.fail) throw new Error('no network');
    downloads.tickets.push(ticket);
  },
}));

beforeEach(() => {
  downloads.tickets = [];
  downloads.fail = false;
});

const signals = aCourse({ _id: '7c0a0000-0000-4000-8000-000000000001', coursenumber: 211070501, title: 'Signals', examDate: '2026-12-03' });
const fluid = aCourse({ _id: '7c0a0000-0000-4000-8000-000000000002', coursenumber: 211070502, title: 'Fluid Mechanics', examDate: null });
const optics = aCourse({ _id: '7c0a0000-0000-4000-8000-000000000003', coursenumber: 211070503, title: 'Optics', examDate: '2026-12-01' });

function answer(courses: unknown[], examdates: string[]) {
  server.use(
    http.get(paths.courses.byStudent, () => ok({ listofcourses: courses })),
    http.get(paths.courses.examDates, () => ok({ examdates })),
  );
}

/** The cells of the table's rows, header row left out. */
const tableRows = () =>
  within(screen.getByRole('table', { name: 'Papers, in exam order' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('HallTicketPage', () => {
  it('without courses: says to join them in All Courses, and that dates come from the professors', async () => {
    loggedInAs(aStudent());
    answer([], []);
    renderApp('/hallticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admit card' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Join your courses in All Courses' })).toHaveAttribute('href', '/all-courses');
    expect(main.getByText(/exam dates appear here when your professors set them/)).toBeInTheDocument();
    expect(main.queryByText(/NOT GENERATED/i)).toBeNull();
    expect(main.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(document.title).toMatch(/^Admit card/);
  });

  it('courses with no dates yet: the card, and the note that dates come when the professors set them', async () => {
    loggedInAs(aStudent());
    answer([fluid], ['TBA']);
    renderApp('/hallticket');
    expect(await screen.findByText(/None of your papers has an exam date yet\. Exam dates appear here when your professors set them/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /All Courses/ })).toBeNull();
  });

  it('without a photo on record, the card asks for one instead of showing an empty frame', async () => {
    loggedInAs(aStudent({ avatar: '' }));
    answer([signals], ['03/12/2026']);
    renderApp('/hallticket');
    expect(await screen.findByText('No photo on your card yet')).toBeInTheDocument();
    expect(screen.getByText(/add one before your exam, then download the card again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your photo' })).toHaveAttribute('href', '/update-avatar');
    expect(screen.queryByRole('img', { name: 'Photo of Ada Lovelace' })).toBeNull();
  });

  it('heads the card with the campus, and lists the papers by exam date, TBA last and without a time', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.config, () => ok(aConfig({ campusName: 'Veermata Jijabai Technological Institute', examCentre: 'Main Building, Hall 2' }))));
    answer([fluid, signals, optics], ['TBA', '03/12/2026', '01/12/2026']);
    renderApp('/hallticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admit card' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Veermata Jijabai Technological Institute')).toBeInTheDocument();
    for (const text of ['Ada Lovelace', '211070001', 'Computer Engineering', 'End-semester examination (ESE)']) expect(main.getByText(text)).toBeInTheDocument();
    expect(main.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', '/files/ada-avatar');
    expect(within(main.getByRole('table')).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Course no.', 'Course', 'Exam date', 'Time', 'Exam centre', "Invigilator's signature"]);
    expect(tableRows()).toEqual([
      ['211070503', 'Optics', 'Tue, 1 Dec 2026', '09:15 AM TO 12:15 PM', 'Main Building, Hall 2', ''],
      ['211070501', 'Signals', 'Thu, 3 Dec 2026', '09:15 AM TO 12:15 PM', 'Main Building, Hall 2', ''],
      ['211070502', 'Fluid Mechanics', 'TBA', '–No time until the date is set', 'Main Building, Hall 2', ''],
    ]);
    expect(main.getByText(/Papers marked TBA have no exam date yet/)).toBeInTheDocument();
    // Phones get the same papers as a list of cards, in the same order.
    const cards = within(main.getByRole('list', { name: 'Papers, in exam order' })).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('p')?.textContent)).toEqual(['Optics', 'Signals', 'Fluid Mechanics']);
    expect(within(cards[2]!).getByText('TBA')).toBeInTheDocument();
    expect(within(cards[2]!).queryByText('09:15 AM TO 12:15 PM')).toBeNull();
  });

  it('offline, from the service worker’s saved answers: the card, and when it was saved (the older of the two)', async () => {
    loggedInAs(aStudent());
    const saved = (data: unknown, at: string) => HttpResponse.json({ statusCode: 200, data, message: '', success: true }, { headers: { [SAVED_AT]: at } });
    server.use(
      http.get(paths.courses.byStudent, () => saved({ listofcourses: [signals] }, '2026-11-30T09:05:00.000Z')),
      http.get(paths.courses.examDates, () => saved({ examdates: ['03/12/2026'] }, '2026-11-30T09:04:00.000Z')),
    );
    renderApp('/hallticket');
    expect(await screen.findByText(`Saved on this device for exam day · ${formatMoment('2026-11-30T09:04:00.000Z')} — you are offline; this is the admit card as it was then.`)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(tableRows()[0]).toContain('Signals');
  });

  it('fresh from the server: no word of a saved copy', async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    renderApp('/hallticket');
    expect(await screen.findByRole('table', { name: 'Papers, in exam order' })).toBeInTheDocument();
    expect(screen.queryByText(/^Saved /)).toBeNull();
  });

  it("prints each course's own exam hours, and TBA (time to be announced) for a dated paper whose course gives none", async () => {
    loggedInAs(aStudent());
    answer([{ ...signals, examStart: '14:00', examEnd: '17:00' }, { ...optics, examStart: null, examEnd: null }], ['03/12/2026', '01/12/2026']);
    renderApp('/hallticket');
    await waitFor(() => expect(tableRows().map((r) => r[3])).toEqual(['TBA', '02:00 PM TO 05:00 PM']));
    expect(within(screen.getByRole('table')).getByTitle('Time to be announced')).toHaveTextContent('TBA');
  });

  it('says TBA for the centre when neither the course nor the campus names one', async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    renderApp('/hallticket');
    await waitFor(() => expect(tableRows()).toEqual([['211070501', 'Signals', 'Thu, 3 Dec 2026', '09:15 AM TO 12:15 PM', 'TBA', '']]));
  });

  it("names a course's own exam centre before the campus's", async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.config, () => ok(aConfig({ examCentre: 'Hall 2' }))));
    answer([{ ...signals, examCentre: 'Lab Block, Room 4' }, fluid], ['03/12/2026', 'TBA']);
    renderApp('/hallticket');
    await waitFor(() => expect(tableRows().map((row) => row[4])).toEqual(['Lab Block, Room 4', 'Hall 2']));
  });

  it('Download admit card (PDF) hands the PDF the card as shown: the campus, the student, the papers in exam order', async () => {
    loggedInAs(aStudent());
    server.use(http.get(paths.config, () => ok(aConfig({ campusName: 'VJTI', examCentre: 'Hall 2' }))));
    answer([fluid, signals], ['TBA', '03/12/2026']);
    renderApp('/hallticket');
    await userEvent.click(await screen.findByRole('button', { name: 'Download admit card (PDF)' }));
    await waitFor(() => expect(downloads.tickets).toHaveLength(1));
    expect(downloads.tickets[0]).toEqual({
      campusName: 'VJTI',
      fullname: 'Ada Lovelace',
      registrationId: 211070001,
      branch: 'Computer Engineering',
      semester: 3,
      avatar: '/files/ada-avatar',
      papers: [
        { coursenumber: 211070501, title: 'Signals', examDate: '2026-12-03', examStart: '09:15', examEnd: '12:15', centre: 'Hall 2' },
        { coursenumber: 211070502, title: 'Fluid Mechanics', examDate: null, examStart: '09:15', examEnd: '12:15', centre: 'Hall 2' },
      ],
    } satisfies Ticket);
    expect(screen.getByRole('button', { name: 'Download admit card (PDF)' })).toBeEnabled();
  });

  it("shows the card's signed QR code after the card, for an invigilator to scan off the phone", async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    server.use(http.get(paths.documents.admitCard, () => ok({ token: 'eyJhbGciOiJFUzI1NiJ9.eyJ0eXAiOiJhZG1pdGNhcmQifQ.c2ln', claims: { name: 'Ada Lovelace' } })));
    renderApp('/hallticket');
    const code = await screen.findByRole('img', { name: 'QR code of the admit card of Ada Lovelace' });
    expect(Number(code.getAttribute('data-version'))).toBeGreaterThan(1);
    expect(screen.getByText(/An invigilator scans this code to check that the card is genuine/)).toBeInTheDocument();
  });

  it('with no exam date yet, says the code comes with one', async () => {
    loggedInAs(aStudent());
    answer([fluid], ['TBA']);
    renderApp('/hallticket');
    expect(await screen.findByText('Your card gets its QR code once one of your papers has an exam date.')).toBeInTheDocument();
  });

  it('a PDF that cannot be made says so, and the button works again', async () => {
    loggedInAs(aStudent());
    answer([signals], ['03/12/2026']);
    downloads.fail = true;
    renderApp('/hallticket');
    await userEvent.click(await screen.findByRole('button', { name: 'Download admit card (PDF)' }));
    expect(await screen.findByText('Could not create the PDF. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download admit card (PDF)' })).toBeEnabled();
  });

  it('a failed load says why, with Retry', async () => {
    loggedInAs(aStudent());
    server.use(
      http.get(paths.courses.byStudent, () => fail('internal_error')),
      http.get(paths.courses.examDates, () => ok({ examdates: [] })),
    );
    renderApp('/hallticket');
    expect(await screen.findByText('Something went wrong. Please try again.', {}, { timeout: 10_000 })).toBeInTheDocument();
    answer([signals], ['03/12/2026']);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Download admit card (PDF)' })).toBeInTheDocument();
  });

  it('is for students only', async () => {
    loggedInAs(aProfessor());
    renderApp('/hallticket');
    expect(await screen.findByText('Admit cards are issued to students only.')).toBeInTheDocument();
  });
});
