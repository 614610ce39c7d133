/**
 * A placeholder reconciler for a kind whose domain logic is not written yet. It runs the real
 * pipeline — schema validation, runtime config resolution, state engine, status write with
 * observedGeneration — and reports itself honestly: besides the `RuntimeConfig` component it
 * adds a `<Function>` component that stays Progressing with reason `NotImplemented`. Its plan is
 * empty, so it creates nothing.
 */
import { AIM_KINDS, type AIMKindName } from '../api/kinds.ts';
import { componentConditionType } from '../constants/conditions.ts';
import type { ControllerName } from '../constants/labels.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { ComponentHealth, FetchResult } from '../reconcile/health.ts';
import type { KindReconciler } from '../reconcile/pipeline.ts';
import { emptyPlan } from '../reconcile/plan.ts';
import {
  type ResolvedRuntimeConfig,
  runtimeConfigHealth,
  serviceRuntimeConfigHealth,
} from '../reconcile/runtime-config.ts';

export const NOT_IMPLEMENTED_REASON = 'NotImplemented';

/**
 * How the kind reports its runtime config (spec §6): `component` for models and templates,
 * `upstream` for cluster models, template caches and artifacts, `service` for AIMService (only
 * present when a config was found or the lookup failed).
 */
export type RuntimeConfigHealthStyle = 'component' | 'upstream' | 'service';

export interface ShellReconcilerOptions {
  /** The function's name, e.g. `service-resolve`. */
  functionName: string;
  kind: AIMKindName;
  controllerName: ControllerName;
  runtimeConfigHealth: RuntimeConfigHealthStyle;
  /**
   * Multi-writer kinds (AIMService): the condition types the function will own once its domain
   * logic exists. The shell's own `<Function>Ready` is added, or the shell could write nothing.
   */
  ownedConditionTypes?: readonly string[];
  /** Multi-writer kinds: false for every writer except the summary writer. */
  writesSummary?: boolean;
  statusMapping?: (status: AIMStatus) => string;
}

export type ShellFetched = FetchResult<ResolvedRuntimeConfig | undefined> | undefined;

/** `service-resolve` → `ServiceResolve`: the shell's component name. */
export function shellComponentName(functionName: string): string {
  return functionName
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function notImplementedHealth(functionName: string): ComponentHealth {
  return {
    component: shellComponentName(functionName),
    state: 'Progressing',
    reason: NOT_IMPLEMENTED_REASON,
    message: `${functionName} domain reconciliation is not implemented yet`,
    errors: [],
  };
}

export function shellReconciler(options: ShellReconcilerOptions): KindReconciler<unknown, ShellFetched> {
  const definition = AIM_KINDS[options.kind];
  const shellCondition = componentConditionType(shellComponentName(options.functionName));
  const reconciler: KindReconciler<unknown, ShellFetched> = {
    gvk: { apiVersion: definition.apiVersion, kind: definition.kind },
    schema: () => definition.schema,
    controllerName: options.controllerName,
    runtimeConfigScope: definition.scope === 'Cluster' ? 'cluster' : 'namespace',
    fetch: async (_ctx, _obj, input) => input.runtimeConfig,
    plan: () => emptyPlan(),
    health: (_obj, fetched) => {
      const runtimeConfig = fetched === undefined ? undefined : runtimeConfigComponent(options, fetched);
      return [...(runtimeConfig ? [runtimeConfig] : []), notImplementedHealth(options.functionName)];
    },
  };
  if (options.ownedConditionTypes !== undefined) {
    reconciler.ownedConditionTypes = [...options.ownedConditionTypes, shellCondition];
  }
  if (options.writesSummary !== undefined) reconciler.writesSummary = options.writesSummary;
  if (options.statusMapping !== undefined) reconciler.statusMapping = options.statusMapping;
  return reconciler;
}

function runtimeConfigComponent(
  options: ShellReconcilerOptions,
  fetched: FetchResult<ResolvedRuntimeConfig | undefined>,
): ComponentHealth | undefined {
  switch (options.runtimeConfigHealth) {
    case 'service':
      return serviceRuntimeConfigHealth(fetched);
    case 'upstream':
      return runtimeConfigHealth(fetched, { upstream: true });
    case 'component':
      return runtimeConfigHealth(fetched, { upstream: false });
  }
}
