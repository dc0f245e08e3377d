import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, CAMPUS_OIDC, CAMPUS_SAML, EXAM_OFFICE, PORT, TEXTGEN, chromiumPath } from './support/env';

// One real server, built as `npm start` builds it, on a fresh data dir and embedded database.
// Each journey makes its own people, courses and events (unique registration ids per worker,
// support/fixtures.ts; a cohort of its own where it counts notifications, support/cohorts.ts), so
// journeys could run side by side; the cluster journey starts a deployment of its own.
const dataDir = mkdtempSync(join(tmpdir(), 'campus-e2e-'));

// The campus's OpenID provider: it writes its certificate here before it listens, and the portal,
// started after it, trusts that certificate (NODE_EXTRA_CA_CERTS) as a campus trusts its own CA.
const portal = `http://127.0.0.1:${PORT}`;
const oidcCertFile = join(dataDir, 'campus-oidc-cert.pem');
const oidcIssuer = `https://127.0.0.1:${CAMPUS_OIDC.port}`;
const oidcProvider = {
  port: CAMPUS_OIDC.port,
  certFile: oidcCertFile,
  clients: [
    {
      clientId: CAMPUS_OIDC.clientId,
      clientSecret: CAMPUS_OIDC.clientSecret,
      redirectUris: [`${portal}/api/v1/auth/${CAMPUS_OIDC.providerId}/callback`],
      backchannelLogoutUri: `${portal}/api/v1/auth/${CAMPUS_OIDC.providerId}/backchannel-logout`,
      tokenEndpointAuthMethod: 'client_secret_basic',
    },
  ],
  accounts: CAMPUS_OIDC.accounts,
};
// The SAML identity provider's fixed test key pair and its people, for its process.
const samlPem = readFileSync(join(import.meta.dirname, 'support', 'saml-idp-signing.pem'), 'utf8');
const samlKey = samlPem.slice(0, samlPem.indexOf('-----BEGIN CERTIFICATE-----'));
const samlCert = samlPem.slice(samlPem.indexOf('-----BEGIN CERTIFICATE-----'));
const samlUsersFile = join(dataDir, 'saml-users.json');
writeFileSync(samlUsersFile, JSON.stringify(CAMPUS_SAML.users));

const authProviders = [
  {
    id: CAMPUS_OIDC.providerId,
    type: 'oidc',
    label: CAMPUS_OIDC.label,
    issuer: oidcIssuer,
    clientId: CAMPUS_OIDC.clientId,
    clientSecret: CAMPUS_OIDC.clientSecret,
    scopes: ['email', 'profile', 'campus'],
    claims: { registrationId: 'student_id', email: 'email', fullname: 'name', semester: 'semester', branch: 'branch' },
    roles: [
      { claim: 'groups', value: 'students', role: 'student' },
      { claim: 'groups', value: 'faculty', role: 'professor' },
    ],
  },
  {
    id: CAMPUS_SAML.providerId,
    type: 'saml',
    label: CAMPUS_SAML.label,
    entryPoint: `http://localhost:${CAMPUS_SAML.port}/sso`,
    idpCert: samlCert,
    claims: { registrationId: 'studentId', email: 'mail', fullname: 'displayName', semester: 'semester', branch: 'branch' },
    roles: [{ claim: 'affiliation', value: 'student', role: 'student' }],
  },
];

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One journey at a time: on CI's two cores, Chromium and the server are CPU-bound, and two
  // workers ran the suite no faster (16.6 min against about 14) while journeys ran into their
  // time limits (the tours, a toast's 8 s). Measured 2026-11-29.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The text generator the portal drafts event descriptions with (OpenAI wire format).
      command: `node support/fake-textgen.mjs ${TEXTGEN.port} ${TEXTGEN.apiKey}`,
      url: `http://127.0.0.1:${TEXTGEN.port}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      command: 'node support/oidc-provider.ts',
      env: { OIDC_PROVIDER_CONFIG: JSON.stringify(oidcProvider) },
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node support/saml-idp.ts ${CAMPUS_SAML.port} ${samlUsersFile}`,
      env: { SAML_IDP_CERT: samlCert, SAML_IDP_KEY: samlKey },
      url: `http://127.0.0.1:${CAMPUS_SAML.port}/metadata`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: 'node ../apps/server/dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EXAM_OFFICE_REGISTRATION_ID: String(EXAM_OFFICE.registrationId),
        EXAM_OFFICE_PASSWORD: EXAM_OFFICE.password,
        ADMIN_REGISTRATION_ID: String(ADMIN.registrationId),
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        TEXTGEN_PROVIDER: 'openai',
        TEXTGEN_BASE_URL: `http://127.0.0.1:${TEXTGEN.port}/v1`,
        TEXTGEN_MODEL: 'fake-model',
        TEXTGEN_API_KEY: TEXTGEN.apiKey,
        AUTH_PROVIDERS: JSON.stringify(authProviders),
        // Providers need it: the redirect URI, SAML audience and recipient are built on it alone.
        PUBLIC_ORIGIN: portal,
        NODE_EXTRA_CA_CERTS: oidcCertFile,
      },
    },
  ],
});
