/**
 * The periodic resync (a PingSource tick, and once at start): every object of every owned kind is
 * brought in order, whatever events were lost.
 *
 * With the object cache the sweep costs no request: the owned kinds are already in memory, and an
 * object that was in order at its current resourceVersion, with no change seen since by any cache
 * of this function, is skipped. Every `FULL_SWEEP_EVERY` ticks nothing is skipped (what the caches
 * cannot see — a Secret, a registry — gets its turn). Without a cache (a client that cannot
 * watch) each kind is LISTed and swept as before.
 *
 * A tick answers for the sweep, not for each object: one failing object must not make the broker
 * replay the whole sweep (its own events and the next tick retry it). Only a kind that could not
 * even be listed makes the tick itself fail.
 */
import { kindId, objectKey } from '../kube/objects.ts';
import type { KubeClient } from '../kube/types.ts';
import { type Logger, withFields } from '../observability/logger.ts';
import { observeReconcile, observeReconcileRequest } from '../observability/metrics.ts';
import { type AnyKindReconciler, reconcileAll } from '../reconcile/pipeline.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import { delay } from './delay.ts';
import { logFailure, requestKey } from './event-answers.ts';
import { type ClassifiedFailure, classifyFailure, failureAnswer } from './failure.ts';
import type { Priority } from './fair-pending.ts';
import type { FunctionRuntime } from './function-runtime.ts';
import { resyncPriority } from './priority-by-status.ts';

export const FULL_SWEEP_EVERY = 10;

/** How long the objects a sweep merely checks wait for the urgent ones to finish, at most. */
export const URGENT_HEAD_START_MS = 1_000;

interface KindSweep {
  objectFailures: number;
  listFailure?: ClassifiedFailure;
}

export class Resync {
  readonly #runtime: FunctionRuntime;
  #inFlight: Promise<number> | undefined;
  #ticks = 0;

  constructor(runtime: FunctionRuntime) {
    this.#runtime = runtime;
  }

  get inFlight(): Promise<number> | undefined {
    return this.#inFlight;
  }

  /**
   * The sweep a function starts with (nothing was sent for what existed before it), in the
   * background; then, `followUpMs` later, one more. What the functions change while they start
   * (a takeover's caches turning Ready, routes accepted) can happen before the event sources,
   * started beside them, watch: no event will tell, and the next tick may be ten minutes away.
   * The follow-up reconciles only what changed since (clean objects are skipped).
   */
  background(kube: KubeClient, log: Logger, isStopping: () => boolean, followUpMs = 0): void {
    this.run(kube, log, isStopping).then(
      (failed) => {
        log.info({ failed }, 'initial resync done');
        if (followUpMs <= 0 || isStopping()) return;
        setTimeout(() => {
          if (isStopping()) return;
          this.run(kube, log, isStopping).then(
            (again) => log.info({ failed: again }, 'start-up follow-up resync done'),
            (err: unknown) => log.warn({ err }, 'start-up follow-up resync incomplete'),
          );
        }, followUpMs).unref();
      },
      (err: unknown) => log.warn({ err }, 'initial resync incomplete; the next resync tick retries'),
    );
  }

  /** Resolves with the number of objects (or kinds) that failed; concurrent callers share the sweep. */
  run(kube: KubeClient, log: Logger, isStopping: () => boolean): Promise<number> {
    if (this.#inFlight) return this.#inFlight;
    const full = this.#ticks % FULL_SWEEP_EVERY === 0;
    this.#ticks += 1;
    const sweep = (async () => {
      const listFailures: ClassifiedFailure[] = [];
      let objectFailures = 0;
      for (const reconciler of this.#runtime.definition.reconcilers) {
        if (isStopping()) break;
        const kindLog = withFields(log, { kind: reconciler.gvk.kind });
        const result = await this.#kind(kube, kindLog, reconciler, full);
        if (result.listFailure) listFailures.push(result.listFailure);
        objectFailures += result.objectFailures;
      }
      const answer = failureAnswer(listFailures, 'resync');
      if (answer) throw answer;
      return objectFailures + listFailures.length;
    })();
    this.#inFlight = sweep;
    const clear = () => {
      if (this.#inFlight === sweep) this.#inFlight = undefined;
    };
    sweep.then(clear, clear);
    return sweep;
  }

  async #kind(
    kube: KubeClient,
    log: Logger,
    reconciler: AnyKindReconciler,
    full: boolean,
  ): Promise<KindSweep> {
    const runtime = this.#runtime;
    const objects = await runtime.cache?.snapshot(reconciler.gvk);
    if (objects === undefined) return this.#listed(kube, log, reconciler);
    const keys = new Set<string>();
    const urgent: ReconcileRequest[] = [];
    const checks: ReconcileRequest[] = [];
    let skipped = 0;
    for (const object of objects) {
      const request = objectKey({
        ...object,
        apiVersion: reconciler.gvk.apiVersion,
        kind: reconciler.gvk.kind,
      });
      const key = requestKey(request);
      keys.add(key);
      if (!full && runtime.isClean(key, object.metadata.resourceVersion)) {
        skipped += 1;
        continue;
      }
      observeReconcileRequest(runtime.name, request.kind, 'resync');
      const priority = resyncPriority(object, reconciler.ownedConditionTypes);
      (priority === 'unanswered' ? urgent : checks).push(request);
    }
    runtime.pruneClean(keys, `${kindId(reconciler.gvk)}|`);
    const submit = (request: ReconcileRequest, priority: Priority) =>
      runtime.submit({ request, log, live: false }, priority);
    const urgentRuns = urgent.map((request) => submit(request, 'unanswered'));
    // What is merely checked waits for the urgent ones (up to a bound): sharing the workers and the
    // event loop with 100 settled services cost a cold function's new one ~70 ms.
    if (urgentRuns.length > 0 && checks.length > 0)
      await Promise.race([Promise.allSettled(urgentRuns), delay(URGENT_HEAD_START_MS)]);
    const runs = [...urgentRuns, ...checks.map((request) => submit(request, 'resync'))];
    const results = await Promise.allSettled(runs);
    const failed = results.filter((result) => result.status === 'rejected').length;
    log.info({ objects: objects.length, skipped, failed, full }, 'resync of kind done');
    return { objectFailures: failed };
  }

  /** Without a cache: one LIST, then every object in turn (`reconcileAll`). */
  async #listed(kube: KubeClient, log: Logger, reconciler: AnyKindReconciler): Promise<KindSweep> {
    const runtime = this.#runtime;
    const kind = reconciler.gvk.kind;
    try {
      const sweep = await reconcileAll(runtime.context(kube, log, true), reconciler);
      let objectFailures = 0;
      for (const entry of sweep.entries) {
        if (entry.outcome) {
          observeReconcile({
            function: runtime.name,
            kind,
            result: entry.outcome.result,
            apiRequests: entry.outcome.apiRequests,
          });
          if (entry.outcome.requeueAfterSeconds && entry.key) {
            runtime.requeueLater({ request: entry.key, log, live: false }, entry.outcome.requeueAfterSeconds);
          }
          continue;
        }
        // reconcileAll has logged the failure with the object's key.
        const failure = classifyFailure(entry.error);
        observeReconcile({
          function: runtime.name,
          kind,
          result: failure.class === 'retry' ? 'retry' : 'error',
          errorReason: failure.reason,
        });
        objectFailures += 1;
      }
      log.info({ objects: sweep.entries.length, failed: sweep.failed }, 'resync of kind done');
      return { objectFailures };
    } catch (err) {
      // Listing the kind failed; the other kinds still get their turn.
      const failure = classifyFailure(err);
      logFailure(log, failure, err, `listing ${kind} for resync failed`);
      return { objectFailures: 0, listFailure: failure };
    }
  }
}
