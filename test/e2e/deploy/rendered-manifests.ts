/**
 * The install as `kubectl apply -k manifests/` sends it: `kubectl kustomize` (kubectl ships
 * kustomize) of the kubectl built with the control plane, or kustomize itself from the Go module
 * proxy when that is not built yet.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { findBinaries } from '../../../local/control-plane/assets.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { yamlObjects } from '../../../shared/kube/yaml-objects.ts';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const KUSTOMIZE_MODULE = 'sigs.k8s.io/kustomize/kustomize/v5@v5.5.0';

/** Not the machine's own kubectl: its version would decide what the tests render. */
function kubectl(): string | undefined {
  return findBinaries().found.kubectl;
}

/** The YAML kustomize renders for `dir` (relative to the repository root). */
export function kustomizeYaml(dir: string): string {
  const target = join(REPO_ROOT, dir);
  const options = { encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024 };
  const binary = kubectl();
  if (binary) return execFileSync(binary, ['kustomize', target], options);
  return execFileSync('go', ['run', KUSTOMIZE_MODULE, 'build', target], {
    ...options,
    env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
  });
}

export function renderedManifests(dir = 'manifests'): KubeObject[] {
  return yamlObjects(kustomizeYaml(dir));
}
