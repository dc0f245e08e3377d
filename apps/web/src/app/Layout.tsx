import { Activity, Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../components/Button';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorPage } from '../components/ErrorPage';
import { Spinner } from '../components/Spinner';
import { WelcomeFirst, useCurrentUser, useViewer } from '../features/auth';
import { NotificationToasts } from '../features/notifications';
import { errorText } from '../lib/api';
import { FlashMessage } from '../lib/flash';
import { Header, HeaderFrame } from './header/Header';
import { useHeadingFocusOnNavigate } from './use-heading-focus';

/**
 * Every route sits here: the header and the main area (docs/product.md#screens). While the current user is
 * loading and no kept copy exists, the header is only its frame and the main area a spinner, so
 * the header never flashes the logged-out links at someone who is logged in. That loading state
 * is what index.html paints before the scripts arrive: keep the two alike.
 */
export function Layout() {
  const { loading, unknown } = useViewer();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigate(main);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-campus-700">
        Skip to content
      </a>
      {loading || unknown ? <HeaderFrame /> : <Header />}
      <main ref={main} id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">
        {loading && <Spinner label="Loading your account" />}
        <SessionCheckFailed />
        {!loading && <FlashMessage />}
        {/*
          While the user loads, the page renders hidden: its code is fetched and its first render
          done meanwhile (its effects, and so its requests, wait until it shows), so it shows at
          once when the user is known instead of a round trip later.
        */}
        <Activity mode={loading ? 'hidden' : 'visible'}>
          {/* Reset on navigation, so one broken page does not take the others down with it. */}
          <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
            <Suspense fallback={<Spinner />}>
              {/* A student the directory left without a semester or branch chooses them first. */}
              <WelcomeFirst>
                <Outlet />
              </WelcomeFirst>
            </Suspense>
          </ErrorBoundary>
        </Activity>
      </main>
      <Suspense fallback={null}>
        <NotificationToasts />
      </Suspense>
    </div>
  );
}

/** When the server could not say who is logged in, say so and offer to ask again. */
function SessionCheckFailed() {
  const q = useCurrentUser();
  if (!q.isError || q.data !== undefined) return null;
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
      <p>{errorText(q.error)}</p>
      <Button variant="secondary" onClick={() => void q.refetch()} disabled={q.isFetching}>
        Try again
      </Button>
    </div>
  );
}
