/** Reading Kubernetes-style `status.conditions` of objects other reconcilers or controllers write. */

export interface ObservedCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}

export function conditionsIn(status: unknown): ObservedCondition[] {
  const list = (status as { conditions?: unknown } | undefined)?.conditions;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is ObservedCondition =>
      typeof entry === 'object' && entry !== null && typeof entry.type === 'string',
  );
}

export function conditionIn(status: unknown, type: string): ObservedCondition | undefined {
  return conditionsIn(status).find((condition) => condition.type === type);
}

/** `reason: message`, or whichever of the two is set. */
export function describeCondition(condition: ObservedCondition | undefined): string {
  const parts = [condition?.reason, condition?.message].filter((part) => part !== undefined && part !== '');
  return parts.join(': ');
}
