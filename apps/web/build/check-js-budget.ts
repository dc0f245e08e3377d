/**
 * `node apps/web/build/check-js-budget.ts [dist]`: fails when a page's first-load JavaScript on
 * the wire passes its budget (js-budget.ts). Run after `npm run build`; `npm test` does.
 */
import { resolve } from 'node:path';
import { measureBudgets } from './js-budget.ts';

const dist = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..', 'dist'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const results = await measureBudgets(dist);
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(18)} ${kb(r.bytes).padStart(9)} of ${r.maxKb} KB (${r.maxKb * 1024 - r.bytes} bytes left), ${r.files} files`);
}
const over = results.filter((r) => !r.ok);
if (over.length > 0) {
  console.log(`\n${over.length} page(s) over budget: find what they load and need not (apps/web/build/js-budget.ts)`);
  process.exit(1);
}
