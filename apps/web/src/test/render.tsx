import { render } from '@testing-library/react';
import { StrictMode } from 'react';
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
 * Returns the query client and a live view of the current path. `strict` renders it in
 * StrictMode, as main.tsx does: effects then run twice, as in development.
 */
export function renderApp(path: string, { strict = false } = {}) {
  const client = createQueryClient();
  const where: Where = { pathname: path, search: '', state: null };
  const app = (
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe where={where} />
      </MemoryRouter>
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, client, where };
}
