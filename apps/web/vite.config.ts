import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { contractRoutes } from './build/contract-routes';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';
import { stylesheetInBody } from './build/stylesheet-in-body';

/** The API server in development (`npm run dev` starts both). */
const api = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [contractRoutes(), react(), tailwindcss(), stylesheetInBody(), serviceWorker(), precompress()],
  server: { port: 5173, proxy: { '/api': api, '/files': api } },
  preview: { proxy: { '/api': api, '/files': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which file each module became, for the JavaScript budget check
    // (build/js-budget.ts). The server does not serve it (dot folders are not served).
    manifest: true,
    // No manualChunks: rollup's own split keeps zod, react-hook-form and Radix out of the entry
    // chunk, and forcing names merged shared helpers into chunks that /login then had to load.
  },
  test: {
    environment: 'jsdom',
    // A visible document, as in a browser tab: TanStack Query pauses retries in hidden ones.
    environmentOptions: { jsdom: { pretendToBeVisual: true } },
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Page chunks and the deferred form checks are imported on first use; the first test to
    // touch them pays for transforming zod and the contract.
    testTimeout: 15_000,
    // Files share their worker's loaded modules and document: a fresh jsdom and React, router and
    // contract for each file cost three times the tests (setup.ts cleans up after every test).
    isolate: false,
  },
});
