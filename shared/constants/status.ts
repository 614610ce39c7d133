/**
 * The AIM status values and their priority (higher is better). Used for worst-component-wins
 * aggregation and for picking the best of several candidates (e.g. caches).
 */
export const AIM_STATUSES = [
  'Pending',
  'Starting',
  'Progressing',
  'Ready',
  'Running',
  'Degraded',
  'NotAvailable',
  'Failed',
] as const;

export type AIMStatus = (typeof AIM_STATUSES)[number];

export const AIM_STATUS_PRIORITY: Readonly<Record<AIMStatus, number>> = {
  Running: 7,
  Ready: 6,
  Progressing: 5,
  Starting: 4,
  Pending: 3,
  Degraded: 2,
  NotAvailable: 1,
  Failed: 0,
};

/** The statuses that mean something is wrong (a Warning Event; never hidden behind another cause). */
export const ERROR_STATUSES: ReadonlySet<AIMStatus> = new Set(['Failed', 'Degraded', 'NotAvailable']);

/** Unknown or empty statuses score like Failed, as upstream does. */
export function statusPriority(status: string | undefined): number {
  return status !== undefined && status in AIM_STATUS_PRIORITY ? AIM_STATUS_PRIORITY[status as AIMStatus] : 0;
}

/** Per-kind CRD enums for `status.status`. */
export const RESOURCE_STATUS_VALUES = [
  'Pending',
  'Progressing',
  'Ready',
  'Degraded',
  'Failed',
  'NotAvailable',
] as const satisfies readonly AIMStatus[];
export const SERVICE_STATUS_VALUES = [
  'Pending',
  'Starting',
  'Running',
  'Degraded',
  'Failed',
] as const satisfies readonly AIMStatus[];
