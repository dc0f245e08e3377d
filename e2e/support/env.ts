import { existsSync } from 'node:fs';

export const PORT = Number(process.env.E2E_PORT ?? 8765);

/** The fake text generator (support/fake-textgen.mjs) the portal drafts descriptions with. */
export const TEXTGEN = { port: Number(process.env.E2E_TEXTGEN_PORT ?? 8766), apiKey: 'e2e-textgen-key' };

export const EXAM_OFFICE = { registrationId: 211070007, password: 'exam-office-e2e-secret' };

/** The first administrator, created by the server at start-up from ADMIN_PASSWORD. */
export const ADMIN = { registrationId: 100000000, password: 'admin-e2e-secret' };

/**
 * The campus's OpenID provider (support/oidc-provider.ts, panva's oidc-provider on HTTPS with a
 * certificate the portal is told to trust) and its people: a student the directory says is one,
 * and an alumna it gives no role.
 */
export const CAMPUS_OIDC = {
  port: Number(process.env.E2E_OIDC_PORT ?? 8767),
  providerId: 'campus',
  label: 'Campus account',
  clientId: 'portal',
  clientSecret: 'e2e-portal-client-secret',
  accounts: {
    'google-asha': { email: 'asha.rao@campus.test', name: 'Asha Rao', student_id: '211070411', groups: ['students'], semester: 6, branch: 'Electrical Engineering' },
    'google-meera': { email: 'meera.iyer@campus.test', name: 'Meera Iyer', student_id: '201070044', groups: ['alumni'], semester: 8, branch: 'Civil Engineering' },
  },
};

/**
 * The campus's SAML identity provider (support/saml-idp.ts, auth0's samlp), reached as
 * `localhost` while the portal is `127.0.0.1`: another site, as a federation's IdP is, so the
 * browser's cookie rules on its POST back are the real ones. It signs with a fixed test key
 * (support/saml-idp-signing.pem) the portal is configured to trust.
 */
export const CAMPUS_SAML = {
  port: Number(process.env.E2E_SAML_PORT ?? 8768),
  providerId: 'infed',
  label: 'INFED',
  users: {
    ravi: { nameId: 'infed-ravi-01', attributes: { studentId: '211070412', mail: 'ravi.kulkarni@campus.test', displayName: 'Ravi Kulkarni', semester: '4', branch: 'Civil Engineering', affiliation: ['member', 'student'] } },
  },
};

/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export function chromiumPath(): string {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!path) throw new Error('No Chromium found: install Debian\'s chromium or set CHROMIUM_PATH');
  return path;
}
