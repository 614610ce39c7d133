/**
 * The contract between the reconcile pipeline and a kind's domain logic: what a reconciler
 * provides (`KindReconciler`) and what the pipeline gives it (`ReconcileContext`, `FetchInput`).
 */
import type { ZodType } from 'zod';
import type { ControllerName } from '../constants/labels.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { BackoffOptions } from '../kube/retry.ts';
import type { GroupVersionKind, KubeClient, KubeObject } from '../kube/types.ts';
import type { EventType } from './condition-events.ts';
import type { Condition, ConditionSet } from './conditions.ts';
import type { ComponentHealth, FetchResult } from './health.ts';
import type { Plan, PlannedEvent } from './plan.ts';
import type { CachedKind, KubeReader } from './read-cache.ts';
import type { ResolvedRuntimeConfig } from './runtime-config.ts';
import type { StatusWritePacer } from './status-pacing.ts';

/** The subset of pino's logger the pipeline uses (a pino Logger satisfies it). */
export interface ReconcileLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Emits Kubernetes Events about an object (spec §5.7). */
export interface EventRecorder {
  record(obj: KubeObject, type: EventType, reason: string, message: string): Promise<void>;
}

export interface ReconcileContext {
  client: KubeClient;
  log: ReconcileLogger;
  now: () => Date;
  /** Server-side apply field manager of this function (`aim-<function>`). */
  fieldManager: string;
  operatorNamespace: string;
  recorder?: EventRecorder;
  /** Bounds the re-read-and-recompute loop after a 409 (default: 5 tries). */
  conflictRetry?: BackoffOptions;
  /**
   * Reads that may be answered from earlier in a resync sweep (its `SweepReadCache`: each read
   * once per sweep, declared kinds from one LIST); use `readerOf(ctx)`, which is `client` outside
   * a sweep. What must be current (a count under a lock) reads `client`, which is always live.
   */
  reads?: KubeReader;
  /** Paces status writes of objects still under way (status-pacing.ts); none: every change is written at once. */
  statusPacer?: StatusWritePacer;
}

export interface ReconcileRequest {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
}

export type ReconcileResult = 'reconciled' | 'paused' | 'not-found' | 'invalid' | 'deleted';

export interface ReconcileOutcome {
  result: ReconcileResult;
  /** status.status as computed (absent for writers that do not own it). */
  status?: string;
  requeueAfterSeconds?: number;
  /** API requests this reconcile issued (benchmarks report them). */
  apiRequests: number;
  /**
   * The object's resourceVersion this reconcile accounted for: the one it read, or the answer to
   * its own status write (which was conditional on the one it read, so it adds only this
   * writer's fields). An event at or below it brings nothing new to this writer.
   */
  resourceVersion?: string;
}

/** What the pipeline hands to `fetch` besides the parsed object. */
export interface FetchInput {
  /** The object as read from the API server (metadata intact). */
  object: KubeObject;
  /** The merged runtime config (§6), when the reconciler declares `runtimeConfigScope`. */
  runtimeConfig?: FetchResult<ResolvedRuntimeConfig | undefined>;
}

export interface Finalizer {
  name: string;
  /** Cleanup before the finalizer is removed; throwing keeps the finalizer (the reconcile is retried). */
  finalize(ctx: ReconcileContext, obj: KubeObject): Promise<void>;
}

/** One kind's domain logic; the pipeline does everything else. */
export interface KindReconciler<Obj, Fetched> {
  gvk: GroupVersionKind;
  /**
   * The kind's zod schema (whole object), built when the first object is parsed
   * (shared/api/lazy-schema.ts); a failure marks the object Failed/InvalidSpec.
   */
  schema: () => ZodType<Obj>;
  /** Upstream controller name: controller labels and the children's managed-by value. */
  controllerName: ControllerName;
  /**
   * Resolve the merged runtime config (§6) named by `spec.runtimeConfigName` before `fetch`:
   * `namespace` for namespaced kinds (namespaced config over cluster config), `cluster` for
   * cluster-scoped kinds. It also drives label propagation (§5.6).
   */
  runtimeConfigScope?: 'namespace' | 'cluster';
  /** All reads; failures are captured as FetchResult values, never thrown. */
  fetch(ctx: ReconcileContext, obj: Obj, input: FetchInput): Promise<Fetched>;
  /**
   * Optional write step between fetch and plan, for a write that must be atomic with a read that
   * decides it (e.g. count the active Jobs and create one, under a lock). What it returns replaces
   * the fetched value, so plan, health and decorate describe what it did. It runs before the state
   * engine, so it checks its own preconditions; it must not throw (capture errors as values).
   */
  admit?(
    ctx: ReconcileContext,
    obj: Obj,
    fetched: Fetched,
    input: FetchInput & { now: Date },
  ): Promise<Fetched>;
  /** Pure: desired children and deletions. */
  plan(obj: Obj, fetched: Fetched, now: Date): Plan;
  /**
   * The children as `fetch` read them. A desired child whose every field already holds in its
   * observed copy is not re-applied, so a steady-state reconcile issues no writes at all.
   */
  observedChildren?(fetched: Fetched): readonly KubeObject[];
  /** Pure: one entry per component. */
  health(obj: Obj, fetched: Fetched, now: Date): ComponentHealth[];
  /**
   * Upstream `decorateStatus`, run before the Ready scan: set domain status fields on `status`
   * (a copy of the current status without conditions/status/observedGeneration, so fields that
   * are "never cleared" upstream persist unless deleted here) and add or override conditions.
   */
  decorate?(
    status: Record<string, unknown>,
    conditions: ConditionSet,
    obj: Obj,
    fetched: Fetched,
    now: Date,
  ): void;
  /** Multi-writer kinds: the condition types this writer owns; only these (and their components' entries) are applied. */
  ownedConditionTypes?: readonly string[];
  /** Multi-writer kinds: the domain status fields this writer owns (e.g. `resolvedModel`). */
  ownedStatusFields?: readonly string[];
  /**
   * Default true. False ⇒ status.status, observedGeneration and the summary conditions (Ready,
   * ConfigValid, AuthValid, DependenciesReachable) are not written. Either way, a writer of a
   * multi-writer kind applies the `status.componentHealth` entries of the components whose
   * conditions it owns, from which the summary writer learns their states.
   */
  writesSummary?: boolean;
  /**
   * Single and summary writers: Events about a change of `status.status` (e.g. "service is now
   * Running"), recorded once the new status is written. `conditions` are the ones written.
   */
  statusEvents?(previous: string | undefined, next: string, conditions: readonly Condition[]): PlannedEvent[];
  /**
   * Summary writers of a multi-writer kind: how long (ms) a first status that reports nothing
   * wrong may wait for another writer that is about to write (0: write now). Meanwhile nothing
   * is written (no Event either) and the reconcile is requeued for the end of the wait; the other
   * writer's write, an event of the object, brings it back sooner.
   */
  firstStatusHoldMs?(obj: Obj, fetched: Fetched, now: Date): number;
  /**
   * Summary writers: how long (ms) a change of an object whose summary is current and under way
   * may wait for a change that is seconds away (e.g. a new InferenceService turning Ready), so
   * that both are written at once. Held as the first status is (status-hold.ts). `applied`:
   * whether this reconcile applied its children.
   */
  settlingStatusHoldMs?(obj: Obj, fetched: Fetched, now: Date, applied: boolean): number;
  /** Maps the framework status to the kind's enum (e.g. `aimServiceStatus`). */
  statusMapping?: (status: AIMStatus) => string;
  finalizer?: Finalizer;
  /**
   * Kinds a resync sweep LISTs once (on first use) to answer every `readerOf(ctx)` get/list of
   * them, for kinds most objects read one of (their model, their InferenceService): without it
   * each such read is answered once per distinct request, i.e. one GET per object.
   */
  sweepSnapshotKinds?: readonly CachedKind[];
  dependenciesGraceSeconds?: number;
  /**
   * A component writer of a multi-writer kind: what of its own object a reconcile reads. An event
   * of the object whose inputs equal those of the last finished reconcile (the other writers'
   * status writes) brings it nothing, and is skipped while no reconcile of it is queued or
   * running. Without it every such event is reconciled.
   */
  eventInputs?: (object: KubeObject) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry of reconcilers of any object and fetch type
export type AnyKindReconciler = KindReconciler<any, any>;
