import { inOperatorNamespace, type Permission } from '../rbac/permission.ts';

/** What every function needs for its wake-up call (wake-schedule.ts), in the operator namespace. */
export function wakeSchedulePermission(): Permission {
  return inOperatorNamespace(
    'sources.knative.dev',
    'pingsources',
    ['get', 'create', 'patch', 'delete'],
    'its own wake-up call (PingSource aim-wake-<function>), kept while it has timed work far off',
  );
}
