// `lighthouse`: Lighthouse's mobile performance score for each page a student meets, with its
// default mobile settings (a mid-range phone, simulated slow 4G and a 4× slower CPU, computed
// from one unthrottled load), in the installed Chromium. One run per page: Lighthouse is slow.
import { limitsOff, startServer } from './lib/server.mjs';
import { CHROMIUM_FLAGS, chromiumPath, kb } from './lib/chromium.mjs';
import { PAGES_TIME_ZONE, pagesToMeasure, seedPages } from './lib/pages.mjs';

const ms = (v) => `${Math.round(v)} ms`;

/**
 * One Lighthouse run on `url` in a Chromium of its own (a fresh profile: nothing cached, no
 * cookie but the one sent as a header), performance category only; returns the report.
 */
async function lighthouseRun(chromePath, url, cookie) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * The figures of one report: score (0–100), the four timings, and whether the page's HTML came
 * compressed. Lighthouse 13 checks compression on the document only (its document-latency
 * insight replaced the audit of every text resource); the `pages` scenario shows every file's
 * bytes on the wire.
 */
function reportRow(label, lhr) {
  if (lhr.runtimeError) return { scenario: `${label} Lighthouse`, value: `failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}` };
  const a = lhr.audits;
  const score = lhr.categories.performance.score;
  const uncompressed = a['document-latency-insight']?.details?.debugData?.uncompressedResponseBytes;
  const compression =
    uncompressed === undefined ? 'document compression not reported' : uncompressed ? `document uncompressed (compression would save ${kb(uncompressed)})` : 'document compressed';
  const warnings = lhr.runWarnings.length ? ` (warnings: ${lhr.runWarnings.join('; ')})` : '';
  return {
    scenario: `${label} Lighthouse`,
    value:
      `score ${score === null ? '?' : Math.round(score * 100)}, FCP ${ms(a['first-contentful-paint'].numericValue)}, LCP ${ms(a['largest-contentful-paint'].numericValue)}, ` +
      `TBT ${ms(a['total-blocking-time'].numericValue)}, SI ${ms(a['speed-index'].numericValue)}, ${compression}${warnings}`,
  };
}

/** What the runs emulated, as the report states it (so a change of Lighthouse's defaults shows). */
function settingsOf(lhr) {
  const { throttlingMethod, throttling: t, screenEmulation: screen, formFactor } = lhr.configSettings;
  return (
    `Lighthouse ${lhr.lighthouseVersion}, ${formFactor}, ${throttlingMethod} throttling: ${t.rttMs} ms RTT, ` +
    `${(t.throughputKbps / 1000).toFixed(1)} Mbit/s, CPU ${t.cpuSlowdownMultiplier}× slower; ${screen.width}×${screen.height} at ${screen.deviceScaleFactor}×; one run per page`
  );
}

/** Seeds the pages, then one Lighthouse run for each. */
export async function lighthouseScores({ port }) {
  const chromePath = chromiumPath();
  if (!chromePath) return [{ scenario: 'lighthouse', value: 'skipped: no Chromium' }];
  const server = await startServer({ port, env: { ...limitsOff, CAMPUS_TZ: PAGES_TIME_ZONE } });
  try {
    const seeded = await seedPages(server.base);
    const rows = [];
    let lhr;
    for (const page of pagesToMeasure(seeded)) {
      process.stderr.write(`  ${page.label}\n`);
      lhr = await lighthouseRun(chromePath, `${server.base}${page.path}`, page.loggedIn ? seeded.studentCookie : undefined);
      rows.push(reportRow(page.label, lhr));
    }
    return [...rows, { scenario: 'lighthouse settings', value: settingsOf(lhr) }];
  } finally {
    await server.stop();
  }
}
