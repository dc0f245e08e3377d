import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Ids each call hands out: the returned one and the next 19 (a test's second person, its course numbers). */
const BLOCK = 20;
/** Stretches of ids, one per parallel worker (TEST_PARALLEL_INDEX): workers running at once never draw the same. */
const STRETCHES = 8;
const BLOCKS_PER_STRETCH = 600_000_000 / STRETCHES / BLOCK;
let lastBlock = 0;
/**
 * A registration id no other test in this run uses (≥ 100000000, as the rules require), nor the
 * 19 after it. Within its worker's stretch the block follows the clock (one per 100 ms) and never
 * repeats: a worker that replaces a failed one (the same index) starts past what that one drew,
 * and a rerun against a server kept from an earlier run starts past that run.
 */
export function uniqueRegistrationId(): number {
  lastBlock = Math.max(lastBlock + 1, Math.floor(Date.now() / 100));
  const stretch = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % STRETCHES;
  return 300_000_000 + (stretch * BLOCKS_PER_STRETCH + (lastBlock % BLOCKS_PER_STRETCH)) * BLOCK;
}

/** A small solid-colour PNG, built byte by byte so no binary fixture is checked in. */
export function pngBytes(width = 8, height = 8, rgb: [number, number, number] = [30, 90, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const png = (name = 'avatar.png', rgb?: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: pngBytes(8, 8, rgb),
});

const shotsDir = new URL('../artifacts/screenshots/', import.meta.url).pathname;
mkdirSync(shotsDir, { recursive: true });

/** The two screens every route is looked at on: a laptop and a phone (390 × 844, an iPhone 12–15). */
export const SCREENS = [
  { label: 'desktop', width: 1366, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/**
 * Keeps full-page screenshots of a step at 1366 px and at 390 px (`<name>-1366.png`,
 * `<name>-390.png`) for a person to look at, then runs axe on it: any serious or critical
 * violation fails the test. The page's own viewport is restored afterwards.
 */
export async function shot(page: Page, name: string) {
  const original = page.viewportSize();
  try {
    for (const screen of SCREENS) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      // Two frames: the resize is laid out and painted before the picture is taken.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: `${shotsDir}${name}-${screen.width}.png`, fullPage: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  await expectNoSeriousA11yViolations(page, name);
}

/** axe on the page as it is: serious and critical violations fail, listed with where they are. */
export async function expectNoSeriousA11yViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `axe on ${name} (${page.url()})`,
  ).toEqual([]);
}

/** A minimal PDF (the server checks the leading bytes, not the whole document); `text` makes it unique. */
export const pdf = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`),
});
