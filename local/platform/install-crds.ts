import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';
import { type ThirdPartyCrd, thirdPartyCrdYaml } from '../control-plane/third-party-crds.ts';
import type { KServeMode } from '../kserve/kserve-mode.ts';
import { acceptEmptyUpgradeStrategy } from '../kserve/otel-collector-crd.ts';

export const PROJECT_CRD_DIR = join(import.meta.dirname, '..', '..', 'manifests', 'crds');
const FIELD_MANAGER = 'aim-local-platform';

export function projectCrds(): KubeObject[] {
  return readdirSync(PROJECT_CRD_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => yamlObjects(readFileSync(join(PROJECT_CRD_DIR, f), 'utf8')));
}

async function waitEstablished(client: KubeClient, names: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(names);
  while (pending.size > 0) {
    for (const name of [...pending]) {
      const crd = await client.get({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name,
      });
      const established = (crd.status?.conditions ?? []).some(
        (c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True',
      );
      if (established) pending.delete(name);
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) throw new Error(`CRDs not Established: ${[...pending].join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const same = (crd: KubeObject) => crd;

/** What stands in for a third-party operator that does not run here (see each function). */
const LOCAL_ADJUSTMENTS: Partial<Record<ThirdPartyCrd, (crd: KubeObject) => KubeObject>> = {
  openTelemetryCollector: acceptEmptyUpgradeStrategy,
};

/**
 * The third-party CRDs a platform needs: with real KServe, every CRD its manager watches, KEDA's
 * ScaledObject and OpenTelemetry's collector (what it creates for autoscaled predictors); the
 * simulator needs only KServe's minimal InferenceService.
 */
export function thirdPartyCrdsFor(kserve: KServeMode): ThirdPartyCrd[] {
  const kserveCrds: ThirdPartyCrd[] =
    kserve === 'real'
      ? ['kserve', 'kedaScaledObject', 'openTelemetryCollector']
      : ['inferenceServiceMinimal'];
  return [...kserveCrds, 'httpRoute', 'pingSource'];
}

/**
 * Installs the project's generated CRDs plus the pinned third-party ones (by default what the
 * simulator's KServe needs, Gateway API's standard HTTPRoute, Knative's PingSource for the
 * functions' wake-up calls) with server-side apply, and waits until the API server serves them.
 */
export async function installCrds(
  client: KubeClient,
  thirdParty: readonly ThirdPartyCrd[] = thirdPartyCrdsFor('simulated'),
): Promise<string[]> {
  const crds = [
    ...projectCrds(),
    ...thirdParty.flatMap((name) =>
      yamlObjects(thirdPartyCrdYaml(name)).map(LOCAL_ADJUSTMENTS[name] ?? same),
    ),
  ];
  for (const crd of crds) {
    await client.apply(crd, { fieldManager: FIELD_MANAGER, force: true });
  }
  const names = crds.map((c) => c.metadata.name);
  await waitEstablished(client, names);
  return names;
}
