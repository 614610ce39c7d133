import type { KubeObject } from '../../shared/kube/types.ts';

/** Literal env values of a pod's first container (valueFrom entries have no value to read). */
export function firstContainerEnv(pod: KubeObject): Record<string, string> {
  const env: unknown = pod.spec?.containers?.[0]?.env;
  const values: Record<string, string> = {};
  if (!Array.isArray(env)) return values;
  for (const entry of env as { name?: unknown; value?: unknown }[]) {
    if (typeof entry.name === 'string' && typeof entry.value === 'string') values[entry.name] = entry.value;
  }
  return values;
}

export function firstContainerArgs(pod: KubeObject): string[] {
  const args: unknown = pod.spec?.containers?.[0]?.args;
  return Array.isArray(args) ? args.map(String) : [];
}
