// The installed Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH), never a downloaded one,
// and what the browser scenarios read from it over the Chrome DevTools Protocol: the bytes each
// request took on the wire, and when the page's network has gone quiet.
import { existsSync } from 'node:fs';

/** Flags for every Chromium the bench starts: no sandbox (containers), no background traffic. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The Chromium executable to drive, or null when none is installed. */
export function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p)) ?? null;
}

/** Playwright's Chromium on the installed executable (headless). */
export async function launchChromium(executablePath) {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

// Event streams (the notification bell) stay open as long as the page: they are counted, but
// never waited for.
const LONG_LIVED = new Set(['EventSource', 'WebSocket']);

/**
 * Records every request of the page behind `cdp` (a CDP session on it; this enables its Network
 * domain): its resource type and the encoded bytes it took on the wire, from
 * `Network.loadingFinished.encodedDataLength` (headers included, compressed as sent). A request
 * still open when read (an event stream) counts what it has received so far.
 */
export async function networkRecorder(cdp) {
  /** requestId → { url, type, bytes, done, cached?, failed? } */
  const requests = new Map();
  let lastActivity = performance.now();
  const touch = () => {
    lastActivity = performance.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    // A redirect reuses the requestId: the hop before it was its own transfer.
    const earlier = requests.get(e.requestId);
    if (earlier && e.redirectResponse) requests.set(`${e.requestId}:${requests.size}`, { ...earlier, bytes: e.redirectResponse.encodedDataLength, done: true });
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0, done: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { type: e.type ?? r.type, bytes: e.response.encodedDataLength ?? 0, cached: r.cached || Boolean(e.response.fromDiskCache) });
  });
  // Even a cold page asks twice for some files (the avatar again for the PDF): the second answer
  // comes from the cache, not the wire.
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r && !r.done) r.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { done: true, failed: e.errorText });
  });
  await cdp.send('Network.enable');

  // data: and blob: URLs never touch the network.
  const onWire = () => [...requests.values()].filter((r) => /^https?:/.test(r.url));
  let taken = 0;
  return {
    /**
     * Resolves once no request but the long-lived ones has been in flight for `quietMs`
     * (Playwright's "networkidle" uses 500 ms); throws after `timeoutMs`.
     */
    async quiet({ quietMs = 500, timeoutMs = 60_000 } = {}) {
      const started = performance.now();
      for (;;) {
        const busy = onWire().some((r) => !r.done && !LONG_LIVED.has(r.type));
        if (!busy && performance.now() - lastActivity >= quietMs) return;
        if (performance.now() - started > timeoutMs) throw new Error(`network not quiet within ${timeoutMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** The requests since the last take (all of them, the first time). */
    take() {
      const all = onWire();
      const fresh = all.slice(taken);
      taken = all.length;
      return fresh;
    },
  };
}

/** Sums recorded requests that went over the wire: count, total bytes and the JavaScript's. */
export function wireTotals(requests) {
  const sent = requests.filter((r) => !r.cached);
  const sum = (rs) => rs.reduce((n, r) => n + r.bytes, 0);
  const scripts = sent.filter((r) => r.type === 'Script');
  return { requests: sent.length, cached: requests.length - sent.length, bytes: sum(sent), jsBytes: sum(scripts), scripts: scripts.length };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
