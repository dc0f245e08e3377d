// `pages`: what Chromium receives and paints for each page a student meets, cold (a fresh browser
// context, so an empty cache, per load): the bytes on the wire, and the first and largest
// contentful paints on a slow phone (throttled network and CPU, a phone's viewport).
import { limitsOff, median, startServer } from './lib/server.mjs';
import { chromiumPath, kb, launchChromium, networkRecorder, wireTotals } from './lib/chromium.mjs';
import { PAGES_TIME_ZONE, pagesToMeasure, seedPages } from './lib/pages.mjs';

/** A slow phone on a slow mobile network: the DevTools protocol takes bytes per second. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const PAINT_RUNS = 3;

/** A fresh context (empty cache), logged in as the student when `loggedIn`, with one page and its CDP recorder. */
async function coldPage(browser, base, { loggedIn, cookie, contextOptions = {} }) {
  const context = await browser.newContext({ acceptDownloads: true, ...contextOptions });
  if (loggedIn) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = await networkRecorder(cdp);
  return { context, page, cdp, network };
}

/** Opens `page` and waits until it has settled: its main content visible and the network quiet. */
async function openSettled(cold, base, page) {
  await cold.page.goto(`${base}${page.path}`, { waitUntil: 'load', timeout: 60_000 });
  await page.ready(cold.page);
  await cold.network.quiet();
}

const wireRow = (label, t) => ({
  scenario: `${label} on the wire`,
  value: `${kb(t.bytes)} in ${t.requests} requests, JavaScript ${kb(t.jsBytes)} in ${t.scripts}${t.cached ? ` (and ${t.cached} from the cache)` : ''}`,
});

function logRequests(requests) {
  if (!process.env.BENCH_VERBOSE) return;
  for (const r of requests) process.stderr.write(`    ${r.type.padEnd(11)} ${kb(r.bytes).padStart(9)}  ${new URL(r.url).pathname}${r.cached ? ' (cache)' : ''}\n`);
}

/** One unthrottled cold load: what the page takes on the wire. */
async function bytesOf(browser, base, cookie, page) {
  const cold = await coldPage(browser, base, { loggedIn: page.loggedIn, cookie });
  try {
    await openSettled(cold, base, page);
    const requests = cold.network.take();
    logRequests(requests);
    return wireTotals(requests);
  } finally {
    await cold.context.close();
  }
}

/** The admit card's "Download admit card (PDF)" on a settled page: what the click adds on the wire. */
async function pdfBytes(browser, base, cookie, hallTicket) {
  const cold = await coldPage(browser, base, { loggedIn: true, cookie });
  try {
    await openSettled(cold, base, hallTicket);
    cold.network.take();
    const download = cold.page.waitForEvent('download', { timeout: 60_000 });
    await cold.page.getByRole('button', { name: 'Download admit card (PDF)' }).click();
    await download;
    await cold.network.quiet();
    const requests = cold.network.take();
    logRequests(requests);
    return wireTotals(requests);
  } finally {
    await cold.context.close();
  }
}

// Read in the page once it has settled. LCP entries are buffered, so a late observer still sees
// them all; the last one is the largest paint.
const readPaints = () =>
  new Promise((resolve) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime ?? null });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // A page that painted nothing contentful has no LCP entry and the observer never fires.
    setTimeout(() => resolve({ fcp, lcp: null }), 1_000);
  });

/** One cold load on the slow phone: first and largest contentful paint, in ms from navigation. */
async function paintsOf(browser, base, cookie, page) {
  const cold = await coldPage(browser, base, { loggedIn: page.loggedIn, cookie, contextOptions: PHONE });
  try {
    await cold.cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await cold.cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await openSettled(cold, base, page);
    return await cold.page.evaluate(readPaints);
  } finally {
    await cold.context.close();
  }
}

const ms = (v) => (v === null ? 'none' : `${Math.round(v)} ms`);
const medianOf = (values) => (values.includes(null) ? null : median(values));

function paintRow(label, runs) {
  const fcp = runs.map((r) => r.fcp);
  const lcp = runs.map((r) => r.lcp);
  const each = runs.map((r) => `${ms(r.fcp)}/${ms(r.lcp)}`).join(', ');
  return { scenario: `${label} slow phone`, value: `FCP ${ms(medianOf(fcp))}, LCP ${ms(medianOf(lcp))} (median of ${runs.length}; FCP/LCP ${each})` };
}

/**
 * Per page: one unthrottled cold load for its bytes on the wire, then PAINT_RUNS cold loads on
 * the slow phone for its paint times; last, what "Download admit card (PDF)" adds on the admit card.
 */
export async function pages({ port }) {
  const executablePath = chromiumPath();
  if (!executablePath) return [{ scenario: 'pages', value: 'skipped: no Chromium' }];
  const server = await startServer({ port, env: { ...limitsOff, CAMPUS_TZ: PAGES_TIME_ZONE } });
  let browser;
  try {
    const { base } = server;
    const seeded = await seedPages(base);
    const cookie = seeded.studentCookie;
    browser = await launchChromium(executablePath);
    const rows = [];
    const list = pagesToMeasure(seeded);
    for (const page of list) {
      process.stderr.write(`  ${page.label}\n`);
      rows.push(wireRow(page.label, await bytesOf(browser, base, cookie, page)));
      const runs = [];
      for (let i = 0; i < PAINT_RUNS; i++) runs.push(await paintsOf(browser, base, cookie, page));
      rows.push(paintRow(page.label, runs));
    }
    const hallTicket = list.find((p) => p.path === '/hallticket');
    rows.push(wireRow('Download admit card (PDF) adds', await pdfBytes(browser, base, cookie, hallTicket)));
    rows.push({
      scenario: 'pages: slow phone is',
      value: `${SLOW_NETWORK.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}× slower, ${PHONE.viewport.width}×${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}×`,
    });
    return rows;
  } finally {
    await browser?.close();
    await server.stop();
  }
}
