import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';
import { lazyPage } from './lazy-page';

afterEach(() => vi.restoreAllMocks());

function renderBoundary(children: React.ReactNode, resetKey = 'a') {
  return render(
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <ErrorPage error={error} />}>
      <Suspense fallback={<p>loading</p>}>{children}</Suspense>
    </ErrorBoundary>,
  );
}

describe('error pages', () => {
  it('a page chunk that fails to load shows "Loading chunk failed" and a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    renderBoundary(<Broken />);
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('any other error shows the generic error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Throws(): never {
      throw new Error('bug');
    }
    renderBoundary(<Throws />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a chunk slower than 120 s counts as failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const Stuck = lazyPage(() => new Promise<never>(() => {}));
    renderBoundary(<Stuck />);
    await vi.advanceTimersByTimeAsync(120_000);
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
  });

  it('navigating elsewhere (a new reset key) renders the children again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('bug');
      return <p>fine now</p>;
    }
    const { rerender } = renderBoundary(<Flaky />, '/one');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    fail = false;
    rerender(
      <ErrorBoundary resetKey="/two" fallback={(error) => <ErrorPage error={error} />}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine now')).toBeInTheDocument();
  });
});
