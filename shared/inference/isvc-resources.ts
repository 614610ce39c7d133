/**
 * The inference container's resources (spec §10.7.2): per-GPU defaults (4 CPUs and 32Gi requested,
 * 48Gi limit per GPU, the GPUs themselves), overlaid per resource name by the template's
 * resources and then the service's — requests and limits separately. Quantities are written in
 * canonical form, as the Go operator's ResourceList writes them (KServe's pods carry that form anyway).
 */
import type { ResourceRequirements } from '../api/common/resources.ts';
import { DEFAULT_GPU_RESOURCE_NAME } from '../constants/kserve.ts';
import { canonicalResources } from '../quantity/canonical-fields.ts';

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

/**
 * Extended resources (`amd.com/gpu`) cannot be overcommitted: Kubernetes refuses a pod whose
 * request and limit differ. A layer that sets one side of such a resource sets the count, so the
 * other side follows it (the documents' `limits: {amd.com/gpu: "4"}` means four GPUs).
 */
export function isExtendedResource(name: string): boolean {
  return name.includes('/') && !name.startsWith('kubernetes.io/');
}

function alignExtended(result: ResourceRequirements, layer: ResourceRequirements | undefined): void {
  for (const [name, value] of Object.entries(layer?.limits ?? {})) {
    if (isExtendedResource(name) && layer?.requests?.[name] === undefined) {
      result.requests = { ...(result.requests ?? {}), [name]: value };
    }
  }
  for (const [name, value] of Object.entries(layer?.requests ?? {})) {
    if (isExtendedResource(name) && layer?.limits?.[name] === undefined) {
      result.limits = { ...(result.limits ?? {}), [name]: value };
    }
  }
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
  alignExtended(result, templateResources);
  alignExtended(result, serviceResources);
  const claims = serviceResources?.claims ?? templateResources?.claims;
  if (claims !== undefined) result.claims = structuredClone(claims);
  return canonicalResources(result);
}
