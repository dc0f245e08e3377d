import fs from 'node:fs';
import { ACCOUNT_ROLES, type AuthProvider } from '@campus/contract';
import { z } from 'zod';
import { concern } from './concern';
import { optionalText } from './fields';
import { accounts } from './accounts';
import { server } from './server';

/**
 * Campus sign-in: the identity providers campus IT plugs in (AUTH_PROVIDERS, or the file
 * AUTH_PROVIDERS_FILE names), and whether people other than administrators keep password sign-in
 * (PASSWORD_LOGIN). Every provider is checked here at start-up, so a typo in an issuer or a
 * missing certificate stops the server with its path named, not the first student's sign-in.
 */

/** A provider's id is a segment of its URLs (/api/v1/auth/<id>/callback) and of stored identities. */
const providerId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'must be 1–40 lowercase letters, digits or dashes' });

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/**
 * A SAML entry point is only ever visited by the browser, never fetched by the portal; plain http
 * is allowed on loopback alone, for an identity provider on the developer's own machine.
 */
const entryPointUrl = z.url({ error: 'must be a URL' }).refine((v) => {
  const url = new URL(v);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}, { error: 'must be an https:// URL (http:// only on loopback)' });

const claimName = z.string().min(1, { error: 'must name a claim' }).max(200);

/**
 * Which claim (OIDC) or attribute (SAML) holds each account field. The first three are needed;
 * semester and branch, when the directory has them, keep a student's record as campus IT keeps it.
 */
const claimsMap = z.object({
  registrationId: claimName,
  email: claimName,
  fullname: claimName,
  semester: claimName.optional(),
  branch: claimName.optional(),
}).strict();

/** A role rule: a claim holding `value` (or a list holding it) gives `role`. The first match wins. */
const roleRule = z.object({ claim: claimName, value: z.string().min(1).max(200), role: z.enum(ACCOUNT_ROLES) }).strict();

const common = {
  id: providerId,
  label: z.string().trim().min(1).max(60),
  claims: claimsMap,
  roles: z.array(roleRule).min(1, { error: 'must hold at least one rule: with none, nobody could sign in' }),
};

const oidcProvider = z.object({
  ...common,
  type: z.literal('oidc'),
  issuer: httpsUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** Scopes asked for besides `openid` (default: email and profile). */
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/)).optional(),
}).strict();

const pem = z.string().includes('BEGIN CERTIFICATE', { error: 'must be a PEM certificate' });

const samlProvider = z.object({
  ...common,
  type: z.literal('saml'),
  entryPoint: entryPointUrl,
  /** The identity provider's signing certificate; a list while it rolls over to a new one. */
  idpCert: z.union([pem, z.array(pem).min(1)]),
  /** The identity provider's entity id, checked against each response's Issuer when given. */
  idpIssuer: z.string().min(1).optional(),
  /** This portal's entity id at the identity provider (default: its metadata URL). */
  entityId: z.string().min(1).optional(),
}).strict();

const providerList = z.array(z.discriminatedUnion('type', [oidcProvider, samlProvider], { error: 'type must be oidc or saml' }))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${p.id} is the id of two providers` });
      seen.add(p.id);
    });
  });

export type OidcProviderConfig = z.infer<typeof oidcProvider>;
export type SamlProviderConfig = z.infer<typeof samlProvider>;
export type SignInProviderConfig = OidcProviderConfig | SamlProviderConfig;
export type RoleRule = z.infer<typeof roleRule>;
export type ClaimsMap = z.infer<typeof claimsMap>;

/** JSON text parsed as a list of providers; the problems named by their place in it. */
function parseProviders(text: string, ctx: z.RefinementCtx): SignInProviderConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
    return z.NEVER;
  }
  const parsed = providerList.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.path.length ? `[${issue.path.join('.')}] ` : ''}${issue.message}` });
  return z.NEVER;
}

const providersText = optionalText.transform((v, ctx) => (v === undefined ? undefined : parseProviders(v, ctx)));

const providersFile = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(v, 'utf8');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` });
    return z.NEVER;
  }
  return parseProviders(text, ctx);
});

export const signIn = concern({
  env: {
    AUTH_PROVIDERS: providersText,
    AUTH_PROVIDERS_FILE: providersFile,
    PASSWORD_LOGIN: z.enum(['on', 'admins'], { error: 'PASSWORD_LOGIN must be on or admins' }).default('on'),
  },
  reads: { SIGNUP: accounts.env.SIGNUP, PUBLIC_ORIGIN: server.env.PUBLIC_ORIGIN },
  check: ({ value, set }, report) => {
    if (set.AUTH_PROVIDERS && set.AUTH_PROVIDERS_FILE) report('AUTH_PROVIDERS_FILE', 'give AUTH_PROVIDERS or AUTH_PROVIDERS_FILE, not both');
    const some = set.AUTH_PROVIDERS || set.AUTH_PROVIDERS_FILE;
    // A provider is given the portal's addresses (redirect URI, SAML audience and recipient), and
    // checks answers against them: taken from a request's Host, an answer meant for another site
    // would pass here (decision 0030).
    if (some && !set.PUBLIC_ORIGIN) report('PUBLIC_ORIGIN', 'required when AUTH_PROVIDERS or AUTH_PROVIDERS_FILE is set: the providers\' redirect, audience and recipient addresses are built on it');
    if (value.PASSWORD_LOGIN === 'admins' && !some) report('PASSWORD_LOGIN', 'admins needs AUTH_PROVIDERS: nobody but administrators could sign in');
    if (value.PASSWORD_LOGIN === 'admins' && value.SIGNUP !== 'closed') report('SIGNUP', 'must be closed when PASSWORD_LOGIN=admins: a signed-up account could never sign in');
  },
  config: (e) => ({
    signInProviders: e.AUTH_PROVIDERS ?? e.AUTH_PROVIDERS_FILE ?? [],
    /** PASSWORD_LOGIN=admins: only administrators sign in with a password (a way in while the provider is down). */
    passwordLogin: e.PASSWORD_LOGIN,
  }),
});

/** A provider as the login page and a session name it; null for an id no provider has (any longer). */
export function describeProvider(providers: readonly SignInProviderConfig[], id: string | null): AuthProvider | null {
  const found = id === null ? undefined : providers.find((p) => p.id === id);
  return found ? { id: found.id, label: found.label, type: found.type } : null;
}
