import fs from 'node:fs';
import path from 'node:path';

/**
 * Every entry under `root` (and `root`) that is not the portal user's alone, with its mode: a
 * folder other than 0700, a file other than 0600. Empty when DATA_DIR is private (decision 0033).
 */
export function notPrivate(root: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path.relative(root, at) || '.'}/ ${mode.toString(8)}`);
      for (const name of fs.readdirSync(at)) walk(path.join(at, name));
    } else if (mode !== 0o600) found.push(`${path.relative(root, at)} ${mode.toString(8)}`);
  };
  walk(root);
  return found;
}
