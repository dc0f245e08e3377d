import { paths } from '@campus/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser at the portal during a campus sign-in: keeps the cookies the portal sets (the
 * sign-in cookie, then the session) and sends them back, as Chromium would, so a test can walk
 * start → provider → callback/acs and read where each step sends it.
 */
export class CampusBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The session cookie alone, as the other tests' `cookie` header. */
  get session(): string {
    const token = this.cookies.get('campus_session');
    if (!token) throw new Error('no session: the sign-in did not sign in');
    return `campus_session=${token}`;
  }

  private keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader, ...headers } }));
  }

  /** The provider's auto-submitting form POSTed back from the provider's site (no Lax cookie goes with it). */
  async postForm(url: string, fields: Record<string, string>, fromOrigin: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: fromOrigin, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams(fields).toString(),
    });
    return this.keep(res);
  }

  /** GET /start and the provider URL it sends the browser to. */
  async start(providerId: string, query: Record<string, string> = {}): Promise<string> {
    const qs = new URLSearchParams(query).toString();
    const res = await this.get(`${paths.auth.start(providerId)}${qs ? `?${qs}` : ''}`);
    if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    return String(res.headers.location);
  }
}

/** A path on the portal from an absolute URL a provider sends the browser back to. */
export const localPart = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The refusal code a refused sign-in sends to the login page, from the 302 to /login?error=<code>. */
export function refusalOf(res: LightMyRequestResponse): string | null {
  const location = String(res.headers.location ?? '');
  if (!location.startsWith('/login?')) return null;
  return new URLSearchParams(location.slice('/login?'.length)).get('error');
}
