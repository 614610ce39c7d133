import type { KubeObject } from '../../shared/kube/types.ts';

/** Literal env values of one container (valueFrom entries have no value to read). */
export function literalEnv(container: unknown): Record<string, string> {
  const env: unknown = (container as { env?: unknown } | undefined)?.env;
  const values: Record<string, string> = {};
  if (!Array.isArray(env)) return values;
  for (const entry of env as { name?: unknown; value?: unknown }[]) {
    if (typeof entry.name === 'string' && typeof entry.value === 'string') values[entry.name] = entry.value;
  }
  return values;
}

/** Literal env values of a pod's first container. */
export function firstContainerEnv(pod: KubeObject): Record<string, string> {
  return literalEnv(pod.spec?.containers?.[0]);
}

export function firstContainerArgs(pod: KubeObject): string[] {
  const args: unknown = pod.spec?.containers?.[0]?.args;
  return Array.isArray(args) ? args.map(String) : [];
}
