import { describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { runtimeConfigDependents } from '../../../shared/runtime/runtime-config-dependents.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const OWNED = [
  { apiVersion: AIM_API_VERSION, kind: 'AIMModel' },
  { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' },
];

function object(
  kind: string,
  name: string,
  runtimeConfigName: string | undefined,
  namespace?: string,
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}) },
    spec: { image: 'r/x:1', ...(runtimeConfigName !== undefined ? { runtimeConfigName } : {}) },
  };
}

function event(kind: string, name: string, namespace?: string): ApiServerEvent {
  return {
    action: 'update',
    mode: 'reference',
    ref: { apiVersion: AIM_API_VERSION, kind, name, ...(namespace ? { namespace } : {}) },
    eventId: 'e',
    type: 'dev.knative.apiserver.ref.update',
    source: 's',
  };
}

function seeded(): FakeKubeClient {
  return new FakeKubeClient().seed(
    object('AIMModel', 'implicit-default', undefined, 'team-a'),
    object('AIMModel', 'explicit-default', 'default', 'team-a'),
    object('AIMModel', 'gpu', 'gpu', 'team-a'),
    object('AIMModel', 'other-namespace', undefined, 'team-b'),
    object('AIMClusterModel', 'cluster', undefined),
  );
}

const names = (keys: { name: string }[]) => keys.map((key) => key.name).sort();

describe('runtimeConfigDependents', () => {
  it('ignores the config’s own status write (observedGeneration = generation) but not a spec change', async () => {
    const config = (observedGeneration?: number) => ({
      ...event('AIMRuntimeConfig', 'default', 'team-a'),
      mode: 'resource' as const,
      type: 'dev.knative.apiserver.resource.update',
      object: {
        metadata: { name: 'default', namespace: 'team-a', generation: 2 },
        ...(observedGeneration !== undefined ? { status: { observedGeneration } } : {}),
      },
    });
    expect(await runtimeConfigDependents(seeded(), OWNED, config(2))).toEqual([]);
    expect(names(await runtimeConfigDependents(seeded(), OWNED, config(1)))).toEqual([
      'explicit-default',
      'implicit-default',
    ]);
    expect(names(await runtimeConfigDependents(seeded(), OWNED, config()))).toHaveLength(2);
  });

  it('never counts a runtime config among the users of a runtime config', async () => {
    const kube = seeded().seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'other', namespace: 'team-a' },
      spec: {},
    });
    const owned = [...OWNED, { apiVersion: AIM_API_VERSION, kind: 'AIMRuntimeConfig' }];
    const keys = await runtimeConfigDependents(kube, owned, event('AIMRuntimeConfig', 'default', 'team-a'));
    expect(names(keys)).toEqual(['explicit-default', 'implicit-default']);
  });

  it('maps a namespaced config to the namespaced objects of its namespace that use it', async () => {
    const keys = await runtimeConfigDependents(
      seeded(),
      OWNED,
      event('AIMRuntimeConfig', 'default', 'team-a'),
    );
    expect(names(keys)).toEqual(['explicit-default', 'implicit-default']);
  });

  it('maps a cluster config to users in every namespace and to cluster-scoped objects', async () => {
    const keys = await runtimeConfigDependents(seeded(), OWNED, event('AIMClusterRuntimeConfig', 'default'));
    expect(names(keys)).toEqual(['cluster', 'explicit-default', 'implicit-default', 'other-namespace']);
    expect(keys.find((key) => key.name === 'cluster')).toEqual({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterModel',
      name: 'cluster',
    });
  });

  it('matches named configs by name', async () => {
    const keys = await runtimeConfigDependents(seeded(), OWNED, event('AIMClusterRuntimeConfig', 'gpu'));
    expect(names(keys)).toEqual(['gpu']);
  });

  it('returns nothing, without API calls, for events about other kinds', async () => {
    const kube = seeded();
    expect(await runtimeConfigDependents(kube, OWNED, event('AIMModel', 'gpu', 'team-a'))).toEqual([]);
    expect(kube.calls).toEqual([]);
  });
});
