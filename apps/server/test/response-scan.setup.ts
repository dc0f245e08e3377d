import { afterAll, expect } from 'vitest';
import { scanAll } from './response-scan';

// Runs after every test file: none of the responses that file received leaked a secret.
afterAll(() => {
  expect(scanAll()).toEqual([]);
});
