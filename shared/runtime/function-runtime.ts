/**
 * A function's running state: its Kubernetes client, its object cache, and the work queue every
 * reconcile goes through (events, timers and resync alike). `define-function.ts` wires it to
 * faas-js-runtime; `resync.ts` sweeps through it.
 */
import { performance } from 'node:perf_hooks';
import type { ObjectCache } from '../cache/object-cache.ts';
import { operatorNamespace as defaultOperatorNamespace } from '../constants/operator-namespace.ts';
import { createKubeClient } from '../kube/client.ts';
import { RequestCountingClient } from '../kube/counting-client.ts';
import { createEventRecorder } from '../kube/event-recorder.ts';
import { EventSender } from '../kube/event-sender.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { createLogger, type Logger, withFields } from '../observability/logger.ts';
import {
  countKubeRequest,
  kubeEventsPending,
  observeKubeResponse,
  observeReconcileRequest,
  observeWorkQueue,
} from '../observability/metrics.ts';
import {
  type AnyKindReconciler,
  type ReconcileContext,
  type ReconcileOutcome,
  type ReconcileRequest,
  reconcileObject,
} from '../reconcile/pipeline.ts';
import { StatusWritePacer, statusPacingMsFromEnv } from '../reconcile/status-pacing.ts';
import { reportingWritesTo } from '../reconcile/write-reporting-client.ts';
import { TimedWork } from '../timed-work/timed-work.ts';
import { settledWithin } from './event-answer-wait.ts';
import { logFailure, requestBucket, requestKey } from './event-answers.ts';
import { eventInputsOf, inputsAccountedFor } from './event-inputs-read.ts';
import { apiServerUnavailable, classifyFailure } from './failure.ts';
import { functionCache } from './function-cache.ts';
import type { FunctionDefinition, FunctionDependencies } from './function-types.ts';
import { reconcileConcurrencyFromEnv } from './reconcile-concurrency.ts';
import { ReconcileMemory } from './reconcile-memory.ts';
import { reportFailed, reportReconciled } from './reconcile-report.ts';
import { RetryBackoff, retryAfterOf } from './retry-backoff.ts';
import { type Priority, WorkQueue } from './work-queue.ts';

/** Further off than a day, the resync has long come by (and Node's timers overflow at ~24.8 days). */
const MAX_REQUEUE_SECONDS = 86_400;

export interface Work {
  request: ReconcileRequest;
  log: Logger;
  /** Read everything from the API server: the cache could not confirm it has seen the event. */
  live: boolean;
}

export class FunctionRuntime {
  readonly definition: FunctionDefinition;
  readonly name: string;
  readonly fieldManager: string;
  readonly log: Logger;
  readonly queue: WorkQueue<Work>;
  /** How the instance stays up, or is woken, for its timers (shared/timed-work). */
  readonly timedWork: TimedWork;
  readonly #deps: FunctionDependencies;
  #client: Promise<KubeClient> | undefined;
  #cache: ObjectCache | undefined;
  readonly #memory = new ReconcileMemory();
  readonly #backoff = new RetryBackoff();
  readonly #statusPacer: StatusWritePacer | undefined;
  /** Kubernetes Events are written off the reconcile's path (event-sender.ts), one sender per client. */
  #events: { client: KubeClient; sender: EventSender } | undefined;

  constructor(definition: FunctionDefinition, deps: FunctionDependencies) {
    this.definition = definition;
    this.name = definition.name;
    this.fieldManager = `aim-${definition.name}`;
    this.#deps = deps;
    this.log = deps.logger ?? createLogger({ function: definition.name });
    const pacingMs = deps.statusPacingMs ?? statusPacingMsFromEnv();
    this.#statusPacer = pacingMs > 0 ? new StatusWritePacer(pacingMs) : undefined;
    this.queue = new WorkQueue<Work>({
      concurrency:
        deps.concurrency ?? reconcileConcurrencyFromEnv(process.env, definition.reconcileConcurrency),
      run: (work) => this.#reconcile(work),
      merge: (earlier, later) => ({ ...later, live: earlier.live || later.live }),
      bucketOf: (_key, work) => requestBucket(work.request),
      onTimersChanged: () => this.timedWork.changed(),
    });
    observeWorkQueue(this.name, this.queue);
    this.timedWork = new TimedWork({
      functionName: definition.name,
      namespace: deps.operatorNamespace ?? defaultOperatorNamespace(),
      fieldManager: this.fieldManager,
      sink: deps.sink === undefined ? process.env.K_SINK?.trim() || undefined : deps.sink || undefined,
      kube: () => this.kube(),
      dueTimes: () => this.queue.dueTimes(),
      log: this.log,
    });
  }

  get cache(): ObjectCache | undefined {
    return this.#cache;
  }

  get now(): () => Date {
    return this.#deps.now ?? (() => new Date());
  }

  /** The client (and its cache), created once; a failed creation is retried by the next caller. */
  kube(): Promise<KubeClient> {
    if (this.#client === undefined) {
      const creating = (async () => {
        const client = await (this.#deps.createClient
          ? this.#deps.createClient()
          : createKubeClient({
              onRequest: (request) => countKubeRequest(this.name, request),
              onResponse: (request, seconds) => observeKubeResponse(this.name, request, seconds),
              // A cold start's first reconcile has up to three requests in flight at once.
              preconnect: 3,
            }));
        this.#cache ??= functionCache(this.definition, client, this.fieldManager, this.log, () =>
          this.#memory.changed(),
        );
        return client;
      })();
      creating.catch(() => {
        if (this.#client === creating) this.#client = undefined;
      });
      this.#client = creating;
    }
    return this.#client;
  }

  /** A client for event mapping: reads of informed kinds from memory, writes live. */
  mappingClient(kube: KubeClient): KubeClient {
    return this.#cache ? reportingWritesTo(this.#cache, kube, this.#cache) : kube;
  }

  submit(work: Work, priority: Priority = 'event'): Promise<void> {
    return this.queue.enqueue(requestKey(work.request), work, priority);
  }

  /**
   * Queues a reconcile no caller waits for: another object's event asked for it, and holding that
   * event's answer until every dependent has run would hold one of the Broker's deliveries per
   * fan-out. A run the API server's absence failed is retried here, with backoff.
   */
  submitDependent(work: Work): void {
    this.#keep(work, this.submit(work, 'dependent'));
  }

  /**
   * Queues an event's own object and waits for its run at most `waitMs`: a run that ends by then
   * answers the event (a failure the Broker should retry included); one that does not is kept,
   * as a dependent's is, and the event answered.
   */
  async submitAnswering(work: Work, priority: Priority, waitMs: number): Promise<'done' | 'kept'> {
    const run = this.submit(work, priority);
    const result = await settledWithin(run, waitMs);
    if (result === 'kept') this.#keep(work, run);
    return result;
  }

  /** A run nobody waits for: one the API server's absence failed is retried here, with backoff. */
  #keep(work: Work, run: Promise<void>): void {
    run.catch((err: unknown) => {
      if (apiServerUnavailable(err))
        this.requeueLater({ ...work, live: false }, this.#backoff.next(requestKey(work.request)));
      // Anything else was logged, and retried when worth it, by the run itself.
    });
  }

  /** Time-based follow-up (download progress, backoff expiry, the next sync); see timed-work.ts. */
  requeueLater(work: Work, seconds: number): void {
    const delay = Math.min(seconds, MAX_REQUEUE_SECONDS) * 1000;
    observeReconcileRequest(this.name, work.request.kind, 'timer');
    this.queue.later(requestKey(work.request), work, delay);
  }

  /** Whether an event of `request` at `resourceVersion` brings nothing a finished reconcile has not seen. */
  alreadyReconciled(request: ReconcileRequest, resourceVersion: string | undefined): boolean {
    return this.#memory.alreadyReconciled(requestKey(request), resourceVersion);
  }

  /** Whether `object` holds the `eventInputs` of the last finished reconcile, none being queued or running. */
  inputsUnchanged(request: ReconcileRequest, object: KubeObject): boolean {
    const inputs = eventInputsOf(this.reconcilerOf(request), object);
    const key = requestKey(request);
    return inputs !== undefined && !this.queue.has(key) && this.#memory.sameInputs(key, inputs);
  }

  /** Whether a resync may skip `key`: in order at `resourceVersion`, and nothing changed since. */
  isClean(key: string, resourceVersion: string | undefined): boolean {
    return this.#memory.isClean(key, resourceVersion);
  }

  /** Forgets what it remembers of objects that no longer exist. */
  pruneClean(existing: ReadonlySet<string>, kindPrefix: string): void {
    this.#memory.prune(existing, kindPrefix);
  }

  context(kube: KubeClient, log: Logger, live: boolean): ReconcileContext {
    const cache = this.#cache;
    const ctx: ReconcileContext = {
      client: new RequestCountingClient(cache ? reportingWritesTo(cache, kube) : kube),
      log,
      now: this.now,
      fieldManager: this.fieldManager,
      operatorNamespace: this.#deps.operatorNamespace ?? defaultOperatorNamespace(),
      recorder: createEventRecorder(
        kube,
        { component: this.fieldManager, instance: process.env.POD_NAME },
        (err) => log.warn({ err: String(err) }, 'could not record a Kubernetes Event'),
        this.#eventSender(kube),
      ),
    };
    if (cache && !live) ctx.reads = cache;
    if (this.#statusPacer) ctx.statusPacer = this.#statusPacer;
    return ctx;
  }

  /** Resolves once every queued Kubernetes Event has been written (or failed). */
  eventsWritten(): Promise<void> {
    return this.#events?.sender.idle() ?? Promise.resolve();
  }

  #eventSender(kube: KubeClient): EventSender {
    if (this.#events?.client !== kube) {
      const sender = new EventSender(kube, {
        onDrop: () => this.log.warn('too many Kubernetes Events waiting; dropped one'),
        busy: () => this.queue.depth > 0,
        onBacklog: (count) => kubeEventsPending.set({ function: this.name }, count),
      });
      this.#events = { client: kube, sender };
    }
    return this.#events.sender;
  }

  stop(): void {
    this.queue.stop();
    this.#cache?.stop();
  }

  async #reconcile(work: Work): Promise<void> {
    const { request } = work;
    const log = withFields(work.log, {
      kind: request.kind,
      namespace: request.namespace,
      name: request.name,
    });
    const reconciler = this.reconcilerOf(request);
    if (reconciler === undefined)
      throw new Error(`${this.name} has no reconciler for ${request.apiVersion} ${request.kind}`);
    const kube = await this.kube();
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const epoch = this.#memory.epoch;
    const key = requestKey(request);
    this.#memory.starting(key);
    try {
      const outcome = await reconcileObject(this.context(kube, log, work.live), reconciler, request);
      reportReconciled(log, { function: this.name, kind: request.kind }, outcome, elapsed());
      this.#backoff.reset(key);
      this.#memory.reconciled(
        key,
        outcome,
        await inputsAccountedFor(reconciler, this.#cache, request, outcome),
      );
      if (outcome.requeueAfterSeconds)
        this.requeueLater({ ...work, live: false }, outcome.requeueAfterSeconds);
      else this.#markClean(key, request, outcome, epoch);
    } catch (err) {
      const failure = classifyFailure(err);
      reportFailed({ function: this.name, kind: request.kind }, failure, elapsed());
      // The API server unreachable or overloaded: nothing was written, so the event goes back
      // to the Broker (503), which keeps it across a restart of this process and redelivers.
      if (failure.class !== 'retry' || apiServerUnavailable(err)) {
        logFailure(log, failure, err);
        throw err;
      }
      // Anything else transient (a registry answer in the observed state, a write that kept
      // conflicting) was handled: the status says so. The function retries it with backoff
      // (retry-backoff.ts), so no redelivery holds one of the Broker's deliveries in flight.
      const seconds = retryAfterOf(err) ?? this.#backoff.next(key);
      logFailure(log, failure, err, `reconcile will be retried in ${seconds} s`);
      this.requeueLater({ ...work, live: false }, seconds);
    }
  }

  /** The reconciler of `request`'s kind, if this function owns it. */
  reconcilerOf(request: ReconcileRequest): AnyKindReconciler | undefined {
    return this.definition.reconcilers.find(
      (candidate) => candidate.gvk.kind === request.kind && candidate.gvk.apiVersion === request.apiVersion,
    );
  }

  #markClean(key: string, request: ReconcileRequest, outcome: ReconcileOutcome, epoch: number): void {
    const cache = this.#cache;
    if (cache === undefined || !cache.informs(request)) return;
    this.#memory.markClean(key, outcome, cache.resourceVersionOf(request), epoch);
  }
}
