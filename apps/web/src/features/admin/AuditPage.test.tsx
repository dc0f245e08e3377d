import { pages } from '@campus/contract/pages';
import { paths } from '@campus/contract/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { loggedInAs, ok, server } from '../../test/server';
import { admin, anEntry } from './test-data';

describe('/admin/audit: person, days and export', () => {
  it('searches a person and a range of days, in the URL and the query; Export links the same filters as CSV', async () => {
    loggedInAs(admin);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(paths.admin.audit, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return ok({ entries: [anEntry()], nextCursor: null });
      }),
    );
    const { where } = renderApp(pages.adminAudit());
    await screen.findByRole('list', { name: 'Audit entries' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Person' }), 'Ada{Enter}');
    await waitFor(() => expect(where.search).toBe('?q=Ada'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(where.search).toBe('?q=Ada&from=2026-11-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('q=Ada&from=2026-11-01&to=2026-11-30'));
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute('href', '/api/v1/admin/audit.csv?q=Ada&from=2026-11-01&to=2026-11-30');
  });

  it('drops a day the URL holds in another form rather than send it', async () => {
    loggedInAs(admin);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(paths.admin.audit, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return ok({ entries: [], nextCursor: null });
      }),
    );
    renderApp('/admin/audit?from=yesterday&to=2026-11-30');
    expect(await screen.findByText('No entries match.')).toBeInTheDocument();
    expect(asked.at(-1)?.toString()).toBe('to=2026-11-30');
  });
});
