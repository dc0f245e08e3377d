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
