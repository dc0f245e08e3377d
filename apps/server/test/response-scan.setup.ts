import { afterAll, expect } from 'vitest';
import { scanAll, scannedCount } from './response-scan';

// Runs after every test file: the file sent requests, and none of its responses leaked a secret.
afterAll(() => {
  expect(scannedCount()).toBeGreaterThan(0);
  expect(scanAll()).toEqual([]);
});
