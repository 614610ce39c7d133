/**
 * Waits for the platform to be at rest: no delivery in flight and no event arriving at the broker
 * for `quietMs`. A single-change sample taken right after the previous one measured that one's
 * aftermath too (the simulator rolling out a second replica, the service leaving and re-entering
 * Running, their events in every function), not one change on a platform at rest.
 */
import type { LocalBroker } from '../../local/eventing/broker.ts';
import { KEEP_ALIVE_EVENT_TYPE } from '../../shared/timed-work/function-events.ts';

export async function settle(
  broker: LocalBroker | undefined,
  quietMs: number,
  timeoutMs: number,
): Promise<void> {
  if (broker === undefined) return;
  const deadline = Date.now() + timeoutMs;
  // Keep-alives (a function holding itself up for work due soon) are not events about the cluster.
  const arrivals = () => broker.received.filter((e) => e.type !== KEEP_ALIVE_EVENT_TYPE).length;
  let seen = arrivals();
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await broker.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (arrivals() !== seen) {
      seen = arrivals();
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) {
      return;
    }
  }
}
