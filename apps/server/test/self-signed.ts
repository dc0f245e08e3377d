import { generate } from 'selfsigned';

/** A certificate and its private key, both PEM. */
export interface Certificate {
  cert: string;
  key: string;
}

/**
 * A self-signed certificate for loopback: for a test server's TLS (it is its own CA, so a process
 * told to trust it through NODE_EXTRA_CA_CERTS accepts https://127.0.0.1 and https://localhost),
 * or as the key pair a test identity provider signs with.
 */
export async function selfSignedCertificate(commonName = 'localhost'): Promise<Certificate> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + 2 * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
