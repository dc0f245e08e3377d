// The test OpenID provider (apps/server/test/oidc-provider.ts, oidc-provider 9) as a process of
// its own, for Playwright's webServer: the browser journey signs in at it in Chromium.
//
//   node support/oidc-provider.ts <config.json>        (or the JSON in OIDC_PROVIDER_CONFIG)
//
// config: { "port": 8767, "certFile": "/tmp/…/oidc-cert.pem",
//           "clients": [{ "clientId", "clientSecret", "redirectUris": [...], "backchannelLogoutUri"? }],
//           "accounts": { "<sub>": { "email": …, "name": …, "student_id": …, "groups": [...] } } }
//
// It serves https://127.0.0.1:<port> with a self-signed certificate made at start and written (PEM)
// to certFile before it listens: give the portal's process NODE_EXTRA_CA_CERTS=<certFile> (node
// reads it at start, so list this webServer before the portal's: Playwright starts them in order,
// each once its url answers). Chromium needs `ignoreHTTPSErrors: true` in the browser context, and
// this webServer entry too, for Playwright's readiness check:
//
//   { command: 'node support/oidc-provider.ts', env: { OIDC_PROVIDER_CONFIG: JSON.stringify(config) },
//     url: `https://127.0.0.1:${port}/.well-known/openid-configuration`, ignoreHTTPSErrors: true }
//
// In the browser: the provider's login page has a `login` field (the account's sub; no password
// needed) and a "Sign-in" button; consent is granted without a page; an unknown login comes back
// to the portal as error=access_denied. end_session asks "Yes, sign me out".
//
// Plain node runs this (type stripping), so relative imports name their .ts file.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { startOidcProvider, type OidcProviderOptions } from '../../apps/server/test/oidc-provider.ts';
import { selfSignedCertificate } from '../../apps/server/test/self-signed.ts';

interface Config extends Pick<OidcProviderOptions, 'clients' | 'accounts' | 'campusClaims'> {
  port: number;
  certFile: string;
}

const [file] = process.argv.slice(2);
const json = file ? readFileSync(file, 'utf8') : process.env.OIDC_PROVIDER_CONFIG;
if (!json) throw new Error('usage: node support/oidc-provider.ts <config.json>, or the JSON in OIDC_PROVIDER_CONFIG');
const config = JSON.parse(json) as Config;
if (!config.port || !config.certFile) throw new Error('the config needs a port and a certFile');

const certificate = await selfSignedCertificate();
// Whole or not at all: the portal may start as soon as this provider answers.
writeFileSync(`${config.certFile}.tmp`, certificate.cert);
renameSync(`${config.certFile}.tmp`, config.certFile);

const provider = await startOidcProvider({ ...config, certificate });
console.log(`test OpenID provider at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void provider.stop().then(() => process.exit(0)));
}
