/**
 * A reconciler's desired children and how the pipeline carries them out (spec §5.1): deletions
 * first; only when they all succeed, every child is labelled (§5.6), given a controller owner
 * reference when owned, and server-side applied in a stable order.
 */
import type { LabelPropagation } from '../api/common/label-propagation.ts';
import type { ControllerName } from '../constants/labels.ts';
import { isNotFound } from '../kube/errors.ts';
import { describeObject, gvkString, objectKey } from '../kube/objects.ts';
import { controllerOwnerReference, upsertOwnerReference } from '../kube/owner.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import type { PlanFailure } from './apply-failure.ts';
import { isContainedIn } from './json-equal.ts';
import { labelChild } from './labels.ts';
import { ownsFieldsBeyond } from './managed-fields.ts';

/** A Kubernetes Event on the reconciled object that a plan asks for, besides condition transitions. */
export interface PlannedEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** Record only once the plan's children were applied without failure (e.g. "created X"). */
  onApply?: boolean;
  /**
   * A condition type whose transition says the same thing: when the same write records that
   * transition's Event, this message goes into it instead of a second Event (event-folding.ts).
   */
  foldsInto?: string;
  /**
   * Condition types (first match wins) whose transition in the same write this event accompanies:
   * its message is appended to that transition's Event instead of a second Event.
   */
  joins?: readonly string[];
  /**
   * The plan states it again on every reconcile until a status write tells it: while that write
   * is held (status-hold.ts) it waits instead of being recorded on its own.
   */
  plannedUntilWritten?: boolean;
}

export interface Plan {
  /** Applied with a controller ownerReference to the reconciled object. */
  apply: KubeObject[];
  /** Applied without an ownerReference (shared objects that outlive the parent). */
  applyWithoutOwner: KubeObject[];
  /** Deleted before anything is applied; NotFound counts as done. */
  delete: ObjectKey[];
  /**
   * Children that something already in place has superseded (an earlier controller's route once
   * the rendered one is accepted): deleted like `delete`, and also while the object is blocked
   * (Failed), when nothing else is applied — what replaced them keeps serving either way.
   */
  retire?: ObjectKey[];
  /** Reconcile again after this many seconds (e.g. to poll progress). */
  requeueAfterSeconds?: number;
  /** Events recorded during this reconcile (those marked `onApply` only after a successful apply). */
  events?: PlannedEvent[];
}

export function emptyPlan(): Plan {
  return { apply: [], applyWithoutOwner: [], delete: [] };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Upstream's application order: GVK string, then namespace, then name. */
export function compareChildren(a: KubeObject, b: KubeObject): number {
  return (
    compareText(gvkString(a), gvkString(b)) ||
    compareText(a.metadata.namespace ?? '', b.metadata.namespace ?? '') ||
    compareText(a.metadata.name, b.metadata.name)
  );
}

export interface ChildPreparation {
  controller: ControllerName;
  runtimeConfig?: { labelPropagation?: LabelPropagation | undefined } | undefined;
}

/** The children exactly as they will be applied, in application order. */
export function prepareChildren(parent: KubeObject, plan: Plan, options: ChildPreparation): KubeObject[] {
  const label = (child: KubeObject) => labelChild(parent, child, options.controller, options.runtimeConfig);
  const owned = plan.apply.map((child) => {
    const labelled = label(child);
    labelled.metadata.ownerReferences = upsertOwnerReference(
      labelled.metadata.ownerReferences,
      controllerOwnerReference(parent),
    );
    return labelled;
  });
  return [...owned, ...plan.applyWithoutOwner.map(label)].sort(compareChildren);
}

export interface PlanExecution {
  deleted: ObjectKey[];
  applied: KubeObject[];
  /**
   * Children skipped because their observed copy already holds every desired field and this
   * field manager owns no field they no longer set (managed-fields.ts).
   */
  unchanged: KubeObject[];
  /** What went wrong; absent on success. */
  failure?: PlanFailure;
}

function sameObject(a: KubeObject, b: KubeObject): boolean {
  return (
    a.apiVersion === b.apiVersion &&
    a.kind === b.kind &&
    a.metadata.name === b.metadata.name &&
    (a.metadata.namespace ?? '') === (b.metadata.namespace ?? '')
  );
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function executePlan(
  client: KubeClient,
  parent: KubeObject,
  plan: Plan,
  options: ChildPreparation & {
    fieldManager: string;
    /** The children as last read; a desired child already contained in its copy is not re-applied. */
    observed?: readonly KubeObject[] | undefined;
  },
): Promise<PlanExecution> {
  const { deleted, errors: deleteErrors } = await deleteChildren(client, [
    ...(plan.retire ?? []),
    ...plan.delete,
  ]);
  if (deleteErrors.length > 0) {
    const details = deleteErrors.map(deleteErrorText);
    return {
      deleted,
      applied: [],
      unchanged: [],
      failure: {
        message: `Failed to delete resources: ${details.join('; ')}`,
        errors: deleteErrors.map(({ err }) => err),
        children: [],
      },
    };
  }

  const applied: KubeObject[] = [];
  const unchanged: KubeObject[] = [];
  const applyErrors: { child: KubeObject; err: unknown }[] = [];
  const changed: KubeObject[] = [];
  for (const child of prepareChildren(parent, plan, options)) {
    const observed = options.observed?.find((candidate) => sameObject(candidate, child));
    if (
      observed !== undefined &&
      isContainedIn(child, observed) &&
      !ownsFieldsBeyond(observed, child, options.fieldManager)
    ) {
      unchanged.push(child);
    } else changed.push(child);
  }
  // Children are independent objects (a reference to one not yet created resolves when it is):
  // applied together, a model's five templates cost one round trip, not five.
  const outcomes = await Promise.allSettled(
    changed.map((child) => client.apply(child, { fieldManager: options.fieldManager, force: true })),
  );
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') applied.push(outcome.value);
    else applyErrors.push({ child: changed[index]!, err: outcome.reason });
  }
  if (applyErrors.length === 0) return { deleted, applied, unchanged };
  const details = applyErrors.map(
    ({ child, err }) => `${describeObject(objectKey(child))}: ${errorText(err)}`,
  );
  return {
    deleted,
    applied,
    unchanged,
    failure: {
      message: `Failed to apply resources: ${details.join('; ')}`,
      errors: applyErrors.map(({ err }) => err),
      children: applyErrors.map(({ child, err }) => ({ key: objectKey(child), err })),
    },
  };
}

/** Deletes `keys` in turn; NotFound counts as done. */
export async function deleteChildren(
  client: KubeClient,
  keys: readonly ObjectKey[],
): Promise<{ deleted: ObjectKey[]; errors: DeleteError[] }> {
  const deleted: ObjectKey[] = [];
  const errors: DeleteError[] = [];
  for (const key of keys) {
    try {
      await client.delete(key);
      deleted.push(key);
    } catch (err) {
      if (isNotFound(err)) deleted.push(key);
      else errors.push({ key, err });
    }
  }
  return { deleted, errors };
}

export interface DeleteError {
  key: ObjectKey;
  err: unknown;
}

export function deleteErrorText({ key, err }: DeleteError): string {
  return `${describeObject(key)}: ${errorText(err)}`;
}
