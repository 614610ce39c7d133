/**
 * `status.componentHealth`: each component of a multi-writer kind (AIMService, see
 * docs/architecture.md) as its writer last saw it.
 *
 * Why the summary writer needs it: the summary (status.status, Ready, ConfigValid/AuthValid/
 * DependenciesReachable) depends on each component's *state* and *error categories*, and upstream
 * reuses one reason for several states, so a condition's type/status/reason cannot carry them.
 * Examples that are all MUSTs: `ModelReady=False ModelNotReady` is Failed for a failed model but
 * Pending for a progressing one; `TemplateReady=False TemplateNotFound` is Failed (blocking,
 * explicit name) or Pending (auto-selection found nothing); `CacheReady=False CacheCreating` is
 * Progressing or Degraded (dedicated cache being recreated).
 *
 * So every writer applies, next to its component conditions, one entry per component it owns. The
 * list merges by `component`, so each writer owns its entries and server-side apply drops the
 * entries a writer stops applying. State plus dependency type give the component's not-ready
 * contribution (`notReadyContribution`), the categories give the blocking/infra flags: exactly
 * what `computeState` derives from the health itself.
 */
import type { ComponentHealthStatus } from '../api/common/component-health.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { ErrorCategory } from './categorize.ts';
import { boundedMessage, formatConditionTime } from './conditions.ts';
import type { ResolvedHealth } from './health.ts';
import { notReadyContribution } from './readiness.ts';

export type { ComponentHealthStatus } from '../api/common/component-health.ts';

export function componentHealthOf(status: Record<string, unknown>): ComponentHealthStatus[] {
  return Array.isArray(status.componentHealth) ? (status.componentHealth as ComponentHealthStatus[]) : [];
}

/** Distinct categories of a component's errors, in first-seen order. */
export function errorCategoriesOf(component: ResolvedHealth): ErrorCategory[] {
  const categories: ErrorCategory[] = [];
  for (const err of component.errors) if (!categories.includes(err.category)) categories.push(err.category);
  return categories;
}

/** What the component contributes to the overall status while its condition is not True. */
export function entryContribution(entry: Pick<ComponentHealthStatus, 'state' | 'dependencyType'>): AIMStatus {
  return notReadyContribution(entry.state, entry.dependencyType);
}

export interface EntryOptions {
  /** The entries currently on the object: an unchanged state keeps its lastTransitionTime. */
  previous: readonly ComponentHealthStatus[];
  now: Date;
  observedGeneration?: number | undefined;
}

/**
 * One entry per named component (the last health entry of a name wins, in the place of the first,
 * as it does for the condition). Unnamed components have no condition and get no entry.
 */
export function componentHealthEntries(
  components: readonly ResolvedHealth[],
  options: EntryOptions,
): ComponentHealthStatus[] {
  const byName = new Map<string, ResolvedHealth>();
  for (const component of components) {
    if (component.component !== '') byName.set(component.component, component);
  }
  return [...byName.values()].map((component) => {
    const previous = options.previous.find((entry) => entry.component === component.component);
    const entry: ComponentHealthStatus = {
      component: component.component,
      state: component.state,
      reason: component.reason,
      message: boundedMessage(component.message),
    };
    if (component.dependencyType !== undefined) entry.dependencyType = component.dependencyType;
    const categories = errorCategoriesOf(component);
    if (categories.length > 0) entry.errorCategories = categories;
    if (options.observedGeneration !== undefined) entry.observedGeneration = options.observedGeneration;
    // Like a condition's, the time moves only on a transition: here, a change of state.
    entry.lastTransitionTime =
      previous?.state === component.state && previous.lastTransitionTime !== undefined
        ? previous.lastTransitionTime
        : formatConditionTime(options.now);
    return entry;
  });
}
