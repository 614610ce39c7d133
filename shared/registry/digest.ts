/** Content digests (`algorithm:hex`) and their verification. */
import { createHash } from 'node:crypto';
import { RegistryError } from './errors.ts';

const ALGORITHMS: Readonly<Record<string, string>> = { sha256: 'sha256', sha512: 'sha512' };

export function sha256Digest(body: Uint8Array): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

/** Throws `invalid-response` unless `body` hashes to `expected`; `what` names the content in the message. */
export function verifyDigest(body: Uint8Array, expected: string, what: string): void {
  const colon = expected.indexOf(':');
  const algorithm = ALGORITHMS[expected.slice(0, colon).toLowerCase()];
  if (colon <= 0 || algorithm === undefined) {
    throw new RegistryError('invalid-response', `${what}: unsupported digest algorithm in "${expected}"`);
  }
  const actual = createHash(algorithm).update(body).digest('hex');
  if (actual !== expected.slice(colon + 1).toLowerCase()) {
    throw new RegistryError('invalid-response', `${what}: content does not match digest ${expected}`);
  }
}
