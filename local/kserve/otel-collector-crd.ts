import type { KubeObject } from '../../shared/kube/types.ts';

type Schema = { properties?: Record<string, Schema>; enum?: unknown[] } & Record<string, unknown>;

/**
 * The OpenTelemetry operator's defaulting webhook sets `spec.upgradeStrategy` of a collector
 * before its CRD's schema is checked; KServe writes the field empty and relies on it. The operator
 * does not run here, so its CRD also accepts the empty value the webhook would replace: without
 * that, KServe cannot make the collector of an OTel-scaled predictor and never reconciles it.
 */
export function acceptEmptyUpgradeStrategy(crd: KubeObject): KubeObject {
  const copy = structuredClone(crd);
  for (const version of (copy.spec?.versions ?? []) as { schema?: { openAPIV3Schema?: Schema } }[]) {
    const field = version.schema?.openAPIV3Schema?.properties?.spec?.properties?.upgradeStrategy;
    if (field?.enum && !field.enum.includes('')) field.enum = [...field.enum, ''];
  }
  return copy;
}
