/**
 * Turns a function definition (the kinds it reconciles, how events map onto them) into the
 * `handle` / `init` / `shutdown` module faas-js-runtime runs.
 *
 * handle: parse the CloudEvent → map it to reconcile requests → run the pipeline for each.
 *   Answers 204 when done (or nothing to do), 400 for a malformed event, 503 when something
 *   transient failed (the Broker redelivers; reconciles are idempotent), 500 only for a bug.
 *   A PingSource tick reconciles every object of every owned kind. Nothing is allowed to throw
 *   past the handler except those answers, so the process never crashes on an event.
 * init: builds the Kubernetes client and logger, then starts a full resync in the background —
 *   ApiServerSource sends nothing for objects that existed before it started — without holding
 *   back readiness.
 * shutdown: stops background work.
 */
import { performance } from 'node:perf_hooks';
import { operatorNamespace as defaultOperatorNamespace } from '../constants/operator-namespace.ts';
import {
  type ApiServerEvent,
  type DeadLetterEvent,
  type ParsedEvent,
  parseApiServerEvent,
} from '../events/apiserver-event.ts';
import { isBadEventError } from '../events/bad-event-error.ts';
import { API_SERVER_EVENT_TYPES, PING_EVENT_TYPE } from '../events/event-types.ts';
import { createKubeClient } from '../kube/client.ts';
import { createEventRecorder } from '../kube/event-recorder.ts';
import { describeObject } from '../kube/objects.ts';
import type { GroupVersionKind, KubeClient } from '../kube/types.ts';
import { createLogger, type Logger, withFields } from '../observability/logger.ts';
import { type EventOutcome, observeEvent, observeReconcile } from '../observability/metrics.ts';
import { type MetricsServer, startMetricsServer } from '../observability/metrics-server.ts';
import {
  type AnyKindReconciler,
  type ReconcileContext,
  type ReconcileRequest,
  reconcileAll,
  reconcileObject,
} from '../reconcile/pipeline.ts';
import { settleWithConcurrency } from './concurrency.ts';
import { type ClassifiedFailure, classifyFailure, failureAnswer } from './failure.ts';
import { FunctionHttpError, HTTP_STATUS } from './http-error.ts';

/** What `mapEvent` may use to find the objects an event concerns. */
export interface EventMappingContext {
  client: KubeClient;
  log: Logger;
  /** The kinds this function reconciles. */
  owned: readonly GroupVersionKind[];
}

export type EventMapper = (ctx: EventMappingContext, event: ApiServerEvent) => Promise<ReconcileRequest[]>;

export interface FunctionDefinition {
  /** The function's name (`model-inspect`); also its field manager `aim-<name>`. */
  name: string;
  /** One reconciler per owned kind. */
  reconcilers: readonly AnyKindReconciler[];
  /**
   * Extra reconcile requests for an event (e.g. a Job event → its template). An event about an
   * owned kind always reconciles that object; `mapEvent` adds to that, it cannot take it away.
   */
  mapEvent?: EventMapper;
}

export interface FunctionDependencies {
  createClient?: () => KubeClient | Promise<KubeClient>;
  now?: () => Date;
  logger?: Logger;
  operatorNamespace?: string;
  /** Default true: run a full resync in the background from `init`. */
  initialResync?: boolean;
  /** Reconciles run at once for one event (default 4). */
  concurrency?: number;
  /** Serve `metricsRegistry` on this port from `init` (default: `AIM_METRICS_PORT`, else off). */
  metricsPort?: number;
}

/** The part of faas-js-runtime's context the handler reads. */
export interface InvocationContext {
  /** Set by the runtime when the request is a CloudEvent it could parse. */
  cloudevent?: unknown;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export interface FunctionModule {
  handle(context: InvocationContext, event?: unknown): Promise<void>;
  init(): Promise<void>;
  shutdown(): Promise<void>;
}

export const METRICS_PORT_ENV = 'AIM_METRICS_PORT';
const DEFAULT_CONCURRENCY = 4;
/** Longer waits are left to the resync tick. */
const MAX_REQUEUE_SECONDS = 600;

/** How long shutdown waits for an in-flight resync before giving up on it. */
const SHUTDOWN_WAIT_MS = 10_000;

export function defineFunction(
  definition: FunctionDefinition,
  deps: FunctionDependencies = {},
): FunctionModule {
  const { name } = definition;
  const fieldManager = `aim-${name}`;
  const now = deps.now ?? (() => new Date());
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const owned = definition.reconcilers.map((reconciler) => reconciler.gvk);
  const rootLog = deps.logger ?? createLogger({ function: name });

  let client: Promise<KubeClient> | undefined;
  let metricsServer: MetricsServer | undefined;
  let resyncInFlight: Promise<number> | undefined;
  let stopping = false;

  /** The client, created once; a failed creation is retried by the next caller. */
  const kubeClient = (): Promise<KubeClient> => {
    if (client === undefined) {
      const creating = (async () => (deps.createClient ? deps.createClient() : createKubeClient()))();
      creating.catch(() => {
        if (client === creating) client = undefined;
      });
      client = creating;
    }
    return client;
  };

  const reconcileContext = (kube: KubeClient, log: Logger): ReconcileContext => ({
    client: kube,
    log,
    now,
    fieldManager,
    operatorNamespace: deps.operatorNamespace ?? defaultOperatorNamespace(),
    recorder: createEventRecorder(kube, { component: fieldManager, instance: process.env.POD_NAME }, (err) =>
      log.warn({ err: String(err) }, 'could not record a Kubernetes Event'),
    ),
  });

  const reconcilerFor = (request: ReconcileRequest) =>
    definition.reconcilers.find(
      (reconciler) =>
        reconciler.gvk.kind === request.kind && reconciler.gvk.apiVersion === request.apiVersion,
    );

  /**
   * Time-based follow-ups (download progress, discovery slots, backoff expiry) without sleeping in
   * a handler: a timer in this instance re-runs the reconcile later. Best effort by design — if
   * the instance scales to zero first, the next resync tick does the same work.
   */
  const requeued = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  const requeueLater = (kube: KubeClient, log: Logger, request: ReconcileRequest, seconds: number): void => {
    if (stopping) return;
    const key = `${request.apiVersion}/${request.kind}/${request.namespace ?? ''}/${request.name}`;
    const at = Date.now() + Math.min(seconds, MAX_REQUEUE_SECONDS) * 1000;
    const existing = requeued.get(key);
    if (existing && existing.at <= at) return;
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      requeued.delete(key);
      if (stopping) return;
      reconcileOne(kube, log, request).catch(() => {
        // reconcileOne logged it; the object's next event or resync retries.
      });
    }, at - Date.now());
    timer.unref();
    requeued.set(key, { at, timer });
  };

  const reconcileOne = async (
    kube: KubeClient,
    eventLog: Logger,
    request: ReconcileRequest,
  ): Promise<void> => {
    const log = withFields(eventLog, {
      kind: request.kind,
      namespace: request.namespace,
      name: request.name,
    });
    const reconciler = reconcilerFor(request);
    if (reconciler === undefined) {
      throw new Error(`${name} has no reconciler for ${request.apiVersion} ${request.kind}`);
    }
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    try {
      const outcome = await reconcileObject(reconcileContext(kube, log), reconciler, request);
      observeReconcile({
        function: name,
        kind: request.kind,
        result: outcome.result,
        durationSeconds: elapsed(),
        apiRequests: outcome.apiRequests,
      });
      log.info({ result: outcome.result, status: outcome.status }, 'reconciled');
      if (outcome.requeueAfterSeconds) requeueLater(kube, eventLog, request, outcome.requeueAfterSeconds);
    } catch (err) {
      const failure = classifyFailure(err);
      observeReconcile({
        function: name,
        kind: request.kind,
        result: failure.class === 'retry' ? 'retry' : 'error',
        durationSeconds: elapsed(),
        errorReason: failure.reason,
      });
      logFailure(log, failure, err);
      throw err;
    }
  };

  /** The owned object itself plus whatever `mapEvent` adds; a mapping failure is reported, not fatal. */
  const requestsFor = async (
    kube: KubeClient,
    log: Logger,
    event: ApiServerEvent,
  ): Promise<{ requests: ReconcileRequest[]; failure?: ClassifiedFailure }> => {
    const isOwned = owned.some(
      (gvk) => gvk.apiVersion === event.ref.apiVersion && gvk.kind === event.ref.kind,
    );
    const self = isOwned ? [event.ref] : [];
    if (!definition.mapEvent) return { requests: self };
    try {
      return {
        requests: dedupe([...self, ...(await definition.mapEvent({ client: kube, log, owned }, event))]),
      };
    } catch (err) {
      const failure = classifyFailure(err);
      logFailure(log, failure, err, 'mapping the event to reconcile requests failed');
      return { requests: self, failure };
    }
  };

  const handleObjectEvent = async (
    kube: KubeClient,
    log: Logger,
    event: ApiServerEvent,
  ): Promise<EventOutcome> => {
    const eventLog = withFields(log, {
      kind: event.ref.kind,
      namespace: event.ref.namespace,
      name: event.ref.name,
    });
    const { requests, failure: mappingFailure } = await requestsFor(kube, eventLog, event);
    const failures = mappingFailure ? [mappingFailure] : [];
    if (requests.length === 0 && failures.length === 0) {
      eventLog.debug({ type: event.type }, 'event concerns nothing this function reconciles');
      return 'ignored';
    }
    // Per-request loggers derive from `log` (event id only) so fields are not bound twice.
    const results = await settleWithConcurrency(requests, concurrency, (request) =>
      reconcileOne(kube, log, request),
    );
    for (const result of results) {
      if (result.status === 'rejected') failures.push(classifyFailure(result.reason));
    }
    const answer = failureAnswer(failures, `${event.type} ${describeObject(event.ref)}`);
    if (answer) throw answer;
    return 'handled';
  };

  /**
   * Every object of every owned kind; resolves with the number of objects (or kinds) that failed
   * permanently. Concurrent callers share the sweep in flight.
   */
  const resync = (kube: KubeClient, log: Logger): Promise<number> => {
    if (resyncInFlight) return resyncInFlight;
    const sweep = (async () => {
      // A tick answers for the sweep, not for each object: one failing object must not make
      // the broker replay the whole sweep (it is retried by its own events and the next tick).
      // Only a kind that could not even be listed makes the tick itself fail.
      const listFailures: ClassifiedFailure[] = [];
      let objectFailures = 0;
      for (const reconciler of definition.reconcilers) {
        if (stopping) break;
        const result = await resyncKind(kube, log, reconciler);
        if (result.listFailure) listFailures.push(result.listFailure);
        objectFailures += result.objectFailures;
      }
      const answer = failureAnswer(listFailures, 'resync');
      if (answer) throw answer;
      return objectFailures + listFailures.length;
    })();
    resyncInFlight = sweep;
    const clear = () => {
      if (resyncInFlight === sweep) resyncInFlight = undefined;
    };
    sweep.then(clear, clear);
    return sweep;
  };

  const resyncKind = async (
    kube: KubeClient,
    log: Logger,
    reconciler: AnyKindReconciler,
  ): Promise<{ objectFailures: number; listFailure?: ClassifiedFailure }> => {
    const kind = reconciler.gvk.kind;
    const kindLog = withFields(log, { kind });
    try {
      const sweep = await reconcileAll(reconcileContext(kube, kindLog), reconciler);
      const failures: ClassifiedFailure[] = [];
      for (const entry of sweep.entries) {
        if (entry.outcome) {
          observeReconcile({
            function: name,
            kind,
            result: entry.outcome.result,
            apiRequests: entry.outcome.apiRequests,
          });
          if (entry.outcome.requeueAfterSeconds && entry.key)
            requeueLater(kube, log, entry.key, entry.outcome.requeueAfterSeconds);
          continue;
        }
        // reconcileAll has logged the failure with the object's key.
        const failure = classifyFailure(entry.error);
        observeReconcile({
          function: name,
          kind,
          result: failure.class === 'retry' ? 'retry' : 'error',
          errorReason: failure.reason,
        });
        failures.push(failure);
      }
      kindLog.info({ objects: sweep.entries.length, failed: sweep.failed }, 'resync of kind done');
      return { objectFailures: failures.length };
    } catch (err) {
      // Listing the kind failed; the other kinds still get their turn.
      const failure = classifyFailure(err);
      logFailure(kindLog, failure, err, `listing ${kind} for resync failed`);
      return { objectFailures: 0, listFailure: failure };
    }
  };

  const handle = async (context: InvocationContext): Promise<void> => {
    // Without a parsed CloudEvent the runtime passes the request body as the second argument;
    // the raw request is parsed here instead so that the answer is a 400 naming the problem.
    const input = context.cloudevent ?? { headers: context.headers ?? {}, body: context.body };
    let event: ParsedEvent;
    try {
      event = parseApiServerEvent(input);
    } catch (err) {
      observeEvent(name, typeLabel(eventTypeOf(input)), 'rejected');
      if (isBadEventError(err)) {
        rootLog.warn({ err: err.message, type: eventTypeOf(input) }, 'rejected a malformed event');
        throw err;
      }
      rootLog.error({ err }, 'parsing an event failed unexpectedly');
      throw new FunctionHttpError(HTTP_STATUS.internalError, `parsing the event failed: ${errorText(err)}`);
    }
    const log = withFields(rootLog, { eventId: event.eventId });
    try {
      let outcome: EventOutcome;
      if (event.action === 'dead-letter') outcome = logDeadLetter(log, event);
      else {
        const kube = await connected();
        if (event.action === 'resync') {
          await resync(kube, log);
          outcome = 'handled';
        } else {
          outcome = await handleObjectEvent(kube, log, event);
        }
      }
      observeEvent(name, typeLabel(event.type), outcome);
    } catch (err) {
      const answer = err instanceof FunctionHttpError ? err : unexpected(log, err);
      observeEvent(
        name,
        typeLabel(event.type),
        answer.code === HTTP_STATUS.serviceUnavailable ? 'retry' : 'failed',
      );
      throw answer;
    }
  };

  /** The client for handling an event; failing to create it is worth a retry (503). */
  const connected = async (): Promise<KubeClient> => {
    try {
      return await kubeClient();
    } catch (err) {
      rootLog.error({ err }, 'creating the Kubernetes client failed');
      throw new FunctionHttpError(HTTP_STATUS.serviceUnavailable, `${name} is not ready: ${errorText(err)}`, {
        cause: err,
      });
    }
  };

  const init = async (): Promise<void> => {
    stopping = false;
    // A client that cannot be built (no kubeconfig, no service account) fails startup loudly.
    const kube = await kubeClient();
    const metricsPort = deps.metricsPort ?? metricsPortFromEnv(rootLog);
    if (metricsPort !== undefined && metricsServer === undefined) {
      metricsServer = await startMetricsServer({ port: metricsPort });
      rootLog.info({ port: metricsServer.port }, 'serving metrics');
    }
    if (deps.initialResync ?? true) {
      const log = withFields(rootLog, { eventId: 'init-resync' });
      resync(kube, log).then(
        (failed) => log.info({ failed }, 'initial resync done'),
        (err: unknown) => log.warn({ err }, 'initial resync incomplete; the next resync tick retries'),
      );
    }
  };

  const shutdown = async (): Promise<void> => {
    stopping = true;
    for (const { timer } of requeued.values()) clearTimeout(timer);
    requeued.clear();
    if (resyncInFlight) {
      const settled = resyncInFlight.then(
        () => undefined,
        () => undefined,
      );
      await Promise.race([settled, delay(SHUTDOWN_WAIT_MS)]);
    }
    await metricsServer?.close();
    metricsServer = undefined;
  };

  return { handle, init, shutdown };
}

function logFailure(log: Logger, failure: ClassifiedFailure, err: unknown, message?: string): void {
  const fields = { reason: failure.reason, err: failure.message };
  if (failure.class === 'retry') log.warn(fields, message ?? 'reconcile will be retried');
  else if (failure.class === 'permanent')
    log.error(fields, message ?? 'reconcile failed; retrying the event cannot help');
  else log.error({ reason: failure.reason, err }, message ?? 'reconcile failed unexpectedly');
}

function unexpected(log: Logger, err: unknown): FunctionHttpError {
  log.error({ err }, 'handling the event failed unexpectedly');
  return new FunctionHttpError(HTTP_STATUS.internalError, `internal error: ${errorText(err)}`, {
    cause: err,
  });
}

function logDeadLetter(log: Logger, event: DeadLetterEvent): EventOutcome {
  log.error(
    {
      type: event.type,
      source: event.source,
      errorDestination: event.errorDestination,
      errorCode: event.errorCode,
      errorData: event.errorData,
    },
    'event delivery failed after all retries; the next resync will reconcile what it missed',
  );
  return 'dead-letter';
}

function dedupe(requests: readonly ReconcileRequest[]): ReconcileRequest[] {
  const seen = new Map<string, ReconcileRequest>();
  for (const request of requests) {
    const key = `${request.apiVersion}|${request.kind}|${request.namespace ?? ''}|${request.name}`;
    if (!seen.has(key)) seen.set(key, request);
  }
  return [...seen.values()];
}

/** Metric label for an event type: the known types as they are, anything else as `other`. */
function typeLabel(type: string | undefined): string {
  if (type === undefined) return 'none';
  return type === PING_EVENT_TYPE || Object.hasOwn(API_SERVER_EVENT_TYPES, type) ? type : 'other';
}

function eventTypeOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  if ('type' in input && typeof input.type === 'string') return input.type;
  const headers = (input as { headers?: Record<string, unknown> }).headers;
  const header = headers?.['ce-type'];
  return typeof header === 'string' ? header : undefined;
}

function metricsPortFromEnv(log: Logger): number | undefined {
  const text = process.env[METRICS_PORT_ENV]?.trim();
  if (!text) return undefined;
  const port = Number(text);
  if (Number.isInteger(port) && port > 0 && port < 65536) return port;
  log.warn({ value: text }, `${METRICS_PORT_ENV} is not a port; metrics are not served`);
  return undefined;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
