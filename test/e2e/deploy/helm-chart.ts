/**
 * The Helm chart as `helm install` would send it: `helm template` of charts/aim-engine with the
 * helm that build-binaries.sh builds from the Go module proxy.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBinaries } from '../../../local/control-plane/assets.ts';
import type { ControlPlane } from '../../../local/control-plane/control-plane.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { yamlObjects } from '../../../shared/kube/yaml-objects.ts';
import { REPO_ROOT } from './rendered-manifests.ts';

export const CHART_DIR = join(REPO_ROOT, 'charts', 'aim-engine');
export const RELEASE_NAME = 'aim-engine';
export const RELEASE_NAMESPACE = 'aim-system';

/**
 * What Helm asks of an object it did not create before the release may adopt it (docs/install.md,
 * docs/migrating.md): `kubectl label` and `kubectl annotate` arguments.
 */
export const HELM_OWNERSHIP_LABEL = 'app.kubernetes.io/managed-by=Helm';
export const HELM_OWNERSHIP_ANNOTATIONS = [
  `meta.helm.sh/release-name=${RELEASE_NAME}`,
  `meta.helm.sh/release-namespace=${RELEASE_NAMESPACE}`,
];

/** The kinds `helm template` cannot see served without a cluster, for the optional objects. */
export const SERVED_AIM_KINDS = ['--api-versions', 'aim.eai.amd.com/v1alpha1/AIMClusterRuntimeConfig'];

/** Every optional value on (what the dry run and the least-privilege test also cover). */
export const EVERY_OPTION = [
  ...['metrics.enable=true', 'prometheus.enable=true', 'rbacHelpers.enable=true'],
  ...[
    'clusterRuntimeConfig.enable=true',
    'broker.class=MTChannelBasedBroker',
    'image.pullSecrets[0]=regcred',
  ],
  ...['config.AIM_STATUS_PACING_MS=0', 'config.AIM_REGISTRY_MIRRORS=ghcr.io=mirror.internal:5000'],
].flatMap((value) => ['--set', value]);
export const EVERY_OPTION_JSON = [
  '--set-json',
  'clusterRuntimeConfig.spec={"storage":{"defaultStorageClassName":"fast-rwx","pvcHeadroomPercent":10},"labelPropagation":{"enabled":true,"match":["team"]}}',
];
/** The warm mode: one instance of every function kept up (kustomize's overlays/warm). */
export const WARM = ['--set', 'functionDefaults.minScale=1'];

export interface HelmResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function helm(args: readonly string[]): HelmResult {
  const result = spawnSync(ensureBinaries().helm, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `helm <args>` against the local control plane. */
export function helmOn(controlPlane: ControlPlane, args: readonly string[]): HelmResult {
  return helm([...args, '--kubeconfig', controlPlane.kubeconfigPath]);
}

/** `helm install aim-engine charts/aim-engine -n aim-system <args>` against the local control plane. */
export function helmInstall(controlPlane: ControlPlane, args: readonly string[] = []): HelmResult {
  return helmOn(controlPlane, [
    'install',
    RELEASE_NAME,
    CHART_DIR,
    '--namespace',
    RELEASE_NAMESPACE,
    ...args,
  ]);
}

/** `helm template aim-engine charts/aim-engine -n aim-system <args>`, as objects. */
export function helmTemplate(args: readonly string[] = []): KubeObject[] {
  const result = helm(['template', RELEASE_NAME, CHART_DIR, '--namespace', RELEASE_NAMESPACE, ...args]);
  if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return yamlObjects(result.stdout);
}
