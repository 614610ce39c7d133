import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
} from '../../../local/platform/local-platform.ts';

export { withSimulator } from '../../../local/platform/with-simulator.ts';

/**
 * A local platform in a fresh temp dir; the caller stops it in afterAll. Its functions stay up
 * (`scaling: 'warm'`) unless the test asks for Knative's scaling: what a test asserts then does
 * not depend on a cold start it did not ask for.
 */
export async function platformForTest(
  name: string,
  options: Omit<LocalPlatformOptions, 'dir'> = {},
): Promise<LocalPlatform> {
  const dir = mkdtempSync(join(tmpdir(), `aim-e2e-${name}-`));
  return await startLocalPlatform({ dir, log: () => {}, scaling: 'warm', ...options });
}
