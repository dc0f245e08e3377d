// `lighthouse`: Lighthouse's mobile performance score for each page a student meets, with its
// default mobile settings (a mid-range phone, simulated slow 4G and a 4× slower CPU, computed
// from one unthrottled load), in the installed Chromium. One run's score is noisy (20 points
// on a busy machine), so each page is run BENCH_LIGHTHOUSE_RUNS times (default 3) and reported
// by the median; a run that fails to record is retried in a fresh Chromium.
import { loadavg } from 'node:os';
import { limitsOff, median, startServer } from './lib/server.mjs';
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


const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// A page sometimes fails to record (NO_NAVSTART, or Chromium gone): a fresh try usually records.
const RETRIES = 2;
// BENCH_LIGHTHOUSE_PAGES=/login,/ measures only those pages (a short check of the scenario).
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);

/** Why a report did not record, or undefined when it did. */
const failureOf = (lhr) => (lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : undefined);

/**
 * One recorded run of `url`: up to 1 + RETRIES attempts, each in a fresh Chromium. Returns the
 * report (undefined when every attempt failed) and why each failed attempt failed.
 */
async function recordedRun(chromePath, url, cookie) {
  const failures = [];
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    let failure;
    try {
      const lhr = await lighthouseRun(chromePath, url, cookie);
      failure = failureOf(lhr);
      if (!failure) return { lhr, failures };
    } catch (e) {
      failure = `threw ${e instanceof Error ? e.message : String(e)}`;
    }
    process.stderr.write(`    attempt ${attempt + 1} failed: ${failure}\n`);
    failures.push(failure);
  }
  return { lhr: undefined, failures };
}

/**
 * The row of one page's runs: the median score and the median of each timing (each its own
 * median, not one run's), the scores of every run, the retries spent, the load average when the
 * page began, and whether the page's HTML came compressed. Lighthouse 13 checks compression on
 * the document only (its document-latency-insight replaced the audit of every text resource);
 * the `pages` scenario shows every file's bytes on the wire. Never a figure for a run that did
 * not record: a page with none says so.
 */
function pageRow(label, runs, load) {
  const scenario = `${label} Lighthouse`;
  const recorded = runs.filter((r) => r.lhr).map((r) => r.lhr);
  // Every failed attempt but a run's last was retried; the last of a run with no report was not.
  const retries = runs.reduce((n, r) => n + r.failures.length - (r.lhr ? 0 : 1), 0);
  const failed = runs.filter((r) => !r.lhr);
  const reasons = [...new Set(runs.flatMap((r) => r.failures.map((f) => f.split(' ')[0])))];
  const tries =
    `${retries} ${retries === 1 ? 'retry' : 'retries'}${reasons.length ? ` (${reasons.join(', ')})` : ''}` +
    (failed.length ? `, ${failed.length} of ${runs.length} runs failed all ${RETRIES + 1} tries (last: ${failed.at(-1).failures.at(-1)})` : '');
  // Lighthouse's own measure of this machine's CPU (its benchmarkIndex, higher is faster): its
  // 4× slowdown is calibrated for a fast desktop, so on a slower or busier host the same page
  // scores lower (Lighthouse's throttling notes suggest a smaller multiplier below about 1,300).
  const cpu = runs.filter((r) => r.lhr).map((r) => Math.round(r.lhr.environment?.benchmarkIndex ?? NaN));
  const context = `${tries}; load average ${load.toFixed(2)} at start${cpu.length ? `; CPU benchmark index ${cpu.join(', ')}` : ''}`;
  if (!recorded.length) return { scenario, value: `failed: no run of ${runs.length} recorded; ${context}` };
  const numeric = (id) => median(recorded.map((lhr) => lhr.audits[id].numericValue));
  const scores = recorded.map((lhr) => lhr.categories.performance.score).map((s) => (s === null ? undefined : Math.round(s * 100)));
  const known = scores.filter((s) => s !== undefined);
  const uncompressed = recorded[0].audits['document-latency-insight']?.details?.debugData?.uncompressedResponseBytes;
  const compression =
    uncompressed === undefined ? 'document compression not reported' : uncompressed ? `document uncompressed (compression would save ${kb(uncompressed)})` : 'document compressed';
  const warningList = [...new Set(recorded.flatMap((lhr) => lhr.runWarnings))];
  const warnings = warningList.length ? ` (warnings: ${warningList.join('; ')})` : '';
  return {
    scenario,
    value:
      `score ${known.length ? median(known) : '?'} (runs ${scores.map((s) => s ?? '?').join(', ')}), median FCP ${ms(numeric('first-contentful-paint'))}, ` +
      `LCP ${ms(numeric('largest-contentful-paint'))}, TBT ${ms(numeric('total-blocking-time'))}, CLS ${numeric('cumulative-layout-shift').toFixed(3)}, SI ${ms(numeric('speed-index'))}, ${compression}; ${context}${warnings}`,
  };
}

/** What the runs emulated, as the report states it (so a change of Lighthouse's defaults shows). */
function settingsOf(lhr) {
  const { throttlingMethod, throttling: t, screenEmulation: screen, formFactor } = lhr.configSettings;
  return (
    `Lighthouse ${lhr.lighthouseVersion}, ${formFactor}, ${throttlingMethod} throttling: ${t.rttMs} ms RTT, ` +
    `${(t.throughputKbps / 1000).toFixed(1)} Mbit/s, CPU ${t.cpuSlowdownMultiplier}× slower; ${screen.width}×${screen.height} at ${screen.deviceScaleFactor}×; ` +
    `median of ${RUNS} runs per page, a failed run retried up to ${RETRIES} times`
  );
}

/** Seeds the pages, then RUNS recorded Lighthouse runs of each. */
export async function lighthouseScores({ port }) {
  const chromePath = chromiumPath();
  if (!chromePath) return [{ scenario: 'lighthouse', value: 'skipped: no Chromium' }];
  const server = await startServer({ port, env: { ...limitsOff, CAMPUS_TZ: PAGES_TIME_ZONE } });
  try {
    const seeded = await seedPages(server.base);
    const rows = [];
    let settingsFrom;
    for (const page of pagesToMeasure(seeded).filter((p) => !ONLY || ONLY.includes(p.label))) {
      // The machine's 1-minute load average as the page begins: a busy machine lowers the score.
      const load = loadavg()[0];
      process.stderr.write(`  ${page.label} (load ${load.toFixed(2)})\n`);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await recordedRun(chromePath, `${server.base}${page.path}`, page.loggedIn ? seeded.studentCookie : undefined));
      rows.push(pageRow(page.label, runs, load));
      settingsFrom ??= runs.find((r) => r.lhr)?.lhr;
    }
    return [...rows, { scenario: 'lighthouse settings', value: settingsFrom ? settingsOf(settingsFrom) : `no run recorded; median of ${RUNS} runs per page` }];
  } finally {
    await server.stop();
  }
}
