/** Small pure facts about a template and what was fetched for it, shared by fetch, plan, health and decorate. */
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { checkGpuAvailability, type GpuAvailability } from '../gpu/availability.ts';
import type { GpuInventory } from '../gpu/inventory.ts';
import { templateRequiresGPU } from '../gpu/requirements.ts';
import type { KubeObject } from '../kube/types.ts';
import type { FetchResult } from '../reconcile/health.ts';
import { type AnyTemplate, hasInlineModelSources } from './scope.ts';

export function requiresGpu(template: AnyTemplate): boolean {
  return templateRequiresGPU(template.spec.hardware);
}

/** Discovery already succeeded (or the status says Ready): never rediscover (spec §8.3, §8.5). */
export function isDiscoveryDone(template: AnyTemplate): boolean {
  const status = template.status;
  if (status?.status === 'Ready') return true;
  return (status?.conditions ?? []).some(
    (condition) => condition.type === CONDITION_TYPES.discovered && condition.status === 'True',
  );
}

/** Discovery still has to run: no inline sources and not done yet. */
export function needsDiscovery(template: AnyTemplate): boolean {
  return !hasInlineModelSources(template) && !isDiscoveryDone(template);
}

/** The model's image, when the model was read and names one. */
export function modelImage(model: FetchResult<KubeObject>): string | undefined {
  if (!model.ok) return undefined;
  const image: unknown = model.value.spec?.image;
  return typeof image === 'string' && image.trim() !== '' ? image : undefined;
}

export type GpuVerdict =
  | { kind: 'not-required' }
  | { kind: 'unknown'; error: unknown }
  | { kind: 'checked'; availability: GpuAvailability; inventory: GpuInventory };

/** Whether the cluster can run the template, from the GPU inventory fetched for it. */
export function gpuVerdict(template: AnyTemplate, gpu: FetchResult<GpuInventory> | undefined): GpuVerdict {
  if (!requiresGpu(template) || gpu === undefined) return { kind: 'not-required' };
  if (!gpu.ok) return { kind: 'unknown', error: gpu.error };
  const availability = checkGpuAvailability(template.spec.hardware, gpu.value);
  if (availability === undefined) return { kind: 'not-required' };
  return { kind: 'checked', availability, inventory: gpu.value };
}

/** Not required, or required and present; an unknown inventory counts as unavailable. */
export function isGpuAvailable(verdict: GpuVerdict): boolean {
  return (
    verdict.kind === 'not-required' || (verdict.kind === 'checked' && verdict.availability.state === 'Ready')
  );
}
