import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
} from '../../../local/platform/local-platform.ts';
import { startSimulator } from '../../../local/simulator/simulator.ts';

/** A local platform in a fresh temp dir; the caller stops it in afterAll. */
export async function platformForTest(
  name: string,
  options: Omit<LocalPlatformOptions, 'dir'> = {},
): Promise<LocalPlatform> {
  const dir = mkdtempSync(join(tmpdir(), `aim-e2e-${name}-`));
  return await startLocalPlatform({ dir, log: () => {}, ...options });
}

/** The `simulator` option: the cluster simulator on the platform's control plane (fake nodes, kubelet, KServe). */
export const withSimulator: NonNullable<LocalPlatformOptions['simulator']> = ({ client, controlPlane }) =>
  startSimulator({
    client,
    certDir: join(controlPlane.dir, 'pki'),
    kubeconfigPath: controlPlane.kubeconfigPath,
  });
