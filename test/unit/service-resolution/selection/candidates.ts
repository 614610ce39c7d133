/** Candidate builders for selection tests. */
import type { SelectionCandidate } from '../../../../shared/service-resolution/selection/candidate.ts';

/** A Ready, optimized, namespaced MI300X latency fp8 candidate unless told otherwise. */
export function candidate(name: string, fields: Partial<SelectionCandidate> = {}): SelectionCandidate {
  return {
    name,
    scope: 'Namespace',
    status: 'Ready',
    profileType: 'optimized',
    metric: 'latency',
    precision: 'fp8',
    gpuModel: 'MI300X',
    gpuCount: 1,
    ...fields,
  };
}

export const BOTH_GPUS = ['MI300X', 'MI325X'];
