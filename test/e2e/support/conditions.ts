import type { KubeObject } from '../../../shared/kube/types.ts';

export interface ObservedCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
  [field: string]: string;
}

/** The condition of `type` on an object's status, if any. */
export function conditionOf(object: KubeObject | undefined, type: string): ObservedCondition | undefined {
  return (object?.status?.conditions ?? []).find((c: { type: string }) => c.type === type);
}

/** Whether `type` has `status` (and `reason`, when given) — for polling probes. */
export function hasCondition(
  object: KubeObject | undefined,
  type: string,
  status: string,
  reason?: string,
): boolean {
  const found = conditionOf(object, type);
  return found?.status === status && (reason === undefined || found.reason === reason);
}
