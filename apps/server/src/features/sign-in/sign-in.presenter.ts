import type { AuthProvider, SignInTest } from '@campus/contract';
import type { signInTests } from '../../db/schema';
import type { ClaimedAccount, MatchedRule } from './claims';
import { decodeDiagnosis } from './diagnostics';

/** An administrator's test sign-in as JSON: what the provider released, and what the portal made of it. */
export function presentTest(row: typeof signInTests.$inferSelect, provider: AuthProvider): SignInTest {
  // A test that never reached the provider has no subject; its refusal holds the diagnosis.
  const failure = row.subject === '' ? decodeDiagnosis(row.refusal) : null;
  return {
    _id: row.id,
    provider,
    subject: row.subject,
    claims: row.claims,
    account: (row.account as ClaimedAccount | null) ?? null,
    matched: (row.matched as MatchedRule | null) ?? null,
    refusal: failure ? null : row.refusal,
    failure,
    createdAt: row.createdAt.toISOString(),
  };
}
