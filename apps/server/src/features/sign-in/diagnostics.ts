import { PROVIDER_FAILURES, type ProviderFailure } from '@campus/contract';

/** A test that could not reach its provider: what failed, where, and the error's own words. */
export interface Diagnosis {
  kind: ProviderFailure;
  address: string;
  detail: string;
}

/** The certificate errors node's TLS names (OpenSSL's verify results, and a name the certificate does not cover). */
const TLS_CODES = /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|ERR_SSL_)/;

/**
 * Where openid-client looks for an issuer's metadata (OpenID Connect Discovery 1.0, section 4):
 * the issuer's path with /.well-known/openid-configuration appended.
 */
export function discoveryAddress(issuer: string): string {
  const url = new URL(issuer);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/.well-known/openid-configuration`;
  return url.toString();
}

/** An error's code and message, then its cause's, as far down as they go (fetch wraps the socket's error). */
function chain(err: unknown): { code?: unknown; name?: unknown; message?: unknown }[] {
  const links = [];
  for (let at = err, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) links.push(at as { code?: unknown; name?: unknown; message?: unknown });
  return links;
}

/**
 * What a failed discovery fetch says about the provider, from the error openid-client threw: the
 * socket's code under fetch's "fetch failed" (ENOTFOUND, ECONNREFUSED, a certificate's), its own
 * timeout, or its codes for an answer that is not a discovery document (an HTTP error status, not JSON).
 */
export function diagnose(err: unknown, address: string): Diagnosis {
  const links = chain(err);
  const codes = links.map((l) => (typeof l.code === 'string' ? l.code : '')).filter(Boolean);
  const names = links.map((l) => (typeof l.name === 'string' ? l.name : ''));
  const deepest = links.findLast((l) => typeof l.message === 'string')?.message;
  const detail = typeof deepest === 'string' ? deepest.slice(0, 300) : 'unknown error';
  const kind: ProviderFailure = codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')
    ? 'nameNotFound'
    : codes.includes('ECONNREFUSED')
      ? 'refused'
      : codes.some((c) => TLS_CODES.test(c))
        ? 'tls'
        : codes.includes('OAUTH_TIMEOUT') || names.includes('TimeoutError') || codes.includes('ETIMEDOUT')
          ? 'timeout'
          : codes.some((c) => c.startsWith('OAUTH_RESPONSE_') || c === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || c === 'OAUTH_INVALID_RESPONSE')
            ? 'discovery'
            : 'other';
  return { kind, address, detail };
}

/**
 * A failed test as its row keeps it: no subject, no claims, and the diagnosis, as JSON, where a
 * refusal is kept (sign_in_tests has no column of its own for it; presentTest reads it back).
 */
export const failedTest = (diagnosis: Diagnosis) => ({ subject: '', claims: {}, account: null, matched: null, refusal: JSON.stringify(diagnosis) });

/** The row's diagnosis back, or null when the row is not a failed test's (or is not one this code wrote). */
export function decodeDiagnosis(refusal: string | null): Diagnosis | null {
  if (refusal === null || !refusal.startsWith('{')) return null;
  try {
    const value = JSON.parse(refusal) as Partial<Diagnosis>;
    if (typeof value.address !== 'string' || typeof value.detail !== 'string' || !PROVIDER_FAILURES.includes(value.kind as ProviderFailure)) return null;
    return { kind: value.kind as ProviderFailure, address: value.address, detail: value.detail };
  } catch {
    return null;
  }
}
