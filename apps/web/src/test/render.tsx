import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/Providers';
import { AppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/** Where the app is now; read it after navigation. */
export interface Where {
  pathname: string;
  /** The history entry's state (a flash message rides in it). */
  state: unknown;
  search: string;
}

function LocationProbe({ where }: { where: Where }) {
  const location = useLocation();
  where.pathname = location.pathname;
  where.state = location.state;
  where.search = location.search;
  return null;
}

/**
 * Renders the real app (layout, header, lazy pages) at `path`, against the MSW server.
 * Returns the query client and a live view of the current path.
 */
export function renderApp(path: string) {
  const client = createQueryClient();
  const where: Where = { pathname: path, search: '', state: null };
  const view = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe where={where} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, client, where };
}
