/**
 * What the rolling-upgrade test reads back: statuses that went backwards after Running, objects
 * made twice, deliveries that were neither answered nor redelivered, and what the new build's
 * processes did.
 */
import { readFileSync } from 'node:fs';
import type { LocalBroker } from '../../../local/eventing/broker.ts';
import type { RunningFunction } from '../../../local/platform/functions.ts';
import type { KubeClient } from '../../../shared/kube/types.ts';
import type { Observation } from '../no-flapping/status-recorder.ts';
import { converged, type ServiceOutcome, serviceOutcomes } from '../support/workload.ts';

/** The services of `names` not yet Running with their one InferenceService. */
export async function notConverged(
  client: KubeClient,
  namespace: string,
  names: readonly string[],
): Promise<ServiceOutcome[]> {
  return (await serviceOutcomes(client, namespace, names)).filter((outcome) => !converged(outcome, 1));
}

/** Services whose recorded statuses left Running (or Ready=True) after first reaching it. */
export function backwardsAfterRunning(
  seen: ReadonlyMap<string, Observation[]>,
): Record<string, Observation[]> {
  const out: Record<string, Observation[]> = {};
  for (const [name, observations] of seen) {
    const first = observations.findIndex((o) => o.status === 'Running' && o.ready === 'True');
    if (first < 0) continue;
    if (observations.slice(first).some((o) => o.status !== 'Running' || o.ready !== 'True'))
      out[name] = observations;
  }
  return out;
}

/** Names that occur more than once (e.g. the owners of a namespace's InferenceServices). */
export function repeated(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

export interface Redelivery {
  /** Attempts that failed on the functions rolled out (their old instance stopping, mostly). */
  failed: number;
  /** Of those events, the ones the broker then delivered (to whichever instance served then). */
  delivered: number;
  /** Events whose attempts failed and that never got through: what an upgrade would lose. */
  lost: string[];
}

export function redeliveries(broker: LocalBroker, triggers: ReadonlySet<string>): Redelivery {
  const failed = broker.failedAttempts.filter((attempt) => triggers.has(attempt.trigger));
  const delivered = new Set(
    broker.history
      .filter((record) => record.outcome === 'delivered' && triggers.has(record.trigger))
      .map((record) => `${record.trigger}/${record.eventId}`),
  );
  const failedEvents = [...new Set(failed.map((attempt) => `${attempt.trigger}/${attempt.eventId}`))];
  return {
    failed: failed.length,
    delivered: failedEvents.filter((key) => delivered.has(key)).length,
    lost: failedEvents.filter((key) => !delivered.has(key)),
  };
}

/** Deliveries about `kind` the broker's history shows answered by `fn` (its last attempt's subscriber). */
export function answeredBy(broker: LocalBroker, fn: RunningFunction, kind: string): number {
  return broker.history.filter(
    (record) => record.subscriber === fn.url && record.outcome === 'delivered' && record.kind === kind,
  ).length;
}

type LogRecord = { msg?: string; apiRequests?: number; kind?: string; name?: string };

/** A function process's JSON log lines. */
export function logRecords(fn: RunningFunction): LogRecord[] {
  return readFileSync(fn.process.logFile, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogRecord];
      } catch {
        return []; // A line cut short as the process stopped.
      }
    });
}

/** `kind/name` of every reconcile a function's log reports having written something for. */
export function reconcilesWritten(fn: RunningFunction): string[] {
  return logRecords(fn)
    .filter((record) => record.msg === 'reconciled' && (record.apiRequests ?? 0) > 0)
    .map((record) => `${record.kind}/${record.name}`);
}
