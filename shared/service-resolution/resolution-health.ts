/** The components service-resolve reports on an AIMService: RuntimeConfig (when present), Model, Template. */
import type { ComponentHealth } from '../reconcile/health.ts';
import { serviceRuntimeConfigHealth } from '../reconcile/runtime-config.ts';
import { modelHealth } from './model/model-health.ts';
import type { ServiceResolution } from './resolution.ts';
import { templateHealth } from './template/template-health.ts';

export function serviceResolutionHealth(resolution: ServiceResolution): ComponentHealth[] {
  const health: ComponentHealth[] = [];
  const runtimeConfig = resolution.runtimeConfig && serviceRuntimeConfigHealth(resolution.runtimeConfig);
  if (runtimeConfig) health.push(runtimeConfig);
  health.push(modelHealth(resolution.model), templateHealth(resolution.template));
  return health;
}
