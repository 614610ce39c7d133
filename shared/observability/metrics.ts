/**
 * Prometheus metrics of the AIM functions.
 *
 * Why a registry of our own: faas-js-runtime 4 (`lib/metrics.js`) builds a private
 * `new Registry()` inside the closure that serves its `GET /metrics`, registers only its own
 * `faas_*` metrics and Node default metrics there, and exposes neither the registry nor a hook to
 * add to it. prom-client's global default registry is not what it serves either. So our metrics
 * cannot appear on the runtime's `/metrics`; they live in `metricsRegistry` and are served by
 * `startMetricsServer` (`metrics-server.ts`) on a port of their own.
 *
 * The metric objects are module singletons: a registry rejects a second metric with the same
 * name, and several functions (or tests) in one process share them, told apart by the `function`
 * label.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { requestTarget } from '../kube/request-target.ts';
import type { TransportRequest } from '../kube/transport.ts';

export const metricsRegistry = new Registry();

export const reconcileTotal = new Counter({
  name: 'aim_reconcile_total',
  help: 'Reconciles of one object, by outcome',
  labelNames: ['function', 'kind', 'result'] as const,
  registers: [metricsRegistry],
});

export const reconcileErrorsTotal = new Counter({
  name: 'aim_reconcile_errors_total',
  help: 'Reconciles that ended in an error, by error reason',
  labelNames: ['function', 'kind', 'reason'] as const,
  registers: [metricsRegistry],
});

export const reconcileDurationSeconds = new Histogram({
  name: 'aim_reconcile_duration_seconds',
  help: 'Wall time of one object reconcile',
  labelNames: ['function', 'kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const apiRequestsTotal = new Counter({
  name: 'aim_api_requests_total',
  help: 'Kubernetes API requests issued while reconciling',
  labelNames: ['function', 'kind'] as const,
  registers: [metricsRegistry],
});

export const kubeRequestsTotal = new Counter({
  name: 'aim_kube_requests_total',
  help: 'Kubernetes API requests sent, by verb (LIST and WATCH apart from GET) and resource',
  labelNames: ['function', 'verb', 'resource'] as const,
  registers: [metricsRegistry],
});

export const kubeRequestDurationSeconds = new Histogram({
  name: 'aim_kube_request_duration_seconds',
  help: 'Kubernetes API request latency as the function saw it, by verb and resource (watches excluded)',
  labelNames: ['function', 'verb', 'resource'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const eventsTotal = new Counter({
  name: 'aim_events_total',
  help: 'CloudEvents received, by event type and how they were handled',
  labelNames: ['function', 'type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const reconcileRequestsTotal = new Counter({
  name: 'aim_reconcile_requests_total',
  help: 'Reconcile requests queued (before coalescing), by what asked for them; `already-reconciled` and `unchanged-inputs` were skipped',
  labelNames: ['function', 'kind', 'trigger'] as const,
  registers: [metricsRegistry],
});

/** What asked for a reconcile: the object's own event, another object's event, a timer, the resync. */
export type ReconcileTrigger =
  | 'event'
  | 'already-reconciled'
  | 'unchanged-inputs'
  | 'dependent'
  | 'timer'
  | 'resync';

export function observeReconcileRequest(fn: string, kind: string, trigger: ReconcileTrigger): void {
  reconcileRequestsTotal.inc({ function: fn, kind, trigger });
}

export const kubeEventsPending = new Gauge({
  name: 'aim_kube_events_pending',
  help: 'Kubernetes Events queued or being written (written off the reconcile path, event-sender.ts)',
  labelNames: ['function'] as const,
  registers: [metricsRegistry],
});

/** What the queue gauges read of a function's work queue (shared/runtime/work-queue.ts). */
export interface QueueLevels {
  readonly depth: number;
  readonly active: number;
}

/** Read at scrape time, so the gauges cost nothing per reconcile; a function's latest runtime wins. */
const workQueues = new Map<string, QueueLevels>();

export function observeWorkQueue(fn: string, queue: QueueLevels): void {
  workQueues.set(fn, queue);
}

function queueGauge(name: string, help: string, level: (queue: QueueLevels) => number): Gauge<'function'> {
  return new Gauge({
    name,
    help,
    labelNames: ['function'] as const,
    registers: [metricsRegistry],
    collect() {
      for (const [fn, queue] of workQueues) this.set({ function: fn }, level(queue));
    },
  });
}

export const workQueueDepth = queueGauge(
  'aim_work_queue_depth',
  'Objects waiting in the work queue for a worker (after coalescing)',
  (queue) => queue.depth,
);

export const reconcilesRunning = queueGauge(
  'aim_reconciles_running',
  'Reconciles running now (at most AIM_RECONCILE_CONCURRENCY)',
  (queue) => queue.active,
);

export const cacheCatchUpTotal = new Counter({
  name: 'aim_cache_catch_up_total',
  help: 'Events whose object the cache had (or had not, within the wait) seen before reconciles read it',
  labelNames: ['function', 'kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

export function observeCacheCatchUp(fn: string, kind: string, reached: boolean): void {
  cacheCatchUpTotal.inc({ function: fn, kind, outcome: reached ? 'reached' : 'timed-out' });
}

/** How an event ended, mirrored in the HTTP status the function answered. */
export type EventOutcome = 'handled' | 'ignored' | 'rejected' | 'retry' | 'failed' | 'dead-letter';

export interface ReconcileObservation {
  function: string;
  kind: string;
  /** Short outcome label, e.g. `applied`, `paused`, `not-found`, `retry`, `error`. */
  result: string;
  /** Absent for objects reconciled inside a resync sweep, which does not time objects one by one. */
  durationSeconds?: number;
  /** Kubernetes API requests the reconcile issued. */
  apiRequests?: number;
  /** Set when the reconcile failed: an error reason such as `Conflict` or `Unexpected`. */
  errorReason?: string;
}

export function observeReconcile(observation: ReconcileObservation): void {
  const { function: fn, kind } = observation;
  reconcileTotal.inc({ function: fn, kind, result: observation.result });
  if (observation.durationSeconds !== undefined) {
    reconcileDurationSeconds.observe({ function: fn, kind }, observation.durationSeconds);
  }
  if (observation.apiRequests !== undefined && observation.apiRequests > 0) {
    apiRequestsTotal.inc({ function: fn, kind }, observation.apiRequests);
  }
  if (observation.errorReason !== undefined) {
    reconcileErrorsTotal.inc({ function: fn, kind, reason: observation.errorReason });
  }
}

export function observeEvent(fn: string, type: string, outcome: EventOutcome): void {
  eventsTotal.inc({ function: fn, type, outcome });
}

/** One API request's answer (see `requestTarget` for the verb and resource). */
export function observeKubeResponse(
  fn: string,
  request: Pick<TransportRequest, 'method' | 'path' | 'query'>,
  seconds: number,
): void {
  const { verb, resource } = requestTarget(request);
  kubeRequestDurationSeconds.observe({ function: fn, verb, resource }, seconds);
}

/** One API request a function sent (see `requestTarget` for the verb and resource). */
export function countKubeRequest(
  fn: string,
  request: Pick<TransportRequest, 'method' | 'path' | 'query'>,
): void {
  const { verb, resource } = requestTarget(request);
  kubeRequestsTotal.inc({ function: fn, verb, resource });
}
