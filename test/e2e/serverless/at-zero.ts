import type { FunctionName } from '../../../local/platform/functions.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { PING_EVENT_TYPE } from '../../../shared/events/event-types.ts';
import { eventually } from '../support/wait.ts';

/** Whether no instance of `name` runs, starts or has a delivery held for it. */
export function atZero(platform: LocalPlatform, name: FunctionName): boolean {
  return platform.scalers.get(name)?.atZero ?? false;
}

/** Waits until every function of the platform has scaled to zero (as Knative would at rest). */
export async function allAtZero(platform: LocalPlatform, timeoutMs = 120_000): Promise<void> {
  await eventually(
    'every function scaled to zero',
    async () => ([...platform.scalers.keys()].every((name) => atZero(platform, name)) ? true : undefined),
    { timeoutMs },
  );
}

/** How many times `name` was started (each a cold start). */
export function starts(platform: LocalPlatform, name: FunctionName): number {
  return platform.scalers.get(name)?.stats().starts ?? 0;
}

/** How many resync ticks the broker has taken so far. */
export function resyncTicks(platform: LocalPlatform): number {
  return (platform.broker?.received ?? []).filter((e) => e.type === PING_EVENT_TYPE).length;
}
