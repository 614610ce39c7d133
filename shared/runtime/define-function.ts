/**
 * Turns a function definition (the kinds it reconciles, how events map onto them, what it keeps
 * in memory) into the `handle` / `init` / `shutdown` module faas-js-runtime runs.
 *
 * handle: parse the CloudEvent → map it to reconcile requests → queue them (function-runtime.ts)
 *   and wait for the run of the event's own object, at most `AIM_EVENT_ANSWER_WAIT_MS` (a run
 *   still going then is the function's to finish and retry). Answers 204 when done (or nothing
 *   to do; a run that failed transiently is retried by the function itself, with backoff), 400
 *   for a malformed event, 503 when the mapping, the client or the API server failed
 *   transiently (the Broker redelivers; reconciles are idempotent), 500 only for a bug. A PingSource tick resyncs (resync.ts);
 *   a keep-alive is held open until its time (shared/timed-work). Nothing is allowed to throw past the
 *   handler except those answers, so the process never crashes on an event.
 * init: builds the Kubernetes client and its cache; once the event that woke the function is
 *   answered (or shortly after init), warms the cache and resyncs in the background —
 *   ApiServerSource sends nothing for objects that existed before it started — without holding
 *   back readiness (warm-up.ts).
 * shutdown: lets keep-alives go, hands the instance's timers to its wake schedule, stops background work.
 */
import { type ApiServerEvent, type ParsedEvent, parseApiServerEvent } from '../events/apiserver-event.ts';
import { isBadEventError } from '../events/bad-event-error.ts';
import { describeObject } from '../kube/objects.ts';
import type { KubeClient } from '../kube/types.ts';
import { type Logger, withFields } from '../observability/logger.ts';
import {
  type EventOutcome,
  observeCacheCatchUp,
  observeEvent,
  observeReconcileRequest,
} from '../observability/metrics.ts';
import { type MetricsServer, startMetricsServer } from '../observability/metrics-server.ts';
import type { ReconcileRequest } from '../reconcile/pipeline.ts';
import { keepAliveHolds } from '../timed-work/timed-work.ts';
import { eventAnswerWaitMsFromEnv } from './event-answer-wait.ts';
import {
  dedupe,
  errorText,
  eventTypeOf,
  logDeadLetter,
  logFailure,
  requestKey,
  typeLabel,
  unexpected,
} from './event-answers.ts';
import { objectOf, resourceVersionOf } from './event-object.ts';
import { type ClassifiedFailure, classifyFailure, failureAnswer } from './failure.ts';
import { FunctionRuntime } from './function-runtime.ts';
import type {
  FunctionDefinition,
  FunctionDependencies,
  FunctionModule,
  InvocationContext,
} from './function-types.ts';
import { healthProbes } from './health-probes.ts';
import { FunctionHttpError, HTTP_STATUS } from './http-error.ts';
import { metricsPortFromEnv } from './metrics-port.ts';
import { prepareFirstEvent } from './prepare.ts';
import { eventPriority } from './priority-by-status.ts';
import { Resync } from './resync.ts';
import { settleForExit } from './shutdown-settle.ts';
import { DEFAULT_WARM_DELAY_MS, WarmUp } from './warm-up.ts';

/** The start-up follow-up sweep's delay: long enough for event sources started beside the function to watch. */
const STARTUP_FOLLOW_UP_MS = 30_000;

export type {
  EventMapper,
  EventMappingContext,
  FunctionDefinition,
  FunctionDependencies,
  FunctionModule,
  InvocationContext,
} from './function-types.ts';
export { METRICS_PORT_ENV } from './metrics-port.ts';

/** How long shutdown waits for each of: timers handed off, running reconciles, a resync, Events written. */
const SHUTDOWN_WAIT_MS = 10_000;
const DEFAULT_CACHE_CATCH_UP_MS = 2_000;

export function defineFunction(
  definition: FunctionDefinition,
  deps: FunctionDependencies = {},
): FunctionModule {
  const { name } = definition;
  const owned = definition.reconcilers.map((reconciler) => reconciler.gvk);
  let runtime = new FunctionRuntime(definition, deps);
  let resync = new Resync(runtime);
  const rootLog = runtime.log;
  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  let warmUp: WarmUp | undefined;
  let holds = keepAliveHolds();
  const answerWaitMs = deps.eventAnswerWaitMs ?? eventAnswerWaitMsFromEnv();

  /** Why an event of an owned object needs no reconcile; undefined when it does. */
  const skipReason = (event: ApiServerEvent): 'already-reconciled' | 'unchanged-inputs' | undefined => {
    if (runtime.alreadyReconciled(event.ref, resourceVersionOf(event))) return 'already-reconciled';
    const object = objectOf(event);
    if (object !== undefined && runtime.inputsUnchanged(event.ref, object)) return 'unchanged-inputs';
    return undefined;
  };

  /**
   * The owned object itself (unless `skipReason` finds nothing new for it in the event) and
   * the dependents `mapEvent` adds; a mapping failure is reported, not fatal.
   */
  const requestsFor = async (
    kube: KubeClient,
    log: Logger,
    event: ApiServerEvent,
  ): Promise<{ self: ReconcileRequest[]; dependents: ReconcileRequest[]; failure?: ClassifiedFailure }> => {
    const isOwned = owned.some(
      (gvk) => gvk.apiVersion === event.ref.apiVersion && gvk.kind === event.ref.kind,
    );
    const skip = !isOwned || event.action === 'delete' ? undefined : skipReason(event);
    if (isOwned) observeReconcileRequest(name, event.ref.kind, skip ?? 'event');
    const self = isOwned && skip === undefined ? [event.ref] : [];
    if (!definition.mapEvent) return { self, dependents: [] };
    try {
      const client = runtime.mappingClient(kube);
      const dependents = dedupe(await definition.mapEvent({ client, log, owned }, event)).filter(
        (request) => requestKey(request) !== requestKey(event.ref),
      );
      for (const request of dependents) observeReconcileRequest(name, request.kind, 'dependent');
      return { self, dependents };
    } catch (err) {
      const failure = classifyFailure(err);
      logFailure(log, failure, err, 'mapping the event to reconcile requests failed');
      return { self, dependents: [], failure };
    }
  };

  /**
   * Events are hints that something changed up to the event's resourceVersion: the cache of the
   * event's kind must have seen that much before reconciles read from it, else they read live.
   */
  const cacheCaughtUp = async (event: ApiServerEvent): Promise<boolean> => {
    const cache = runtime.cache;
    if (cache === undefined) return false;
    const reached = await cache.caughtUp(
      event.ref,
      resourceVersionOf(event),
      deps.cacheCatchUpMs ?? DEFAULT_CACHE_CATCH_UP_MS,
      objectOf(event),
    );
    observeCacheCatchUp(name, event.ref.kind, reached);
    return reached;
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
    const live = !(await cacheCaughtUp(event));
    const { self, dependents, failure: mappingFailure } = await requestsFor(kube, eventLog, event);
    const failures = mappingFailure ? [mappingFailure] : [];
    if (self.length === 0 && dependents.length === 0 && failures.length === 0) {
      eventLog.debug({ type: event.type }, 'event concerns nothing this function reconciles');
      return 'ignored';
    }
    // Per-request loggers derive from `log` (event id only) so fields are not bound twice.
    // The answer waits for the event's own object only; dependents run on the function's own time.
    const object = event.action === 'delete' ? undefined : objectOf(event);
    const own = Promise.allSettled(
      self.map((request) =>
        runtime.submitAnswering(
          { request, log, live },
          eventPriority(object, runtime.reconcilerOf(request)?.ownedConditionTypes),
          answerWaitMs,
        ),
      ),
    );
    for (const request of dependents) runtime.submitDependent({ request, log, live });
    const results = await own;
    for (const result of results) {
      if (result.status === 'rejected') failures.push(classifyFailure(result.reason));
    }
    const answer = failureAnswer(failures, `${event.type} ${describeObject(event.ref)}`);
    if (answer) throw answer;
    return 'handled';
  };

  /** The client for handling an event; failing to create it is worth a retry (503). */
  const connected = async (): Promise<KubeClient> => {
    try {
      return await runtime.kube();
    } catch (err) {
      rootLog.error({ err }, 'creating the Kubernetes client failed');
      throw new FunctionHttpError(HTTP_STATUS.serviceUnavailable, `${name} is not ready: ${errorText(err)}`, {
        cause: err,
      });
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
        // Without init (tests drive handle alone) the cache warms with the first event.
        if (warmUp === undefined) void runtime.cache?.warm();
        if (event.action === 'resync') {
          warmUp?.now();
          await resync.run(kube, log, () => stopping);
          // A wake: the sweep re-derived every timer, so the schedule can follow them exactly.
          if (event.wake) await runtime.timedWork.settle();
          outcome = 'handled';
        } else if (event.action === 'keep-alive') {
          warmUp?.now();
          if ((await holds.hold(event.holdUntil)) === 'released') {
            // Stopping: the Broker redelivers it to an instance that stays, or starts one.
            throw new FunctionHttpError(HTTP_STATUS.serviceUnavailable, `${name} is stopping`);
          }
          outcome = 'handled';
        } else {
          outcome = await handleObjectEvent(kube, log, event).finally(() => warmUp?.now());
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

  const init = async (): Promise<void> => {
    if (stopping) {
      // Started again after a shutdown: a fresh queue and cache.
      runtime = new FunctionRuntime(definition, { ...deps, logger: rootLog });
      resync = new Resync(runtime);
      holds = keepAliveHolds();
    }
    stopping = false;
    // A client that cannot be built (no kubeconfig, no service account) fails startup loudly.
    const kube = await runtime.kube();
    const metricsPort = deps.metricsPort ?? metricsPortFromEnv(rootLog);
    if (metricsPort !== undefined && metricsServer === undefined) {
      metricsServer = await startMetricsServer({ port: metricsPort });
      rootLog.info({ port: metricsServer.port }, 'serving metrics');
    }
    // Every informer LISTs at once (each LIST waiting for the read before it made a cold
    // service-resolve ~50 ms later), once the event that woke the function is answered.
    warmUp?.stop();
    warmUp = new WarmUp(() => {
      void runtime.cache?.warm();
      if (deps.initialResync ?? true)
        resync.background(
          kube,
          withFields(rootLog, { eventId: 'init-resync' }),
          () => stopping,
          deps.startupFollowUpMs ?? STARTUP_FOLLOW_UP_MS,
        );
    }, deps.warmDelayMs ?? DEFAULT_WARM_DELAY_MS);
  };

  const shutdown = async (): Promise<void> => {
    stopping = true;
    warmUp?.stop();
    holds.releaseAll();
    await settleForExit(runtime, () => resync.inFlight, SHUTDOWN_WAIT_MS);
    await metricsServer?.close();
    metricsServer = undefined;
  };

  const prepare = (): Promise<void> => prepareFirstEvent(definition);

  return { handle, init, shutdown, prepare, ...healthProbes(() => stopping) };
}
