import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useViewer } from '../features/auth/api/current-user';
import { Header } from './header/Header';

/** Every route sits here: the header, and a spinner while the current user is being loaded. */
export function Layout() {
  const { loading } = useViewer();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        {loading ? (
          <Spinner label="Loading your account" />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}
