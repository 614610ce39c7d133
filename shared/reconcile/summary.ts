/**
 * The summary of a multi-writer kind (AIMService): status.status, Ready and the lazy
 * ConfigValid/AuthValid/DependenciesReachable, derived by one writer from every component
 * condition on the object, with the same rules as the state engine (§5.3).
 *
 * How it mirrors `computeState` when the other writers' components are only visible on the
 * object: each foreign component's `status.componentHealth` entry (component-health-status.ts)
 * gives the two facts the state engine uses — the component's not-ready contribution (from its
 * state and dependency type) and the categories of its errors. The categories of all components
 * give the blocking/infra flags, and from there the lazy conditions, the Ready scan over the
 * `<X>Ready` conditions and the status are computed by the very functions `computeState` uses. The
 * summary writer's own components are passed as `health` and take precedence over any entry.
 * Component conditions themselves, including the grace period for infrastructure blips, are each
 * writer's business. One approximation: a foreign blocking error is known by its category only, so
 * Ready's message for it is the component's message rather than the error's own.
 */
import {
  COMPONENT_CONDITION_SUFFIX,
  CONDITION_TYPES,
  NON_COMPONENT_CONDITION_TYPES,
} from '../constants/conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { StateError } from './categorize.ts';
import { type ComponentHealthStatus, entryContribution } from './component-health-status.ts';
import { type Condition, ConditionSet } from './conditions.ts';
import { type ComponentHealth, resolveHealth } from './health.ts';
import { aggregateReadiness, type ComponentContribution, notReadyContribution } from './readiness.ts';
import { firstBlockingMessage, flagsFromCategories, type StateFlags } from './state-flags.ts';
import { setDependenciesReachable, setValidityConditions } from './validity-conditions.ts';

export interface SummaryOptions {
  now: Date;
  /** The summary writer's own components (exact). */
  health?: readonly ComponentHealth[];
  /** The other writers' components, from `status.componentHealth`; a component in `health` wins. */
  components?: readonly ComponentHealthStatus[];
  /** Stamped on the conditions this summary sets. */
  observedGeneration?: number;
  statusMapping?: (status: AIMStatus) => string;
}

export interface Summary extends StateFlags {
  /** The input conditions with Ready and the lazy conditions updated; component entries untouched. */
  conditions: Condition[];
  status: string;
  aimStatus: AIMStatus;
  ready: Condition;
}

/** The component behind a `<X>Ready` condition type, or undefined for any other condition. */
export function conditionComponent(type: string): string | undefined {
  if (!type.endsWith(COMPONENT_CONDITION_SUFFIX) || NON_COMPONENT_CONDITION_TYPES.includes(type))
    return undefined;
  return type.slice(0, -COMPONENT_CONDITION_SUFFIX.length);
}

type CategorizedText = Pick<StateError, 'category' | 'message'>;

export function summarizeConditions(conditions: readonly Condition[], options: SummaryOptions): Summary {
  const contributions = new Map<string, ComponentContribution>();
  const errors: CategorizedText[] = [];
  for (const component of (options.health ?? []).map(resolveHealth)) {
    if (component.component === '') continue;
    contributions.set(component.component, {
      notReady: notReadyContribution(component.state, component.dependencyType),
    });
    errors.push(...component.errors);
  }

  // A foreign condition without an entry (hand-written, or from an older writer) reads as a
  // component without errors that is Progressing, as a stale condition does in `computeState`.
  for (const entry of options.components ?? []) {
    if (contributions.has(entry.component)) continue;
    contributions.set(entry.component, { notReady: entryContribution(entry) });
    for (const category of entry.errorCategories ?? []) errors.push({ category, message: entry.message });
  }

  const flags = flagsFromCategories(errors.map((err) => err.category));
  const set = new ConditionSet(conditions, options.now, options.observedGeneration);
  setDependenciesReachable(set, flags);
  setValidityConditions(set, flags);

  const readiness = aggregateReadiness(set.list(), contributions, flags, firstBlockingMessage(errors, flags));
  set.set(readiness.ready.type, readiness.ready.status, readiness.ready.reason, readiness.ready.message);
  const list = set.list();
  return {
    ...flags,
    conditions: list,
    status: options.statusMapping ? options.statusMapping(readiness.status) : readiness.status,
    aimStatus: readiness.status,
    ready: list.find((condition) => condition.type === CONDITION_TYPES.ready)!,
  };
}
