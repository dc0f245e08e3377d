import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProfessor, aStudent, theExamOffice } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';
import { FEED_RESET } from './CalendarPage';

const ADDRESS = 'https://portal.example.edu/calendar/Abc123_-Abc123_-Abc123_-Abc123_-Abc123_-Abc.ics';
const NEW_ADDRESS = 'https://portal.example.edu/calendar/Zyx987_-Zyx987_-Zyx987_-Zyx987_-Zyx987_-Zyx.ics';

function feedAt(url: string) {
  server.use(http.get(paths.calendar.feed, () => ok({ url }, 'calendar feed fetched successfully')));
}

async function open(user = aStudent()) {
  loggedInAs(user);
  const view = renderApp('/calendar');
  await screen.findByRole('heading', { name: 'Calendar feed' });
  return view;
}

const addressField = () => screen.findByLabelText('Your private address');

/** A clipboard that records what was written, or refuses (an http page, a denied permission). */
function clipboard(refuse = false) {
  const writeText = vi.fn(async (_text: string) => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CalendarPage', () => {
  it('shows the address read-only, with links for Google Calendar and webcal apps', async () => {
    feedAt(ADDRESS);
    await open();
    const field = await addressField();
    expect(field).toHaveValue(ADDRESS);
    expect(field).toHaveAttribute('readonly');
    const google = screen.getByRole('link', { name: 'Add to Google Calendar' });
    expect(google).toHaveAttribute('href', `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(ADDRESS.replace('https://', 'webcal://'))}`);
    expect(google).toHaveAttribute('target', '_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Open in Apple Calendar, Outlook or Thunderbird' })).toHaveAttribute('href', ADDRESS.replace('https://', 'webcal://'));
    expect(document.title).toBe('Calendar feed · Campus Portal');
  });

  it('says what the feed holds for each kind of user', async () => {
    feedAt(ADDRESS);
    const student = await open(aStudent());
    expect(await screen.findByText(/exam dates of the courses you joined/)).toBeInTheDocument();
    student.unmount();
    const professor = await open(aProfessor());
    expect(await screen.findByText(/exam dates of the courses you teach/)).toBeInTheDocument();
    professor.unmount();
    await open(theExamOffice());
    expect(await screen.findByText(/Your feed holds every campus event\./)).toBeInTheDocument();
  });

  it('Copy writes the address to the clipboard and says so', async () => {
    feedAt(ADDRESS);
    const writeText = clipboard();
    await open();
    await addressField();
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Address copied.')).toBeInTheDocument();
  });

  it('where the clipboard refuses, selects the address and says how to copy it', async () => {
    feedAt(ADDRESS);
    clipboard(true);
    await open();
    const field = (await addressField()) as HTMLInputElement;
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText(/Press Ctrl\+C/)).toBeInTheDocument();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(ADDRESS.length);
  });

  it('Reset asks first, explaining the old address stops working; No keeps it', async () => {
    feedAt(ADDRESS);
    let resets = 0;
    server.use(
      http.post(paths.calendar.reset, () => {
        resets++;
        return ok({ url: NEW_ADDRESS });
      }),
    );
    await open();
    await addressField();
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar feed address?' });
    expect(dialog).toHaveTextContent('The current address stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resets).toBe(0);
    expect(await addressField()).toHaveValue(ADDRESS);
  });

  it('Reset, confirmed, shows the new address and says the old one no longer works', async () => {
    feedAt(ADDRESS);
    server.use(http.post(paths.calendar.reset, () => ok({ url: NEW_ADDRESS }, 'calendar feed address reset successfully')));
    const { where } = await open();
    await addressField();
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reset it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent(FEED_RESET);
    expect(await addressField()).toHaveValue(NEW_ADDRESS);
    expect(screen.getByRole('link', { name: 'Open in Apple Calendar, Outlook or Thunderbird' })).toHaveAttribute('href', NEW_ADDRESS.replace('https://', 'webcal://'));
    expect(where.pathname).toBe('/calendar');
  });

  it('a failed reset keeps the dialog open with the reason', async () => {
    feedAt(ADDRESS);
    server.use(http.post(paths.calendar.reset, () => fail('internal_error')));
    await open();
    await addressField();
    await userEvent.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reset it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a feed that cannot be loaded says why and offers Retry', async () => {
    // A refusal, which the app does not retry by itself.
    server.use(http.get(paths.calendar.feed, () => fail('rate_limited', { params: { limit: 'calendar_feed', retryAfterSeconds: 5 } })));
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This calendar feed has been fetched many times just now. Try again in 5 seconds.');
    feedAt(ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await addressField()).toHaveValue(ADDRESS);
  });

  it('is reached from the profile page', async () => {
    loggedInAs(aStudent());
    renderApp('/update-account');
    expect(await screen.findByRole('link', { name: 'Calendar feed' })).toHaveAttribute('href', '/calendar');
  });
});
