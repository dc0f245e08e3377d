import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../lib/query-client';

type Handler = (init: RequestInit | undefined) => { status: number; body: unknown };
const ok = (data: unknown, message = '') => ({ status: 200, body: { statusCode: 200, data, message, success: true } });
export const fail = (status: number, error: string) => ({
  status,
  body: { statusCode: status, data: null, message: error, errors: [error], success: false },
});
export { ok };

/**
 * Stubs fetch with "METHOD /path" → handler; an unlisted call fails the test loudly.
 * Returns the mock so tests can read what was sent.
 */
export function stubApi(routes: Record<string, Handler>) {
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    const { status, body } = handler(init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', f);
  return f;
}

/** Renders a page inside the real providers and a memory router at `path`. */
export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const client = createQueryClient();
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client };
}

export const config = (professorSignupNeedsCode = false) =>
  ok({
    examOfficeRegistrationId: 211070007,
    professorSignupNeedsCode,
    draftingEnabled: false,
    campusTimeZone: 'Asia/Kolkata',
    branches: [],
    semesters: [1, 2, 3, 4, 5, 6, 7, 8],
  });
