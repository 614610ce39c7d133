/** The process-wide discovery limiter: the Lease lock and the cap of spec §8.3, with upstream's timings. */
import {
  DISCOVERY_CAPACITY_REQUEUE_SECONDS,
  DISCOVERY_LEASE_DURATION_SECONDS,
  DISCOVERY_LEASE_NAME,
  DISCOVERY_LOCK_ACQUIRE_TIMEOUT_SECONDS,
  DISCOVERY_LOCK_POLL_MILLISECONDS,
  MAX_CONCURRENT_DISCOVERY_JOBS,
} from '../constants/limits.ts';
import type { DiscoveryLimiter } from './discovery-admission.ts';
import { LeaseLock, type LeaseLockOptions, processHolderIdentity } from './lease-lock.ts';
import { SlotMemory } from './slot-memory.ts';

/**
 * `slotMemorySeconds`: how long "all slots taken" is believed without checking (default: the
 * upstream requeue delay when the cap is reached; 0 turns the memory off).
 */
export function createDiscoveryLimiter(
  overrides: Partial<LeaseLockOptions> & { maxActiveJobs?: number; slotMemorySeconds?: number } = {},
): DiscoveryLimiter {
  const { maxActiveJobs, slotMemorySeconds, ...lock } = overrides;
  const memorySeconds = slotMemorySeconds ?? DISCOVERY_CAPACITY_REQUEUE_SECONDS;
  return {
    ...(memorySeconds > 0 ? { slots: new SlotMemory(memorySeconds) } : {}),
    maxActiveJobs: maxActiveJobs ?? MAX_CONCURRENT_DISCOVERY_JOBS,
    lock: new LeaseLock({
      name: DISCOVERY_LEASE_NAME,
      holderIdentity: processHolderIdentity(),
      leaseDurationSeconds: DISCOVERY_LEASE_DURATION_SECONDS,
      pollIntervalMs: DISCOVERY_LOCK_POLL_MILLISECONDS,
      acquireTimeoutMs: DISCOVERY_LOCK_ACQUIRE_TIMEOUT_SECONDS * 1000,
      ...lock,
    }),
  };
}
