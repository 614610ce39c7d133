/**
 * The per-object reconcile pipeline (spec §5.1, architecture.md "The reconcile pipeline"):
 *
 *   get → (deleted? finalize) → (paused? stop) → parse spec → fetch → plan → health → state engine
 *       → apply children → apply the owned part of status (with the resourceVersion read)
 *
 * Level-triggered: every run re-reads the object and recomputes everything, and a run that finds
 * nothing to change writes nothing. A 409 on the status write re-runs the whole sequence from a
 * fresh read (bounded).
 */
import { isConflict, isNotFound, isRetryable, KubeError } from '../kube/errors.ts';
import { describeObject, keyFields, objectKey } from '../kube/objects.ts';
import { retryOnConflict } from '../kube/retry.ts';
import type { KubeObject, ObjectKey } from '../kube/types.ts';
import { type Attempt, PipelineRun } from './pipeline-run.ts';
import { readerOf, SweepReadCache } from './read-cache.ts';
import type { KindReconciler, ReconcileContext, ReconcileOutcome, ReconcileRequest } from './reconciler.ts';
import { recordEvents } from './record-events.ts';
import { RetryableError } from './retryable-error.ts';
import { reportingWritesTo } from './write-reporting-client.ts';

export { isPaused } from './pipeline-run.ts';
export type {
  AnyKindReconciler,
  EventRecorder,
  FetchInput,
  Finalizer,
  KindReconciler,
  ReconcileContext,
  ReconcileLogger,
  ReconcileOutcome,
  ReconcileRequest,
  ReconcileResult,
} from './reconciler.ts';

function toReconcileError(err: unknown): unknown {
  if (err instanceof RetryableError) return err;
  if (isConflict(err))
    return new RetryableError('the object kept changing while it was reconciled', { cause: err });
  if (isRetryable(err)) {
    const retryAfterSeconds = err instanceof KubeError ? err.details.retryAfterSeconds : undefined;
    return new RetryableError((err as Error).message, {
      cause: err,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    });
  }
  return err;
}

async function run<Obj, Fetched>(
  ctx: ReconcileContext,
  reconciler: KindReconciler<Obj, Fetched>,
  key: ObjectKey,
  listed: KubeObject | undefined,
): Promise<ReconcileOutcome> {
  const start = ctx.client.requestCount;
  const pipeline = new PipelineRun(ctx, reconciler);
  let attempt: Attempt;
  try {
    attempt = await retryOnConflict(async (tries) => {
      let object = tries === 0 ? listed : undefined;
      if (object === undefined) {
        // The first read may come from the cache; after a 409 the object is read live.
        const reader = tries === 0 ? readerOf(ctx) : ctx.client;
        try {
          object = await reader.get(key);
        } catch (err) {
          if (isNotFound(err)) return { outcome: { result: 'not-found' }, events: [], errorConditions: [] };
          throw err;
        }
      }
      return pipeline.attempt(object);
    }, ctx.conflictRetry);
  } catch (err) {
    throw toReconcileError(err);
  }
  if (attempt.object !== undefined) await recordEvents(ctx, attempt.object, attempt.events);
  const fields = keyFields(key);
  for (const condition of attempt.errorConditions) {
    ctx.log.warn(
      { ...fields, condition: condition.type, reason: condition.reason, message: condition.message },
      'condition in error',
    );
  }
  const outcome: ReconcileOutcome = { ...attempt.outcome, apiRequests: ctx.client.requestCount - start };
  ctx.log.debug({ ...fields, ...outcome }, 'reconciled');
  if (attempt.retry !== undefined) throw attempt.retry;
  return outcome;
}

/** Reconciles one object by key. Throws `RetryableError` for anything worth retrying later. */
export function reconcileObject<Obj, Fetched>(
  ctx: ReconcileContext,
  reconciler: KindReconciler<Obj, Fetched>,
  request: ReconcileRequest,
): Promise<ReconcileOutcome> {
  const key: ObjectKey = { apiVersion: request.apiVersion, kind: request.kind, name: request.name };
  if (request.namespace) key.namespace = request.namespace;
  return run(ctx, reconciler, key, undefined);
}

export interface SweepEntry {
  key: ObjectKey;
  outcome?: ReconcileOutcome;
  error?: unknown;
}

export interface SweepResult {
  entries: SweepEntry[];
  /** How many objects failed (their errors are in `entries`). */
  failed: number;
  apiRequests: number;
}

/**
 * Resync: one LIST of the kind, then every object reconciled in turn. The listed copy stands in
 * for each object's first GET — it is as fresh as a GET issued a moment later, and a stale copy
 * only costs a 409 on the status write, after which the object is re-read. The reconciles share
 * one `SweepReadCache` (`ctx.reads`), so what they all read is read once per sweep. One object's
 * failure is recorded and the sweep goes on.
 */
export async function reconcileAll<Obj, Fetched>(
  context: ReconcileContext,
  reconciler: KindReconciler<Obj, Fetched>,
  options: { namespace?: string } = {},
): Promise<SweepResult> {
  const reads = new SweepReadCache(context.client, reconciler.sweepSnapshotKinds);
  const ctx: ReconcileContext = { ...context, client: reportingWritesTo(reads, context.client), reads };
  const start = ctx.client.requestCount;
  let items: KubeObject[];
  try {
    items = (await ctx.client.list(reconciler.gvk, options.namespace ? { namespace: options.namespace } : {}))
      .items;
  } catch (err) {
    throw toReconcileError(err);
  }
  const entries: SweepEntry[] = [];
  for (const item of items) {
    // List items may omit apiVersion/kind; the list's kind is theirs.
    const object: KubeObject = { ...item, apiVersion: reconciler.gvk.apiVersion, kind: reconciler.gvk.kind };
    const key = objectKey(object);
    try {
      entries.push({ key, outcome: await run(ctx, reconciler, key, object) });
    } catch (error) {
      ctx.log.warn({ ...keyFields(key), err: error }, `reconciling ${describeObject(key)} failed`);
      entries.push({ key, error });
    }
  }
  return {
    entries,
    failed: entries.filter((entry) => entry.error !== undefined).length,
    apiRequests: ctx.client.requestCount - start,
  };
}
