import { inject } from 'vitest';
import type { Certificate } from './self-signed';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's certificate for loopback HTTPS test servers (test/global-setup.ts makes it once per
     * run), trusted by every worker (test/tls-trust.setup.ts); `certFile` is its PEM on disk, for a
     * child process's NODE_EXTRA_CA_CERTS.
     */
    tlsCertificate: Certificate & { certFile: string };
  }
}

/** The run's certificate and key: a test server serving it is trusted by this worker's fetch. */
export function runCertificate(): Certificate & { certFile: string } {
  return inject('tlsCertificate');
}
