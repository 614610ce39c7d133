/**
 * A function's wake-up call: a PingSource that exists only while the function has timed work too
 * far off to stay up for (a discovery retry in minutes, a model source's next sync), or when the
 * instance holding the work goes away (its timers are handed over). It fires once, at the minute
 * of the earliest such work, with the function's name in the `aimfunction` extension so that only
 * that function's Trigger takes it; the function then resyncs (which re-derives every timer from
 * the objects' state) and moves the schedule to its next work, or deletes it.
 *
 * A PingSource's schedule is cron, whole minutes: the wake comes in the last minute that starts at
 * least `WAKE_LEAD_MS` before the work, 20–80 s ahead of it, and the woken function keeps itself
 * up for the rest (the keep-alive horizon is longer than that), so the work runs on time.
 */
import type { KubeObject } from '../kube/types.ts';
import { EVERY_FUNCTION, FUNCTION_EXTENSION } from './function-events.ts';

export const PING_SOURCE_API_VERSION = 'sources.knative.dev/v1';
/** Annotation on the wake PingSource: the instant it was asked for (ISO 8601). */
export const WAKE_AT_ANNOTATION = 'aim.eai.amd.com/wake-at';
/** The Broker every function's Trigger listens on (eventing/broker.yaml). */
export const BROKER_NAME = 'aim';

export function wakeSourceName(functionName: string): string {
  return `aim-wake-${functionName}`;
}

/** How long before its work a function is woken at the latest (its start and resync fit in it). */
export const WAKE_LEAD_MS = 20_000;

/**
 * The minute (epoch ms) to wake for work due at `due`: the last one at least `WAKE_LEAD_MS` before
 * it, but never one that has begun by `now` (then the next, the soonest a PingSource can fire).
 */
export function wakeMinute(due: number, now: number): number {
  const ahead = Math.floor((due - WAKE_LEAD_MS) / 60_000) * 60_000;
  return ahead > now ? ahead : Math.floor(now / 60_000) * 60_000 + 60_000;
}

/** A cron schedule (UTC) that fires in the minute starting at `minute` (and again only a year later). */
export function cronForMinute(minute: number): string {
  const date = new Date(minute);
  return `${date.getUTCMinutes()} ${date.getUTCHours()} ${date.getUTCDate()} ${date.getUTCMonth() + 1} *`;
}

/** The wake PingSource firing in the minute starting at `minute` (see `wakeMinute`). */
export function wakePingSource(functionName: string, namespace: string, minute: number): KubeObject {
  if (functionName === EVERY_FUNCTION) throw new Error(`"${EVERY_FUNCTION}" is not a function name`);
  return {
    apiVersion: PING_SOURCE_API_VERSION,
    kind: 'PingSource',
    metadata: {
      name: wakeSourceName(functionName),
      namespace,
      labels: {
        'app.kubernetes.io/part-of': 'aim-engine',
        'aim.eai.amd.com/function': functionName,
      },
      annotations: { [WAKE_AT_ANNOTATION]: new Date(minute).toISOString() },
    },
    spec: {
      schedule: cronForMinute(minute),
      timezone: 'UTC',
      contentType: 'application/json',
      data: JSON.stringify({ reason: 'wake', function: functionName }),
      ceOverrides: { extensions: { [FUNCTION_EXTENSION]: functionName } },
      sink: { ref: { apiVersion: 'eventing.knative.dev/v1', kind: 'Broker', name: BROKER_NAME } },
    },
  };
}

/** When an existing wake PingSource fires (its annotation), undefined when it does not say. */
export function wakeAtOf(source: KubeObject | undefined): number | undefined {
  const text = source?.metadata.annotations?.[WAKE_AT_ANNOTATION];
  const at = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}
