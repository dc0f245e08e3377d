// Where the Chromium for browser tests lives: Debian's package, never a downloaded build.
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
