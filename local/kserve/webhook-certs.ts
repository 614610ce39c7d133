import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WebhookCerts {
  /** The directory controller-runtime reads tls.crt/tls.key from. */
  readonly certDir: string;
  /** PEM of the CA that signed the serving certificate (the webhooks' caBundle). */
  readonly caPem: string;
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A CA made for this cluster alone and a serving certificate it signs for 127.0.0.1, the only
 * address the API server calls the webhooks on. Made fresh for each platform directory, never
 * committed; openssl does it because Node has no API to issue X.509 certificates.
 */
export function makeWebhookCerts(dir: string): WebhookCerts {
  const certDir = join(dir, 'serving-certs');
  mkdirSync(certDir, { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '30',
      '-subj',
      '/CN=aim-local-kserve-webhook-ca',
    ],
    certDir,
  );
  openssl(['req', ...ec, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=127.0.0.1'], certDir);
  writeFileSync(
    join(certDir, 'san.ext'),
    'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature\n',
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'tls.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tls.crt',
      '-days',
      '30',
      '-extfile',
      'san.ext',
    ],
    certDir,
  );
  return { certDir, caPem: readFileSync(join(certDir, 'ca.crt'), 'utf8') };
}
