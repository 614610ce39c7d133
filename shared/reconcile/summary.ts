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
 * writer's business. Ready names the component that decides the status (readiness-cause.ts) with
 * its condition's reason and message, which every writer leaves on the object.
 */
import type { AIMStatus } from '../constants/status.ts';
import type { StateError } from './categorize.ts';
import { type ComponentHealthStatus, entryContribution } from './component-health-status.ts';
import { type Condition, ConditionSet } from './conditions.ts';
import { type ComponentHealth, resolveHealth } from './health.ts';
import {
  type ComponentContribution,
  notReadyContribution,
  type SettledReadiness,
  settleReadiness,
} from './readiness.ts';
import { flagsFromCategories, type StateFlags } from './state-flags.ts';
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

/** The input conditions with Ready and the lazy conditions updated; component entries untouched. */
export interface Summary extends StateFlags, SettledReadiness {}

type CategorizedText = Pick<StateError, 'category' | 'message'>;

export function summarizeConditions(conditions: readonly Condition[], options: SummaryOptions): Summary {
  const contributions = new Map<string, ComponentContribution>();
  const errors: CategorizedText[] = [];
  for (const component of (options.health ?? []).map(resolveHealth)) {
    // An unnamed entry has no condition of its own, but its errors count, as in computeState.
    errors.push(...component.errors);
    if (component.component === '') continue;
    contributions.set(component.component, {
      notReady: notReadyContribution(component.state, component.dependencyType),
      categories: component.errors.map((err) => err.category),
    });
  }

  // A foreign condition without an entry (hand-written, or from an older writer) reads as a
  // component without errors that is Progressing, as a stale condition does in `computeState`.
  for (const entry of options.components ?? []) {
    if (contributions.has(entry.component)) continue;
    contributions.set(entry.component, {
      notReady: entryContribution(entry),
      categories: entry.errorCategories ?? [],
    });
    for (const category of entry.errorCategories ?? []) errors.push({ category, message: entry.message });
  }

  const flags = flagsFromCategories(errors.map((err) => err.category));
  const set = new ConditionSet(conditions, options.now, options.observedGeneration);
  setDependenciesReachable(set, flags);
  setValidityConditions(set, flags);

  return { ...flags, ...settleReadiness(set, contributions, flags, errors, options.statusMapping) };
}
