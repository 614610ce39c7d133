/**
 * The pure middle of a pipeline run: from the components' health and the stored status to the
 * conditions, status and component-health entries this writer owns (spec §5.3). Single writers
 * take the state engine's answer; on a multi-writer kind the summary writer lays its own
 * conditions over the others' and derives the summary.
 */
import type { AIMStatus } from '../constants/status.ts';
import type { KubeObject } from '../kube/types.ts';
import {
  type ComponentHealthStatus,
  componentHealthEntries,
  componentHealthOf,
} from './component-health-status.ts';
import type { Condition, ConditionSet } from './conditions.ts';
import type { ComponentHealth } from './health.ts';
import type { AnyKindReconciler } from './reconciler.ts';
import { computeState, isBlocked, notReadyContribution } from './state-engine.ts';
import {
  conditionsOf,
  ownsComponent,
  ownsCondition,
  type StatusOwnership,
  SUMMARY_CONDITION_TYPES,
  type WriterMode,
} from './status-write.ts';
import { summarizeConditions } from './summary.ts';

export interface Evaluation {
  conditions: Condition[];
  status: string;
  aimStatus: AIMStatus;
  shouldApply: boolean;
  shouldRequeue: boolean;
  infraMessages: string[];
  contributions: Map<string, AIMStatus>;
  /** Multi-writer kinds: the entries of this writer's components. */
  componentHealth: ComponentHealthStatus[];
}

function writerMode(reconciler: AnyKindReconciler): WriterMode {
  if (reconciler.writesSummary === false) return 'component';
  return reconciler.ownedConditionTypes === undefined ? 'single' : 'summary';
}

export function ownershipOf(reconciler: AnyKindReconciler): StatusOwnership {
  return {
    mode: writerMode(reconciler),
    conditionTypes: reconciler.ownedConditionTypes,
    statusFields: reconciler.ownedStatusFields,
  };
}

/** Replaces or appends `updates` (by type) in `base`, keeping everything else as it was. */
function overlayConditions(base: readonly Condition[], updates: readonly Condition[]): Condition[] {
  const result = [...base];
  for (const update of updates) {
    const index = result.findIndex((condition) => condition.type === update.type);
    if (index >= 0) result[index] = update;
    else result.push(update);
  }
  return result;
}

export interface EvaluationInput {
  object: KubeObject;
  previous: Record<string, unknown>;
  health: readonly ComponentHealth[];
  now: Date;
  decorate: (conditions: ConditionSet) => void;
  ownership: StatusOwnership;
  dependenciesGraceSeconds?: number | undefined;
  mapStatus: (status: AIMStatus) => string;
}

export function evaluate(input: EvaluationInput): Evaluation {
  const { object, previous, health, now, ownership, mapStatus } = input;
  const generation = object.metadata.generation;
  const previousConditions = conditionsOf(previous);
  const state = computeState({
    health,
    previousConditions,
    now,
    decorate: input.decorate,
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    ...(input.dependenciesGraceSeconds !== undefined
      ? { dependenciesGraceSeconds: input.dependenciesGraceSeconds }
      : {}),
  });
  const contributions = new Map<string, AIMStatus>();
  for (const component of state.components) {
    if (component.component !== '') {
      contributions.set(component.component, notReadyContribution(component.state, component.dependencyType));
    }
  }
  const evaluation: Evaluation = {
    conditions: state.conditions,
    status: mapStatus(state.aimStatus),
    aimStatus: state.aimStatus,
    shouldApply: state.shouldApply,
    shouldRequeue: state.shouldRequeue,
    infraMessages: state.infraErrors.map((err) => `${err.reason}: ${err.message}`),
    contributions,
    componentHealth: [],
  };
  if (ownership.mode === 'single') return evaluation;
  const previousComponents = componentHealthOf(previous);
  evaluation.componentHealth = componentHealthEntries(
    state.components.filter((component) => ownsComponent(ownership, component.component)),
    { previous: previousComponents, now, observedGeneration: generation },
  );
  if (ownership.mode === 'summary') {
    // Own component conditions over what the other writers left on the object, then the summary.
    const own = state.conditions.filter(
      (condition) =>
        !SUMMARY_CONDITION_TYPES.includes(condition.type) && ownsCondition(ownership, condition.type),
    );
    const summary = summarizeConditions(overlayConditions(previousConditions, own), {
      now,
      health,
      // Its own stored entries are last run's view of its own components: superseded by `health`.
      components: previousComponents.filter((entry) => !ownsComponent(ownership, entry.component)),
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
    });
    evaluation.conditions = summary.conditions;
    evaluation.aimStatus = summary.aimStatus;
    evaluation.status = mapStatus(summary.aimStatus);
    evaluation.shouldApply = state.shouldApply && !isBlocked(summary);
  }
  return evaluation;
}
