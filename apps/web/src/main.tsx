import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './app/App';
import { restoreKeptUser } from './features/auth/session';
import { createQueryClient } from './lib/query-client';
import './index.css';

const client = createQueryClient();

// The kept user (if any) is read before the first render so the header paints logged in at
// once; current-user, fetched as the app mounts, then confirms, replaces or clears it.
void restoreKeptUser().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
});

// The service worker (/sw.js, src/sw/worker.ts) keeps the shell and the admit card for exam day
// with no network. Registered five seconds after the page has loaded: at `load` itself its
// install (about 20 files, 200 KB) raced the page's own lazy chunk and API calls, which only
// start then (the slow phone's LCP 100 to 250 ms later, `npm run bench pages`). A development
// server has no worker (its modules are not the build's files); outside a secure context (plain
// HTTP but localhost) there is no navigator.serviceWorker.
if (import.meta.env.PROD) addEventListener('load', () => setTimeout(() => navigator.serviceWorker?.register('/sw.js'), 5000));
