import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import {
  fetchMergedRuntimeConfig,
  mergeRuntimeConfigSpecs,
  migrateDeprecatedStorageFields,
  runtimeConfigHealth,
  serviceRuntimeConfigHealth,
} from '../../../shared/reconcile/runtime-config.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const nsConfig = (name: string, spec: object, namespace = 'team'): KubeObject => ({
  apiVersion: API,
  kind: 'AIMRuntimeConfig',
  metadata: { name, namespace },
  spec,
});
const clusterConfig = (name: string, spec: object): KubeObject => ({
  apiVersion: API,
  kind: 'AIMClusterRuntimeConfig',
  metadata: { name },
  spec,
});

describe('mergeRuntimeConfigSpecs (spec §6)', () => {
  it('puts non-empty namespaced values over cluster values, merging objects field by field', () => {
    const merged = mergeRuntimeConfigSpecs(
      {
        storage: { defaultStorageClassName: 'cluster-sc', pvcHeadroomPercent: 20 },
        routing: { enabled: true, pathTemplate: '/a', annotations: { x: '1', y: '2' } },
        labelPropagation: { enabled: true, match: ['team'] },
      },
      {
        storage: { defaultStorageClassName: 'ns-sc', pvcHeadroomPercent: 0 },
        routing: { enabled: false, pathTemplate: '', annotations: { y: '3' } },
        labelPropagation: { enabled: false, match: ['app.kubernetes.io/*'] },
      },
    );
    expect(merged).toEqual({
      storage: { defaultStorageClassName: 'ns-sc', pvcHeadroomPercent: 20 },
      // "override non-empty": false and "" do not override (as upstream's mergo WithOverride).
      routing: { enabled: true, pathTemplate: '/a', annotations: { x: '1', y: '3' } },
      labelPropagation: { enabled: true, match: ['app.kubernetes.io/*'] },
    });
  });

  it('merges env by name with the namespace winning and AIM_ENGINE_ARGS deep-merged', () => {
    const merged = mergeRuntimeConfigSpecs(
      {
        env: [
          { name: 'A', value: 'cluster' },
          { name: 'AIM_ENGINE_ARGS', value: '{"x":1,"y":{"z":1}}' },
        ],
      },
      {
        env: [
          { name: 'AIM_ENGINE_ARGS', value: '{"y":{"w":2}}' },
          { name: 'A', value: 'ns' },
          { name: 'B', value: 'ns' },
        ],
      },
    );
    expect(merged.env).toEqual([
      { name: 'A', value: 'ns' },
      { name: 'AIM_ENGINE_ARGS', value: '{"x":1,"y":{"w":2,"z":1}}' },
      { name: 'B', value: 'ns' },
    ]);
  });

  it('migrates deprecated top-level storage fields only when storage does not set them', () => {
    expect(
      migrateDeprecatedStorageFields({ defaultStorageClassName: 'old', pvcHeadroomPercent: 15 }),
    ).toEqual({
      storage: { defaultStorageClassName: 'old', pvcHeadroomPercent: 15 },
    });
    expect(
      migrateDeprecatedStorageFields({
        defaultStorageClassName: 'old',
        storage: { defaultStorageClassName: 'new', pvcHeadroomPercent: 10 },
      }),
    ).toEqual({ storage: { defaultStorageClassName: 'new', pvcHeadroomPercent: 10 } });
    expect(mergeRuntimeConfigSpecs({ defaultStorageClassName: 'cluster-old' }, {})).toEqual({
      storage: { defaultStorageClassName: 'cluster-old' },
    });
  });
});

describe('fetchMergedRuntimeConfig', () => {
  it('merges the namespaced config over the cluster config of the same name', async () => {
    const client = new FakeKubeClient().seed(
      clusterConfig('gpu', { storage: { defaultStorageClassName: 'c', pvcHeadroomPercent: 30 } }),
      nsConfig('gpu', { storage: { defaultStorageClassName: 'n', pvcHeadroomPercent: 10 } }),
    );
    const result = await fetchMergedRuntimeConfig(client, 'gpu', 'team');
    expect(result.ok && result.value?.spec).toEqual({
      storage: { defaultStorageClassName: 'n', pvcHeadroomPercent: 10 },
    });
    expect(result.ok && result.value?.name).toBe('gpu');
  });

  it('looks up only the cluster config for cluster-scoped callers', async () => {
    const client = new FakeKubeClient().seed(nsConfig('default', { env: [{ name: 'A', value: '1' }] }));
    expect(await fetchMergedRuntimeConfig(client, undefined, undefined)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(client.callsOf('getOptional')).toHaveLength(1);
  });

  it('uses `default` for an empty name, and a missing default is fine', async () => {
    const client = new FakeKubeClient().seed(clusterConfig('default', { env: [{ name: 'A', value: '1' }] }));
    const result = await fetchMergedRuntimeConfig(client, '  ', 'team');
    expect(result.ok && result.value?.name).toBe('default');
    const empty = await fetchMergedRuntimeConfig(new FakeKubeClient(), '', 'team');
    expect(empty).toEqual({ ok: true, value: undefined });
    const health = runtimeConfigHealth(empty, { upstream: false });
    expect(computeState({ health: [health], now: new Date() }).conditions[0]).toMatchObject({
      type: 'RuntimeConfigReady',
      status: 'True',
      reason: 'DefaultConfigNotFound',
    });
  });

  it('fails a missing named config with ConfigNotFound, which makes the object Failed (ConfigValid ReferenceNotFound)', async () => {
    const result = await fetchMergedRuntimeConfig(new FakeKubeClient(), 'gpu', 'team');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({
        category: 'MissingUpstreamDependency',
        reason: 'ConfigNotFound',
        message:
          'spec.runtimeConfigName "gpu": no AIMRuntimeConfig in namespace team and no AIMClusterRuntimeConfig of that name',
      });
    for (const upstream of [false, true]) {
      const state = computeState({ health: [runtimeConfigHealth(result, { upstream })], now: new Date() });
      expect(state.status).toBe('Failed');
      expect(findCondition(state.conditions, 'RuntimeConfigReady')).toMatchObject({
        status: 'False',
        reason: 'ConfigNotFound',
      });
      expect(findCondition(state.conditions, 'ConfigValid')).toMatchObject({
        status: 'False',
        reason: 'ReferenceNotFound',
      });
      expect(findCondition(state.conditions, 'Ready')).toMatchObject({
        status: 'False',
        reason: 'ConfigNotFound',
        message: expect.stringContaining(
          'Component RuntimeConfig is not ready: spec.runtimeConfigName "gpu"',
        ),
      });
    }
  });

  it('returns read errors other than NotFound', async () => {
    const client = new FakeKubeClient().failNext('getOptional', 'Forbidden');
    const result = await fetchMergedRuntimeConfig(client, 'gpu', 'team');
    expect(result.ok).toBe(false);
  });

  it('reports a found config as ConfigFound, and as RuntimeConfigResolved for services', async () => {
    const client = new FakeKubeClient().seed(nsConfig('gpu', {}));
    const result = await fetchMergedRuntimeConfig(client, 'gpu', 'team');
    expect(runtimeConfigHealth(result, { upstream: true })).toMatchObject({
      reason: 'ConfigFound',
      dependencyType: 'Upstream',
    });
    expect(serviceRuntimeConfigHealth(result)).toMatchObject({
      component: 'RuntimeConfig',
      reason: 'RuntimeConfigResolved',
    });
    expect(serviceRuntimeConfigHealth({ ok: true, value: undefined })).toBeUndefined();
  });
});
