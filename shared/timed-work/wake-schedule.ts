/**
 * A function's wake-up call: a PingSource that exists only while the function has timed work too
 * far off to stay up for (a discovery retry in minutes, a model source's next sync), or when the
 * instance holding the work goes away (its timers are handed over). It fires once, at the minute
 * of the earliest such work, with the function's name in the `aimfunction` extension so that only
 * that function's Trigger takes it; the function then resyncs (which re-derives every timer from
 * the objects' state) and moves the schedule to its next work, or deletes it.
 *
 * A PingSource's schedule is cron, so the wake comes in the minute after the work is due (up to
 * 60 s late): work that must be on time stays within the keep-alive horizon instead.
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

/** The first whole minute at or after `at`, as epoch ms. */
export function wakeMinute(at: number): number {
  return Math.ceil(at / 60_000) * 60_000;
}

/** A cron schedule (UTC) that fires in the minute of `at` (and again only a year later). */
export function cronForMinute(at: number): string {
  const date = new Date(wakeMinute(at));
  return `${date.getUTCMinutes()} ${date.getUTCHours()} ${date.getUTCDate()} ${date.getUTCMonth() + 1} *`;
}

export function wakePingSource(functionName: string, namespace: string, at: number): KubeObject {
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
      annotations: { [WAKE_AT_ANNOTATION]: new Date(wakeMinute(at)).toISOString() },
    },
    spec: {
      schedule: cronForMinute(at),
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
