import { render } from '@testing-library/react';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
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

/**
 * Writes the location once React commits it. The router navigates in a transition, which React
 * may render in slices, set aside while something loads, or throw away: a location written during
 * render could be one the screen never showed, and an assertion after it would race the screen.
 */
function LocationProbe({ where }: { where: Where }) {
  const location = useLocation();
  useLayoutEffect(() => {
    where.pathname = location.pathname;
    where.state = location.state;
    where.search = location.search;
  }, [where, location]);
  return null;
}

/**
 * Renders the real app (layout, header, lazy pages) at `path`, against the MSW server.
 * Returns the query client and a live view of the current path. `strict` renders it in
 * StrictMode, as main.tsx does: effects then run twice, as in development. `inside`: more to render
 * within the router, beside the app.
 */
export function renderApp(path: string, { strict = false, inside }: { strict?: boolean; inside?: ReactNode } = {}) {
  const client = createQueryClient();
  const where: Where = { pathname: path, search: '', state: null };
  const app = (
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        {inside}
        <LocationProbe where={where} />
      </MemoryRouter>
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, client, where };
}
