/**
 * The inference container's resources (spec §10.7.2): per-GPU defaults (4 CPUs and 32Gi requested,
 * 48Gi limit per GPU, the GPUs themselves), overlaid per resource name by the template's
 * resources and then the service's — requests and limits separately.
 */
import type { ResourceRequirements } from '../api/common/resources.ts';
import { DEFAULT_GPU_RESOURCE_NAME } from '../constants/kserve.ts';

type ResourceList = Record<string, string | number>;

export interface ResolvedGpu {
  requests?: number | undefined;
  resourceName?: string | undefined;
}

export const CPU_PER_GPU = 4;
export const MEMORY_REQUEST_GI_PER_GPU = 32;
export const MEMORY_LIMIT_GI_PER_GPU = 48;

function gpuDefaults(gpu: ResolvedGpu | undefined): { requests?: ResourceList; limits?: ResourceList } {
  const count = gpu?.requests ?? 0;
  if (count <= 0) return {};
  const resource = gpu?.resourceName || DEFAULT_GPU_RESOURCE_NAME;
  return {
    requests: {
      cpu: String(CPU_PER_GPU * count),
      memory: `${MEMORY_REQUEST_GI_PER_GPU * count}Gi`,
      [resource]: String(count),
    },
    limits: { memory: `${MEMORY_LIMIT_GI_PER_GPU * count}Gi`, [resource]: String(count) },
  };
}

function overlay(base: ResourceList | undefined, over: ResourceList | undefined): ResourceList | undefined {
  if (base === undefined && over === undefined) return undefined;
  return { ...(base ?? {}), ...(over ?? {}) };
}

export function buildResources(
  gpu: ResolvedGpu | undefined,
  templateResources: ResourceRequirements | undefined,
  serviceResources: ResourceRequirements | undefined,
): ResourceRequirements {
  const defaults = gpuDefaults(gpu);
  const result: ResourceRequirements = {};
  const requests = overlay(
    overlay(defaults.requests, templateResources?.requests),
    serviceResources?.requests,
  );
  const limits = overlay(overlay(defaults.limits, templateResources?.limits), serviceResources?.limits);
  if (limits !== undefined) result.limits = limits;
  if (requests !== undefined) result.requests = requests;
  const claims = serviceResources?.claims ?? templateResources?.claims;
  if (claims !== undefined) result.claims = structuredClone(claims);
  return result;
}
