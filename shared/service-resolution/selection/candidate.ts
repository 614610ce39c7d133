/**
 * What auto-selection reads of a template (spec §10.4.1): the few fields each stage compares,
 * taken once from the wire object so that the selection itself is a pure function over plain data.
 */
import type { KubeObject } from '../../kube/types.ts';

export type CandidateScope = 'Namespace' | 'Cluster';

export interface SelectionCandidate {
  name: string;
  scope: CandidateScope;
  /** `status.status`; empty when the template has none yet. */
  status: string;
  /** `status.profile.metadata.type`; empty when there is no profile (counts as unoptimized). */
  profileType: string;
  /** Profile metric, else `spec.metric`; empty when neither is set. */
  metric: string;
  /** Profile precision, else `spec.precision`; empty when neither is set. */
  precision: string;
  /** `spec.hardware.gpu.model`, else the profile's GPU; empty for CPU / any GPU. */
  gpuModel: string;
  /** `spec.hardware.gpu.requests` (>0), else the profile's count (>0), else 0. */
  gpuCount: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function positive(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A template object (either kind) as auto-selection sees it. */
export function selectionCandidate(template: KubeObject, scope: CandidateScope): SelectionCandidate {
  const spec = record(template.spec);
  const status = record(template.status);
  const profile = record(record(status.profile).metadata);
  const gpu = record(record(spec.hardware).gpu);
  return {
    name: template.metadata.name,
    scope,
    status: text(status.status),
    profileType: text(profile.type),
    metric: text(profile.metric) || text(spec.metric),
    precision: text(profile.precision) || text(spec.precision),
    gpuModel: text(gpu.model) || text(profile.gpu),
    gpuCount: positive(gpu.requests) || positive(profile.gpuCount),
  };
}
