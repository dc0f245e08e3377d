// The test SAML identity provider (apps/server/test/saml-idp.ts, auth0's samlp) as a process of its
// own, for browser journeys: the portal sends the browser to its entryPoint (…/sso), which shows a
// page to pick a user (or takes ?user=), and samlp's form posts the signed response to the ACS.
// Usage: node support/saml-idp.ts <port> [users.json]   (node runs the TypeScript itself)
// SAML_IDP_CERT and SAML_IDP_KEY (PEM) fix its key pair, so the portal can be told the certificate
// before either starts; without them it makes one, published at GET /metadata. SAML_IDP_ISSUER: its entity ID.
import { readFileSync } from 'node:fs';
import { startSamlIdp, type SamlUser } from '../../apps/server/test/saml-idp.ts';

const [port = '0', usersFile] = process.argv.slice(2);
const { SAML_IDP_CERT: cert, SAML_IDP_KEY: key, SAML_IDP_ISSUER: issuer } = process.env;
const users: Record<string, SamlUser> = usersFile
  ? JSON.parse(readFileSync(usersFile, 'utf8'))
  : { ada: { nameId: 'saml-ada', attributes: { email: 'ada@campus.test', displayName: 'Ada Lovelace' } } };

const idp = await startSamlIdp({ port: Number(port), issuer, users, certificate: cert && key ? { cert, key } : undefined });
// One line for whoever started it (a playwright webServer waits on GET /metadata instead).
console.log(JSON.stringify({ entryPoint: idp.entryPoint, issuer: idp.issuer, metadataUrl: idp.metadataUrl }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void idp.stop().then(() => process.exit(0)));
