import type { ThirdPartyCrd } from '../../../local/control-plane/third-party-crds.ts';
import { installCrds } from '../../../local/platform/install-crds.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest } from '../support/platform.ts';
import { RawApi } from './raw-api.ts';

/**
 * Server-side dry-run apply of each object with strict field validation: the API server's
 * schemas, names and RBAC rules judge them, nothing is stored. One line per refused object.
 */
export async function dryRunAll(api: RawApi, objects: readonly KubeObject[]): Promise<string[]> {
  const failures: string[] = [];
  for (const object of objects) {
    try {
      await api.apply(object, { fieldManager: 'aim-install', dryRun: true });
    } catch (err) {
      failures.push(`${object.kind} ${object.metadata.name}: ${(err as Error).message}`);
    }
  }
  return failures;
}

/** The CRDs an install is checked against: what the product needs in the cluster before it. */
export const INSTALL_PREREQUISITE_CRDS: readonly ThirdPartyCrd[] = [
  'inferenceServiceMinimal',
  'httpRoute',
  'knativeServing',
  'knativeEventing',
];

/** A platform without functions whose API server serves the AIM CRDs and `crds`. */
export async function dryRunPlatform(
  name: string,
  crds: readonly ThirdPartyCrd[],
): Promise<{ platform: LocalPlatform; api: RawApi }> {
  const platform = await platformForTest(name, { functions: [] });
  await installCrds(platform.client, crds);
  return { platform, api: new RawApi(platform.controlPlane.kubeconfigPath) };
}
