import { paths } from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { OidcProviderConfig } from '../../platform/config/config';
import { useTestApp } from '../../../test/build-app';
import { loginAdmin } from '../../../test/factories';
import { signInWithIdentity, type CampusIdentity } from './identities.service';

/**
 * The last active administrator, kept whoever demotes: two administrators whose directory no
 * longer makes them administrators sign in at the same moment, or one signs in while another
 * administrator is demoted on the administration page. Without one lock over the count, each
 * transaction counts the other, still uncommitted, as an administrator and both commit, leaving
 * none. On PostgreSQL (TEST_DATABASE_URL) the transactions really run at once, each on its own
 * connection; PGlite runs one at a time, where the rule holds trivially.
 *
 * The sign-ins are the service's own (`signInWithIdentity`, what the callback calls after the
 * provider's answer is verified): the OIDC and SAML round trips are tested against real providers
 * in their own files, and here only the moment two commits meet matters.
 */

const provider: OidcProviderConfig = {
  id: 'campus',
  type: 'oidc',
  label: 'Campus account',
  issuer: 'https://login.campus.test',
  clientId: 'portal',
  clientSecret: 'portal-secret',
  claims: { registrationId: 'student_id', email: 'email', fullname: 'name' },
  roles: [
    { claim: 'groups', value: 'it-admins', role: 'admin' },
    { claim: 'groups', value: 'faculty', role: 'professor' },
  ],
};

const ctx = useTestApp(() => ({ publicOrigin: 'http://localhost', signInProviders: [provider] }));

const person = (n: number, group: 'it-admins' | 'faculty'): CampusIdentity => ({
  subject: `sub-admin-${n}`,
  claims: { student_id: String(211070400 + n), email: `admin.${n}@campus.test`, name: `Administrator ${n}`, groups: [group] },
});
const signIn = (identity: CampusIdentity) => signInWithIdentity(ctx.database.db, provider, identity, { ip: '127.0.0.1', now: new Date() });

async function activeAdmins(): Promise<number[]> {
  const rows = await ctx.database.db.select({ registrationId: users.registrationId }).from(users).where(and(eq(users.isAdmin, true), eq(users.active, true)));
  return rows.map((r) => r.registrationId);
}

/** Nobody administers but the accounts `ns` make by signing in as the directory's administrators. */
async function onlyAdministrators(...ns: number[]) {
  await ctx.database.db.update(users).set({ isAdmin: false }).where(sql`true`);
  for (const n of ns) expect((await signIn(person(n, 'it-admins'))).kind).toBe('signedIn');
  expect((await activeAdmins()).length).toBe(ns.length);
}

describe('the last active administrator', () => {
  it('two administrators demoted at once by their sign-ins: one is demoted, the other keeps the flag', async () => {
    // Rounds, so that on PostgreSQL the two transactions overlap in some of them whatever the timing.
    for (let round = 0; round < 6; round++) {
      const [a, b] = [2 * round + 1, 2 * round + 2];
      await onlyAdministrators(a, b);
      const outcomes = await Promise.all([signIn(person(a, 'faculty')), signIn(person(b, 'faculty'))]);
      expect(outcomes.map((o) => o.kind)).toEqual(['signedIn', 'signedIn']);
      const left = await activeAdmins();
      expect(left, `round ${round}`).toHaveLength(1);
      expect([211070400 + a, 211070400 + b]).toContain(left[0]);
    }
  });

  it('one demoted on the administration page while the other’s sign-in demotes her: one administrator is left, the page says 409 when it lost', async () => {
    const setup = await loginAdmin(ctx.app);
    for (let round = 0; round < 6; round++) {
      const n = 20 + round;
      await onlyAdministrators(n);
      // The setup administrator is the other one, and steps down on the page.
      await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, setup.user._id));
      const [page, signedIn] = await Promise.all([
        ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(setup.user._id), headers: { cookie: setup.cookie }, payload: { isAdmin: false } }),
        signIn(person(n, 'faculty')),
      ]);
      expect(signedIn.kind).toBe('signedIn');
      const left = await activeAdmins();
      expect(left, `round ${round}`).toHaveLength(1);
      // Whichever came second found itself the last: the page refused, or the sign-in kept the flag.
      expect(page.statusCode).toBe(left[0] === setup.user.registrationId ? 409 : 200);
    }
  });
});
