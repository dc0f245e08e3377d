import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorPage } from '../components/ErrorPage';
import { Providers } from './Providers';
import { AppRoutes } from './routes';

/** The whole app. The outer boundary catches what the layout's own boundary cannot (the header). */
export function App({ client }: { client: QueryClient }) {
  return (
    <ErrorBoundary fallback={(error) => <ErrorPage error={error} />}>
      <Providers client={client}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </ErrorBoundary>
  );
}
