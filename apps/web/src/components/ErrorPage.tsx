import { isChunkLoadError } from './lazy-page';
import { usePageTitle } from '../lib/use-page-title';

/**
 * The generic error page (docs/product.md#screens), and "Loading chunk failed" when a page's script
 * could not be fetched. Reloading fetches a fresh index.html and with it the current chunk names.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'Loading chunk failed' : 'Something went wrong';
  usePageTitle(title);
  return (
    <section role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-campus-900">{title}</h1>
      <p className="mt-2 text-slate-600">
        {chunk ? 'Part of the app could not be loaded. Reloading usually fixes it.' : 'An unexpected error stopped this page. Reloading may help.'}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-campus-600 px-4 py-2 font-medium text-white hover:bg-campus-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-campus-600"
      >
        Reload
      </button>
    </section>
  );
}
