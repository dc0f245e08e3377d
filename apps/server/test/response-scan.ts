/**
 * Every response of the suite passes through here (an onSend hook in the test app helper).
 * A body must never carry a secret: a password or its hash, a session or its token.
 */
const FORBIDDEN_KEYS = new Set(['password', 'passwordhash', 'password_hash', 'hash', 'token', 'tokenhash', 'token_hash', 'session', 'sessionhash']);

const bodies: string[] = [];
const tokens = new Set<string>();

export function recordResponse(body: string): void {
  bodies.push(body);
}

export function recordToken(token: string): void {
  if (token) tokens.add(token);
}

export const scannedCount = () => bodies.length;

/** The problems found in one body: forbidden keys at any depth, or a raw session token. */
export function findSecrets(body: string, knownTokens: Iterable<string> = tokens): string[] {
  const problems: string[] = [];
  for (const token of knownTokens) if (body.includes(token)) problems.push('raw session token in a body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return problems;
  }
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`));
    else if (value && typeof value === 'object') {
      // A signed document ({token, claims}: a JWS over what it shows) grants nothing: it is meant to be printed.
      const signedDocument = 'claims' in value && typeof (value as { token?: unknown }).token === 'string';
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(k.toLowerCase()) && !(signedDocument && k === 'token')) problems.push(`forbidden key ${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
    }
  };
  walk(parsed, '$');
  return problems;
}

export function scanAll(): string[] {
  return bodies.flatMap((b) => findSecrets(b));
}
