import { describe, expect, it } from 'vitest';
import { fetched } from '../../../shared/reconcile/health.ts';
import {
  NOT_IMPLEMENTED_REASON,
  shellComponentName,
  shellReconciler,
} from '../../../shared/runtime/shell-reconciler.ts';

const NOW = new Date('2026-05-01T12:00:00Z');

describe('shellReconciler', () => {
  it('reports the runtime config and an honest NotImplemented component, and plans nothing', () => {
    const reconciler = shellReconciler({
      functionName: 'model-inspect',
      kind: 'AIMClusterModel',
      controllerName: 'cluster-model',
      runtimeConfigHealth: 'upstream',
    });
    expect(reconciler.gvk).toEqual({ apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMClusterModel' });
    expect(reconciler.runtimeConfigScope).toBe('cluster');
    const health = reconciler.health({}, fetched(undefined), NOW);
    expect(health.map((entry) => entry.component)).toEqual(['RuntimeConfig', 'ModelInspect']);
    expect(health[1]).toEqual({
      component: 'ModelInspect',
      state: 'Progressing',
      reason: NOT_IMPLEMENTED_REASON,
      message: 'model-inspect domain reconciliation is not implemented yet',
      errors: [],
    });
    expect(reconciler.plan({}, fetched(undefined), NOW)).toEqual({
      apply: [],
      applyWithoutOwner: [],
      delete: [],
    });
  });

  it('leaves out the AIMService runtime config component when no config exists', () => {
    const reconciler = shellReconciler({
      functionName: 'service-resolve',
      kind: 'AIMService',
      controllerName: 'service',
      runtimeConfigHealth: 'service',
      ownedConditionTypes: ['ModelReady'],
      writesSummary: false,
    });
    expect(reconciler.runtimeConfigScope).toBe('namespace');
    expect(reconciler.health({}, fetched(undefined), NOW).map((entry) => entry.component)).toEqual([
      'ServiceResolve',
    ]);
    // Without its own condition among the owned ones the shell would write nothing at all.
    expect(reconciler.ownedConditionTypes).toEqual(['ModelReady', 'ServiceResolveReady']);
    expect(reconciler.writesSummary).toBe(false);
  });

  it('names the component after the function', () => {
    expect(shellComponentName('isvc-render')).toBe('IsvcRender');
  });
});
