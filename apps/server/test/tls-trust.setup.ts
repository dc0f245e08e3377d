import tls from 'node:tls';
import { runCertificate } from './tls-certificate';

// Every worker trusts the run's certificate (test/global-setup.ts), so the portal's openid-client,
// whose requests go through the global fetch (undici, over node's tls), reaches the test OpenID
// provider over real, verified HTTPS. Verification stays on: only this one certificate is added.
//
// Why not NODE_EXTRA_CA_CERTS: node reads it once, when a process starts. Vitest forks its workers
// with process.env as it is when the run starts them, so globalSetup could set it in time for the
// default `forks` pool; but not for `threads` (worker threads share the process's CA store), nor
// for the vitest process itself. tls.setDefaultCACertificates (node 24.5) changes the default CA
// list of the calling thread, which undici's connections use when no `ca` is given: it holds in
// either pool. It applies to connections made after it, and this runs before any test file code.
// The list is deduplicated, so running again for each test file in a reused worker adds nothing.
tls.setDefaultCACertificates([...tls.getCACertificates('default'), runCertificate().cert]);
