import type { AuthProvider, SignInTest } from '@campus/contract';
import type { signInTests } from '../../db/schema';
import type { ClaimedAccount, MatchedRule } from './claims';

/** An administrator's test sign-in as JSON: what the provider released, and what the portal made of it. */
export function presentTest(row: typeof signInTests.$inferSelect, provider: AuthProvider): SignInTest {
  return {
    _id: row.id,
    provider,
    subject: row.subject,
    claims: row.claims,
    account: (row.account as ClaimedAccount | null) ?? null,
    matched: (row.matched as MatchedRule | null) ?? null,
    refusal: row.refusal,
    createdAt: row.createdAt.toISOString(),
  };
}
