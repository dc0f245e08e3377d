import { ROLES, claimedAccountFields, refusal as refusalOf, type Refusal, type AccountRole, type Branch, type SignInErrorCode } from '@campus/contract';
import type { ClaimsMap, RoleRule, SignInProviderConfig } from '../../platform/config/config';

/**
 * What the portal makes of the claims (OIDC) or attributes (SAML) a provider released: the
 * account they describe and the role rule that matched, or why a sign-in with them is refused.
 * Pure: the sign-in and an administrator's test sign-in read claims the same way.
 */

/** The account fields claims give, checked as the forms check them. */
export interface ClaimedAccount {
  registrationId: number;
  email: string;
  fullname: string;
  /**
   * Null when the provider releases none: the account keeps its own; a new one has none (staff need
   * neither, a student chooses them once: decision 0030).
   */
  semester: number | null;
  branch: Branch | null;
}

/** The role rule that matched, counted from 1 as an operator reads AUTH_PROVIDERS. */
export interface MatchedRule {
  rule: number;
  claim: string;
  value: string;
  role: AccountRole;
}

export type ClaimsVerdict =
  | { ok: true; account: ClaimedAccount; matched: MatchedRule }
  | { ok: false; code: SignInErrorCode; refusal: Refusal; account: ClaimedAccount | null; matched: MatchedRule | null };

/**
 * A claim by its name, or by a dotted path into nested claims when no claim has the whole name
 * (Keycloak releases roles as `realm_access.roles`).
 */
export function claimValue(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A claim's values as text: one value or a list of them (SAML attributes are lists). */
const valuesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean').map(String);

/** The first rule whose claim holds its value. */
export function matchRole(claims: Record<string, unknown>, rules: readonly RoleRule[]): MatchedRule | null {
  for (const [i, rule] of rules.entries()) {
    if (valuesOf(claimValue(claims, rule.claim)).includes(rule.value)) return { rule: i + 1, ...rule };
  }
  return null;
}

type Field = keyof ClaimsMap;

/** One field from its claim: the value, undefined when not released, or the refusal naming the claim. */
function readField(claims: Record<string, unknown>, map: ClaimsMap, field: Field): { value?: unknown; refusal?: Refusal } {
  const claim = map[field];
  if (claim === undefined) return {};
  const raw = claimValue(claims, claim);
  // A directory that releases a one-value list (SAML always does) means that value.
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw];
  if (values.length === 0) return {};
  if (values.length > 1) return { refusal: refusalOf('claim_invalid', { field, params: { claim, detail: 'it holds more than one value' } }) };
  const parsed = claimedAccountFields[field].safeParse(values[0]);
  if (!parsed.success) return { refusal: refusalOf('claim_invalid', { field, params: { claim, detail: parsed.error.issues[0]?.message ?? 'not a valid value' } }) };
  return { value: parsed.data };
}

/** The account the claims describe, or the first thing wrong with them. */
function readAccount(claims: Record<string, unknown>, map: ClaimsMap): { account?: ClaimedAccount; refusal?: Refusal } {
  const got: Partial<Record<Field, unknown>> = {};
  for (const field of ['registrationId', 'email', 'fullname', 'semester', 'branch'] as const) {
    const { value, refusal } = readField(claims, map, field);
    if (refusal) return { refusal };
    if (value !== undefined) got[field] = value;
    else if (field === 'registrationId' || field === 'email' || field === 'fullname') return { refusal: refusalOf('claim_missing', { field, params: { claim: String(map[field]) } }) };
  }
  return {
    account: {
      registrationId: got.registrationId as number,
      email: got.email as string,
      fullname: got.fullname as string,
      semester: (got.semester as number | undefined) ?? null,
      branch: (got.branch as Branch | undefined) ?? null,
    },
  };
}

/**
 * The verdict on a provider's claims. The role comes first: someone the directory gives no role
 * (an alumna) is told that, whatever else her claims hold or lack.
 */
export function readClaims(provider: SignInProviderConfig, claims: Record<string, unknown>): ClaimsVerdict {
  const matched = matchRole(claims, provider.roles);
  if (!matched) {
    const { account } = readAccount(claims, provider.claims);
    return { ok: false, code: 'no_role', refusal: refusalOf('no_role'), account: account ?? null, matched: null };
  }
  const { account, refusal } = readAccount(claims, provider.claims);
  if (!account) return { ok: false, code: 'claims_unusable', refusal: refusal!, account: null, matched };
  return { ok: true, account, matched };
}

/** The user row's role columns a role gives: examOffice and admin are professor accounts carrying the flag. */
export function roleColumns(role: AccountRole): { userrole: 1 | 2; isExamOffice: boolean; isAdmin: boolean } {
  return {
    userrole: role === 'student' ? ROLES.STUDENT : ROLES.PROFESSOR,
    isExamOffice: role === 'examOffice',
    isAdmin: role === 'admin',
  };
}
