/**
 * The fuzz burst's registry: a real local registry serving the images of SERVED_IMAGES under their
 * own names, which model-inspect reaches through `AIM_REGISTRY_MIRRORS` (ghcr.io and docker.io
 * mirrored here), so every lookup is answered on this machine — found, or 404 for a missing image —
 * and the run does not depend on the internet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_MIRRORS_ENV } from '../../../shared/registry/mirrors.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';
import { startLocalRegistry } from '../../registry/local-registry.ts';
import { pushImage } from '../../registry/push-image.ts';
import { SERVED_IMAGES } from './arbitraries.ts';

export interface FuzzRegistry {
  /** Environment for the functions: ghcr.io and docker.io mirrored to the local registry. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startFuzzRegistry(): Promise<FuzzRegistry> {
  const dir = mkdtempSync(join(tmpdir(), 'aim-fuzz-registry-'));
  const registry = await startLocalRegistry({ dir });
  for (const image of SERVED_IMAGES) {
    const ref = parseRegistryReference(image);
    const name = ref.repository.split('/').at(-1) ?? ref.repository;
    await pushImage(registry, ref.repository, ref.tag ?? 'latest', {
      'com.amd.aim.model.canonicalName': `fuzz/${name}`,
      'com.amd.aim.model.source': `hf://fuzz/${name}`,
      'com.amd.aim.model.recommendedDeployments': JSON.stringify([
        { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp16', metric: 'latency' },
      ]),
    });
  }
  const mirrors = ['ghcr.io', 'docker.io'].map((domain) => `${domain}=${registry.host}`).join(',');
  // bench:burst runs outside the test run's scratch dir (test/support/scratch-dir.ts): remove it here.
  const stop = async () => {
    await registry.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { env: { [REGISTRY_MIRRORS_ENV]: mirrors }, stop };
}
