/**
 * `node apps/web/build/check-js-budget.ts [dist]`: fails when a route's first-load JavaScript on
 * the wire passes its budget (BUDGETS), or any page's passes PAGE_MAX_KB (js-budget.ts). Run
 * after `npm run build`; `npm test` does.
 */
import { resolve } from 'node:path';
import { measureBudgets, measurePages, PAGE_MAX_KB } from './js-budget.ts';

const dist = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..', 'dist'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const results = await measureBudgets(dist);
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(18)} ${kb(r.bytes).padStart(9)} of ${r.maxKb} KB (${r.maxKb * 1024 - r.bytes} bytes left), ${r.files} files`);
}
const pages = await measurePages(dist);
// Compact: every page worst first, a few to a line, the ones over the limit marked.
console.log(`\nevery page, first load of at most ${PAGE_MAX_KB} KB, worst first:`);
const lines = [''];
for (const p of pages) {
  const item = `${p.ok ? '' : 'OVER '}${p.page} ${kb(p.bytes)}`;
  if (lines.at(-1)!.length + item.length > 100) lines.push('');
  lines[lines.length - 1] += `${lines.at(-1) ? ', ' : '  '}${item}`;
}
console.log(lines.join(',\n'));
const over = [...results.filter((r) => !r.ok).map((r) => r.route), ...pages.filter((p) => !p.ok).map((p) => p.page)];
if (over.length > 0) {
  console.log(`\n${over.length} over budget (${over.join(', ')}): find what they load and need not (apps/web/build/js-budget.ts)`);
  process.exit(1);
}
