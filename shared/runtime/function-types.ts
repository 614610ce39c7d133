/** The contract of a function: what its definition declares and what the runtime gives it. */
import type { InformedKind } from '../cache/object-cache.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { GroupVersionKind, KubeClient } from '../kube/types.ts';
import type { Logger } from '../observability/logger.ts';
import type { AnyKindReconciler, ReconcileRequest } from '../reconcile/pipeline.ts';
import type { HealthProbes } from './health-probes.ts';

/** What `mapEvent` may use to find the objects an event concerns. */
export interface EventMappingContext {
  /** Reads of informed kinds come from the function's cache; writes are live. */
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
  /**
   * Kinds kept in memory from a watch (its role needs list and watch on them): every read of them
   * is answered without a request. The owned kinds belong here, and anything read per reconcile
   * that changes rarely (models, templates, runtime configs, nodes).
   */
  informedKinds?: readonly InformedKind[];
  /**
   * Reconciles one instance runs at once unless `AIM_RECONCILE_CONCURRENCY` says otherwise
   * (default 4): more for a function whose reconciles mostly wait on something else than the API
   * server's CPU (reconcile-concurrency.ts).
   */
  reconcileConcurrency?: number;
}

export interface FunctionDependencies {
  createClient?: () => KubeClient | Promise<KubeClient>;
  now?: () => Date;
  logger?: Logger;
  operatorNamespace?: string;
  /** Default true: run a full resync in the background once the cache warms up. */
  initialResync?: boolean;
  /** After the initial resync, one more sweep this much later (default 30 000; 0: none): resync.ts. */
  startupFollowUpMs?: number;
  /** The cache warms up (and the initial resync runs) this long after `init` at the latest (default 250; 0: at once). */
  warmDelayMs?: number;
  /** Reconciles run at once (default 4). */
  concurrency?: number;
  /** Serve `metricsRegistry` on this port from `init` (default: `AIM_METRICS_PORT`, else off). */
  metricsPort?: number;
  /** How long an event waits for the cache to catch up with it before it is read live (default 2 s). */
  cacheCatchUpMs?: number;
  /** How long an event's answer waits for its object's run before the function keeps it (default: `AIM_EVENT_ANSWER_WAIT_MS`, 1000). */
  eventAnswerWaitMs?: number;
  /** Where keep-alives go (default `K_SINK`; '' none: timers live in the process only). */
  sink?: string;
  /** Status writes of an object under way at most once per this many ms (default: `AIM_STATUS_PACING_MS`, 1000; 0 off). */
  statusPacingMs?: number;
}

/** The part of faas-js-runtime's context the handler reads. */
export interface InvocationContext {
  /** Set by the runtime when the request is a CloudEvent it could parse. */
  cloudevent?: unknown;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export interface FunctionModule extends HealthProbes {
  handle(context: InvocationContext, event?: unknown): Promise<void>;
  init(): Promise<void>;
  shutdown(): Promise<void>;
  /** Called once the function listens: readies what its first event needs (prepare.ts). */
  prepare(): Promise<void>;
}
