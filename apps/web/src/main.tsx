import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import { restoreStoredUser } from './features/auth/session';
import { createQueryClient } from './lib/query-client';
import './index.css';

const client = createQueryClient();
const router = createRouter();

// The locally kept user paints the header at once; current-user then confirms or clears it.
void restoreStoredUser().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
