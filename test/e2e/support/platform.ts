import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
} from '../../../local/platform/local-platform.ts';

/** A local platform in a fresh temp dir; the caller stops it in afterAll. */
export async function platformForTest(
  name: string,
  options: Omit<LocalPlatformOptions, 'dir'> = {},
): Promise<LocalPlatform> {
  const dir = mkdtempSync(join(tmpdir(), `aim-e2e-${name}-`));
  return await startLocalPlatform({ dir, log: () => {}, ...options });
}
