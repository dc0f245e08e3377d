import type { Assignment, Submission } from '@campus/contract/coursework';
import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { aReceipt, anAssignment, aSubmission, fromNow } from './test-data';

/** The first render waits for the lazy page, which takes a while on a busy machine. */
const PAGE_LOAD = { timeout: 5_000 };
const MINUTE = 60_000;

function serve(assignment: Assignment, submitted: Submission | null = null) {
  let latest = submitted;
  const received: { files: string[]; text: string | null }[] = [];
  server.use(
    http.get(paths.coursework.get(assignment._id), () => ok({ assignment })),
    http.get(paths.coursework.mySubmission(assignment._id), () => ok(latest ? { submission: latest, receipt: aReceipt(latest, assignment) } : { submission: null, receipt: null })),
    http.post(paths.coursework.submit(assignment._id), async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll('files') as File[];
      const text = form.get('text') as string | null;
      received.push({ files: files.map((f) => f.name), text });
      latest = aSubmission({
        attempt: (latest?.attempt ?? 0) + 1,
        files: files.map((f, i) => ({ name: f.name, url: `/files/handed-in-${i}`, bytes: f.size, sha256: String(i + 1).repeat(64) })),
        text,
      });
      return ok({ submission: latest, receipt: aReceipt(latest, assignment) }, 'submitted', 201);
    }),
  );
  return received;
}

const page = (a: Assignment) => `/assignment/${a._id}`;
const aPdf = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

afterEach(() => {
  vi.useRealTimers();
});

describe('a student’s assignment page', () => {
  it('says what submitting now costs before the button: 20 minutes after the due time, with 15 of grace and 10% a day, is 5 minutes late and 10% off; and it stays true as time passes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    loggedInAs(aStudent());
    // A part minute counts as a whole one: 19.5 minutes after the due time is the 20th minute.
    const late = anAssignment({ dueAt: fromNow(-19.5 * MINUTE), submitNow: { lateMinutes: 5, penalty: 10 } });
    serve(late);
    renderApp(page(late));
    const submit = await screen.findByRole('button', { name: 'Submit' }, PAGE_LOAD);
    expect(submit).toHaveAccessibleDescription('Submitting now is 5 minutes late: 10% off your marks.');
    expect(screen.getByText(/Work handed in up to 15 minutes after the due time is on time/)).toBeInTheDocument();
    expect(screen.getByText(/Late work loses 10% of its marks for each day late/)).toBeInTheDocument();

    // Two minutes later, the page's clock says so without asking the server.
    vi.advanceTimersByTime(2 * MINUTE);
    await waitFor(() => expect(submit).toHaveAccessibleDescription('Submitting now is 7 minutes late: 10% off your marks.'));
  });

  it('before the due time, says how long is left', async () => {
    loggedInAs(aStudent());
    const soon = anAssignment({ dueAt: fromNow(2 * 60 * MINUTE - 30_000) });
    serve(soon);
    renderApp(page(soon));
    const submit = await screen.findByRole('button', { name: 'Submit' }, PAGE_LOAD);
    expect(submit).toHaveAccessibleDescription('Due in 2 hours: submitting now is on time.');
    expect(screen.getByText('Measure the flow.', { exact: false })).toHaveClass('whitespace-pre-line');
    expect(screen.getByRole('link', { name: 'Lab sheet.pdf' })).toHaveAttribute('href', '/files/lab-sheet');
  });

  it('submits files and text, then shows the receipt: attempt, files with sizes and SHA-256, its QR code and a link to check it', async () => {
    loggedInAs(aStudent());
    const work = anAssignment();
    const received = serve(work);
    renderApp(page(work));
    const input = await screen.findByLabelText('Files', undefined, PAGE_LOAD);
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));

    // Neither files nor text: said before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file or write some text to hand in.');

    await userEvent.upload(input, [aPdf('report.pdf', 3 * 1024), aPdf('data.pdf')]);
    expect(within(screen.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Text (optional)'), 'Measured on Tuesday.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(received).toEqual([{ files: ['report.pdf', 'data.pdf'], text: 'Measured on Tuesday.' }]);
    expect(receipt).toHaveTextContent('Attempt1');
    expect(receipt).toHaveTextContent('On time');
    expect(within(receipt).getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/files/handed-in-0');
    expect(receipt).toHaveTextContent('3 KB · SHA-256 111111111111…');
    expect(within(receipt).getByRole('img', { name: 'QR code of the receipt for attempt 1' })).toBeInTheDocument();
    expect(within(receipt).getByRole('link', { name: 'Check this receipt' })).toHaveAttribute('href', '/verify#eyJhbGciOiJFUzI1NiJ9.receipt-1.signature');
    // The form is cleared, and handing in again is now a new attempt.
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
  });

  it('a refused submission is said in the student’s words, and the chosen work stays to try again', async () => {
    loggedInAs(aStudent());
    const work = anAssignment();
    serve(work);
    server.use(http.post(paths.coursework.submit(work._id), () => fail('submissions_closed')));
    renderApp(page(work));
    await userEvent.upload(await screen.findByLabelText('Files', undefined, PAGE_LOAD), aPdf('report.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Submissions for this assignment are closed.');
    expect(within(screen.getByRole('list', { name: 'Chosen files' })).getByText('report.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your receipt' })).toBeNull();
  });

  it('a resubmission says it replaces the previous attempt, and is sent only once confirmed', async () => {
    loggedInAs(aStudent());
    const work = anAssignment({ mySubmission: { state: 'submitted', attempt: 1, submittedAt: '2026-11-20T10:05:00.000Z', lateMinutes: 0 } });
    const received = serve(work, aSubmission());
    renderApp(page(work));
    expect(await screen.findByRole('region', { name: 'Your receipt' }, PAGE_LOAD)).toHaveTextContent('report.pdf');
    await userEvent.type(screen.getByLabelText('Text (optional)'), 'A better version.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit again?' });
    expect(dialog).toHaveTextContent('This attempt replaces attempt 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(received).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Your receipt' })).toHaveTextContent('Attempt2'));
    expect(received).toEqual([{ files: [], text: 'A better version.' }]);
  });

  it('shows returned marks: marks, penalty, final marks, feedback and the rubric level chosen for each criterion; no form', async () => {
    loggedInAs(aStudent());
    const returned = anAssignment({
      rubric: [
        { criterion: 'Method', levels: [{ label: 'Weak', marks: 2 }, { label: 'Sound', marks: 10 }] },
        { criterion: 'Write-up', levels: [{ label: 'Clear', marks: 10 }, { label: 'Unclear', marks: 4 }] },
      ],
      mySubmission: { state: 'returned', attempt: 1, submittedAt: '2026-11-20T10:05:00.000Z', lateMinutes: 30 },
      submitNow: null,
      myMarks: { marks: 14, penalty: 10, finalMarks: 12.6, feedback: 'Good method.\nTidy the graphs.', rubric: [1, 1], excused: false, returnedAt: '2026-11-25T12:00:00.000Z' },
    });
    serve(returned, aSubmission({ lateMinutes: 30, penalty: 10 }));
    renderApp(page(returned));
    const marks = await screen.findByRole('region', { name: 'Your marks' }, PAGE_LOAD);
    expect(marks).toHaveTextContent('Marks14 out of 20');
    expect(marks).toHaveTextContent('Late penalty10%');
    expect(marks).toHaveTextContent('Final marks12.6 out of 20');
    expect(marks).toHaveTextContent('Good method.');
    expect(within(marks).getByRole('row', { name: 'Method Sound (10 marks)' })).toBeInTheDocument();
    expect(within(marks).getByRole('row', { name: 'Write-up Unclear (4 marks)' })).toBeInTheDocument();
    expect(screen.getByText('Returned')).toBeInTheDocument();
    expect(await screen.findByText('Your marks have been returned, so this work can no longer be handed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('closed: says since when, with no form', async () => {
    loggedInAs(aStudent());
    const closed = anAssignment({ dueAt: fromNow(-3 * 24 * 60 * MINUTE), closesAt: fromNow(-24 * 60 * MINUTE), submitNow: null });
    serve(closed);
    renderApp(page(closed));
    expect(await screen.findByText(/^Submissions closed on /, undefined, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Missing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('a class test: nothing to hand in, and no submission is asked for', async () => {
    loggedInAs(aStudent());
    const test = anAssignment({ kind: 'test', title: 'Mid-term test', submitNow: null });
    server.use(http.get(paths.coursework.get(test._id), () => ok({ assignment: test })));
    renderApp(page(test));
    expect(await screen.findByText(/This is a class test, marked on paper/, undefined, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Class test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });
});
