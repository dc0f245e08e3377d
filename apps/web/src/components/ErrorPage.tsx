import { useRouteError } from 'react-router';
import { isChunkLoadError } from './lazy-page';

/** The router's error element: a generic error page, or the spec's chunk failure text. */
export function ErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <section role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold">{chunk ? 'Loading chunk failed' : 'Something went wrong'}</h1>
      <p className="mt-2 text-slate-600">
        {chunk ? 'Part of the app could not be loaded. Reloading usually fixes it.' : 'An unexpected error stopped this page.'}
      </p>
      <button type="button" onClick={() => window.location.reload()} className="mt-6 rounded-lg bg-campus-600 px-4 py-2 text-white">
        Reload
      </button>
    </section>
  );
}
