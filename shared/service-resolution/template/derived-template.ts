/**
 * The derived template (spec §10.5): a namespace-scoped copy of an explicitly named base template
 * with the service's overrides applied, named `<base>-ovr-…-<hash>` (§14.2). It carries no owner
 * reference — services asking for the same overrides of the same base share it — and it is only
 * ever created, never re-applied, so services with different pull secrets or resources cannot take
 * turns rewriting a template they share. Its quantities are written in canonical form, as the Go
 * operator writes them.
 */
import type { AIMService } from '../../api/aim-service.ts';
import { K8S_LABELS, LABEL_VALUES, LABELS } from '../../constants/labels.ts';
import type { KubeObject } from '../../kube/types.ts';
import { derivedTemplateName } from '../../naming/template-names.ts';
import {
  canonicalHardware,
  canonicalModelSources,
  canonicalResources,
} from '../../quantity/canonical-fields.ts';
import { runtimeConfigName } from '../../reconcile/runtime-config.ts';
import { TEMPLATE_GVK } from '../kinds.ts';

export type ServiceOverrides = NonNullable<AIMService['spec']['overrides']>;

/** Whether the overrides set anything a derived name encodes (an empty block derives nothing). */
export function hasOverrides(overrides: ServiceOverrides | undefined): overrides is ServiceOverrides {
  return overrides !== undefined && derivedTemplateName('x', overrides) !== 'x';
}

export function isDerivedTemplate(template: KubeObject): boolean {
  return template.metadata.labels?.[LABELS.origin] === LABEL_VALUES.origin.derived;
}

/** Shared caching (the default, also Auto/Always) gives the derived template its own cache. */
function isSharedCaching(service: AIMService): boolean {
  const mode = service.spec.caching?.mode ?? 'Shared';
  return mode !== 'Dedicated' && mode !== 'Never';
}

/** The derived template for `base` (a namespaced template) and the service's overrides. */
export function derivedTemplate(
  service: AIMService,
  base: KubeObject,
  overrides: ServiceOverrides,
  resolvedModelName: string | undefined,
): KubeObject {
  const spec: Record<string, unknown> = structuredClone(base.spec ?? {});
  if (!spec.modelName && resolvedModelName) spec.modelName = resolvedModelName;
  const baseConfig = typeof spec.runtimeConfigName === 'string' ? spec.runtimeConfigName : undefined;
  spec.runtimeConfigName = runtimeConfigName(service.spec.runtimeConfigName?.trim() || baseConfig);
  if (overrides.metric !== undefined) spec.metric = overrides.metric;
  if (overrides.precision !== undefined) spec.precision = overrides.precision;
  if (overrides.hardware !== undefined) spec.hardware = overrides.hardware;
  if (service.spec.imagePullSecrets && service.spec.imagePullSecrets.length > 0)
    spec.imagePullSecrets = structuredClone(service.spec.imagePullSecrets);
  if (service.spec.resources !== undefined) spec.resources = service.spec.resources;
  if (spec.hardware !== undefined) spec.hardware = canonicalHardware(spec.hardware);
  if (spec.resources !== undefined) spec.resources = canonicalResources(spec.resources);
  if (spec.modelSources !== undefined) spec.modelSources = canonicalModelSources(spec.modelSources);
  if (isSharedCaching(service)) spec.caching = { enabled: true };
  return {
    ...TEMPLATE_GVK,
    metadata: {
      name: derivedTemplateName(base.metadata.name, overrides),
      namespace: service.metadata.namespace ?? '',
      labels: {
        [K8S_LABELS.managedBy]: LABEL_VALUES.managedBy.engine,
        [LABELS.origin]: LABEL_VALUES.origin.derived,
      },
    },
    spec,
  };
}
