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
// with no network. Registered once the page has loaded, so its script and the shell it saves
// never compete with the first paint; a development server has no worker (its modules are not
// the build's files). No navigator.serviceWorker outside a secure context (plain HTTP but localhost).
if (import.meta.env.PROD) addEventListener('load', () => void navigator.serviceWorker?.register('/sw.js'));
