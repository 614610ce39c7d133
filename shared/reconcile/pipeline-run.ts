/**
 * One pass of the pipeline over an object that was just read: deletion/finalizer handling, pause,
 * spec validation, fetch → plan → health → state engine, children, and the owned part of status.
 * A 409 escapes to the caller, which re-reads and calls again.
 */
import { ANNOTATIONS, RECONCILIATION_PAUSED_VALUE } from '../constants/annotations.ts';
import type { AIMStatus } from '../constants/status.ts';
import { isNotFound } from '../kube/errors.ts';
import { keyFields, objectKey } from '../kube/objects.ts';
import type { KubeObject } from '../kube/types.ts';
import { evaluateApplyFailure } from './apply-failure.ts';
import { type ConditionEvent, conditionTransitionEvents, isErrorLevel } from './condition-events.ts';
import type { Condition, ConditionSet } from './conditions.ts';
import { foldEvents } from './event-folding.ts';
import { invalidSpecEvaluation } from './invalid-spec.ts';
import { type Evaluation, evaluate, ownershipOf } from './pipeline-evaluation.ts';
import { ensureFinalizer, releaseFinalizer } from './pipeline-finalizer.ts';
import { readInputs } from './pipeline-reads.ts';
import { deleteChildren, deleteErrorText, executePlan, type PlannedEvent } from './plan.ts';
import type {
  FetchInput,
  KindReconciler,
  ReconcileContext,
  ReconcileOutcome,
  ReconcileResult,
} from './reconciler.ts';
import { recordEvents } from './record-events.ts';
import { RetryableError } from './retryable-error.ts';
import { parserOf } from './schema-parse.ts';
import { describeIssues } from './spec-issues.ts';
import { statusHeldMs } from './status-hold.ts';
import { pacedDelayMs, pacingKeyOf } from './status-pacing.ts';
import {
  applyStatus,
  conditionsOf,
  desiredStatus,
  domainFieldsOf,
  droppedStatusFields,
  type StatusOwnership,
  statusChanged,
} from './status-write.ts';

export interface Attempt {
  outcome: Omit<ReconcileOutcome, 'apiRequests'>;
  object?: KubeObject;
  events: ConditionEvent[];
  /** Conditions worth a warning log on every run (spec §5.7 "recurring"). */
  errorConditions: Condition[];
  retry?: RetryableError;
}

export function isPaused(object: KubeObject): boolean {
  return object.metadata.annotations?.[ANNOTATIONS.reconciliationPaused] === RECONCILIATION_PAUSED_VALUE;
}

function statusOf(object: KubeObject): Record<string, unknown> {
  const status: unknown = object.status;
  return typeof status === 'object' && status !== null && !Array.isArray(status)
    ? (status as Record<string, unknown>)
    : {};
}

export class PipelineRun<Obj, Fetched> {
  readonly #ctx: ReconcileContext;
  readonly #reconciler: KindReconciler<Obj, Fetched>;
  readonly #ownership: StatusOwnership;

  constructor(ctx: ReconcileContext, reconciler: KindReconciler<Obj, Fetched>) {
    this.#ctx = ctx;
    this.#reconciler = reconciler;
    this.#ownership = ownershipOf(reconciler);
  }

  async attempt(read: KubeObject): Promise<Attempt> {
    const now = this.#ctx.now();
    // Deletion comes first so that a paused object can still be deleted (its finalizer released).
    if (read.metadata.deletionTimestamp) {
      await releaseFinalizer(this.#ctx, this.#reconciler, read);
      return { outcome: { result: 'deleted' }, events: [], errorConditions: [] };
    }
    if (isPaused(read)) return { outcome: { result: 'paused' }, events: [], errorConditions: [] };
    // The finalizer's write changes no spec: the reads run meanwhile (one round trip less before
    // a new object's first status; a cold function's first event read six in turn).
    const finalized = ensureFinalizer(this.#ctx, this.#reconciler, read);
    const parsed = parserOf(this.#reconciler.schema())(read);
    if (!parsed.success) return this.#invalid(await finalized, describeIssues(parsed.error.issues), now);
    return this.#reconcile(read, finalized, parsed.data, now);
  }

  #mapStatus(status: AIMStatus): string {
    return this.#reconciler.statusMapping ? this.#reconciler.statusMapping(status) : status;
  }

  /** A spec the schema rejects: Failed with ConfigValid=False/InvalidSpec naming the field; nothing else runs. */
  async #invalid(object: KubeObject, message: string, now: Date): Promise<Attempt> {
    this.#ctx.log.warn({ ...keyFields(objectKey(object)), message }, 'spec failed validation');
    if (this.#ownership.mode === 'component')
      return { outcome: { result: 'invalid' }, events: [], errorConditions: [] };
    const previous = statusOf(object);
    const evaluation = invalidSpecEvaluation({
      previous,
      generation: object.metadata.generation,
      message,
      now,
      ownership: this.#ownership,
      status: this.#mapStatus('Failed'),
    });
    return this.#finish(object, previous, domainFieldsOf(previous), evaluation, 'invalid', undefined);
  }

  async #reconcile(read: KubeObject, finalized: Promise<KubeObject>, obj: Obj, now: Date): Promise<Attempt> {
    const reconciler = this.#reconciler;
    // Both settle before either is used, so no failure goes unobserved; the finalizer's wins.
    const [written, reads] = await Promise.allSettled([
      finalized,
      readInputs(this.#ctx, reconciler, read, obj),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (reads.status === 'rejected') throw reads.reason;
    const object = written.value;
    const previous = statusOf(object);
    const input: FetchInput = { ...reads.value.input, object };
    const runtimeConfig = input.runtimeConfig;
    // Admission (a discovery slot) may write: only with the finalizer in place.
    const fetched = reconciler.admit
      ? await reconciler.admit(this.#ctx, obj, reads.value.fetched, { ...input, now })
      : reads.value.fetched;
    const plan = reconciler.plan(obj, fetched, now);
    const health = reconciler.health(obj, fetched, now);
    const domain = domainFieldsOf(previous);
    const evaluationInput = {
      object,
      previous,
      health,
      now,
      decorate: (conditions: ConditionSet) => reconciler.decorate?.(domain, conditions, obj, fetched, now),
      ownership: this.#ownership,
      dependenciesGraceSeconds: reconciler.dependenciesGraceSeconds,
      mapStatus: (status: AIMStatus) => this.#mapStatus(status),
    };
    let evaluation = evaluate(evaluationInput);

    let applied = false;
    if (evaluation.shouldApply) {
      const execution = await executePlan(this.#ctx.client, object, plan, {
        controller: reconciler.controllerName,
        runtimeConfig: runtimeConfig?.ok ? runtimeConfig.value?.spec : undefined,
        fieldManager: this.#ctx.fieldManager,
        observed: reconciler.observedChildren?.(fetched),
      });
      if (execution.failure !== undefined) {
        const { failure } = execution;
        this.#ctx.log.warn(
          { ...keyFields(objectKey(object)), message: failure.message },
          'applying children failed',
        );
        evaluation = evaluateApplyFailure({
          evaluation,
          failure,
          now,
          generation: object.metadata.generation,
          reevaluate: (extra) => evaluate({ ...evaluationInput, health: [...health, extra] }),
          writesReady: this.#ownership.mode !== 'component',
        });
      } else {
        applied = true;
      }
    } else if (plan.retire !== undefined && plan.retire.length > 0) {
      // Blocked: nothing else is applied, but what replaced these keeps serving (plan.ts).
      const { errors } = await deleteChildren(this.#ctx.client, plan.retire);
      if (errors.length > 0)
        this.#ctx.log.warn(
          { ...keyFields(objectKey(object)), errors: errors.map(deleteErrorText) },
          'retiring superseded children failed',
        );
    }
    // Recorded at once: a later 409 re-runs the plan, which no longer repeats a creation.
    const planned = (plan.events ?? []).filter((event) => !event.onApply || applied);
    // One that restates a condition waits for that condition's write (event-folding.ts).
    const folds = (event: PlannedEvent) => event.foldsInto !== undefined || event.joins !== undefined;
    await recordEvents(
      this.#ctx,
      object,
      planned.filter((event) => !folds(event)),
    );
    const holdMs = statusHeldMs(reconciler, {
      obj,
      fetched,
      now,
      applied,
      aimStatus: evaluation.aimStatus,
      current: previous,
      generation: object.metadata.generation,
    });
    const restating = planned.filter(folds);
    return this.#finish(
      object,
      previous,
      domain,
      evaluation,
      'reconciled',
      plan.requeueAfterSeconds,
      holdMs,
      restating,
    );
  }

  async #finish(
    object: KubeObject,
    previous: Record<string, unknown>,
    domain: Record<string, unknown>,
    evaluation: Evaluation,
    result: ReconcileResult,
    requeueAfterSeconds: number | undefined,
    holdMs = 0,
    restating: readonly PlannedEvent[] = [],
  ): Promise<Attempt> {
    const desired = desiredStatus(this.#ownership, {
      domain,
      conditions: evaluation.conditions,
      componentHealth: evaluation.componentHealth,
      status: evaluation.status,
      observedGeneration: object.metadata.generation,
    });
    let resourceVersion = object.metadata.resourceVersion;
    const changed = statusChanged(this.#ownership, previous, desired);
    // A paced (or held) change is written once the interval ends, from what holds then; until
    // then nothing is written, so no Event either.
    const pacedMs = changed
      ? Math.max(
          holdMs,
          pacedDelayMs(
            this.#ctx.statusPacer,
            object,
            this.#ctx.now(),
            evaluation.aimStatus,
            previous,
            desired,
          ),
        )
      : 0;
    const written = conditionsOf(pacedMs > 0 ? previous : desired);
    const requeueAfter =
      pacedMs > 0
        ? Math.min(requeueAfterSeconds ?? Number.POSITIVE_INFINITY, pacedMs / 1000)
        : requeueAfterSeconds;
    let statusEvents: PlannedEvent[] = [];
    if (changed && pacedMs === 0) {
      try {
        const dropped = droppedStatusFields(this.#ownership, previous, desired);
        const stored = await applyStatus(this.#ctx.client, object, desired, this.#ctx.fieldManager, dropped);
        // Only a write conditional on the version read adds nothing but this writer's fields.
        resourceVersion = resourceVersion === undefined ? undefined : stored?.metadata?.resourceVersion;
        this.#ctx.statusPacer?.wrote(pacingKeyOf(object), this.#ctx.now().getTime());
      } catch (err) {
        // Deleted since it was read: nothing left to report on.
        if (isNotFound(err)) return { outcome: { result: 'not-found' }, events: [], errorConditions: [] };
        throw err;
      }
      const previousStatus = typeof previous.status === 'string' ? previous.status : undefined;
      if (this.#ownership.mode !== 'component' && previousStatus !== evaluation.status) {
        statusEvents =
          this.#reconciler.statusEvents?.(previousStatus, evaluation.status, conditionsOf(desired)) ?? [];
      }
    }
    const errorContext = {
      overall: evaluation.aimStatus,
      contributionOf: (component: string) => evaluation.contributions.get(component),
    };
    const carried = pacedMs > 0 ? restating.filter((event) => !event.plannedUntilWritten) : restating;
    const folded = foldEvents(conditionTransitionEvents(conditionsOf(previous), written, errorContext), [
      ...carried,
      ...statusEvents,
    ]);
    await recordEvents(this.#ctx, object, folded.standalone);
    const outcome: Attempt['outcome'] = { result };
    if (resourceVersion !== undefined) outcome.resourceVersion = resourceVersion;
    if (this.#ownership.mode !== 'component') outcome.status = evaluation.status;
    if (requeueAfter !== undefined && requeueAfter > 0) outcome.requeueAfterSeconds = requeueAfter;
    const attempt: Attempt = {
      outcome,
      object,
      events: folded.conditionEvents,
      errorConditions: written.filter((condition) => isErrorLevel(condition, errorContext)),
    };
    if (evaluation.shouldRequeue || evaluation.infraMessages.length > 0) {
      // The plan's requeue delay (e.g. a registry backoff) tells the caller when a retry can help.
      attempt.retry = new RetryableError(
        `transient errors: ${evaluation.infraMessages.join('; ')}`,
        outcome.requeueAfterSeconds !== undefined ? { retryAfterSeconds: outcome.requeueAfterSeconds } : {},
      );
    }
    return attempt;
  }
}
