/**
 * What a stopping function waits for before faas-js-runtime exits the process (it does so as soon
 * as the module's `shutdown` returns): Knative sends SIGTERM to a Revision's pod that is being
 * replaced or scaled away, with events possibly still in flight (docs/upgrading.md).
 *
 * In order, each bounded by `waitMs` so that a hung API server cannot hold the pod until its grace
 * period ends: the timers handed off (they become the function's wake-up call, before the queue
 * drops them); the queue stopped (queued work answered 503, the Broker redelivers it) and the
 * reconciles already running finished, so their events are answered rather than cut; an in-flight
 * resync; queued Kubernetes Events written.
 */
import { delay } from './delay.ts';
import type { FunctionRuntime } from './function-runtime.ts';

const bounded = (work: Promise<unknown>, waitMs: number) =>
  Promise.race([work.then(noop, noop), delay(waitMs)]);

function noop(): void {}

export async function settleForExit(
  runtime: FunctionRuntime,
  resyncInFlight: () => Promise<unknown> | undefined,
  waitMs: number,
): Promise<void> {
  await bounded(runtime.timedWork.handOff(), waitMs);
  runtime.stop();
  await bounded(runtime.queue.idle(), waitMs);
  const resync = resyncInFlight();
  if (resync) await bounded(resync, waitMs);
  await bounded(runtime.eventsWritten(), waitMs);
}
