import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import {
  clusterRuntimeConfigReconciler,
  runtimeConfigReconciler,
} from '../../../shared/runtime-configs/runtime-config-reconciler.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NOW = new Date('2026-11-25T10:00:00Z');

function namespaced(spec: unknown, generation = 3): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMRuntimeConfig',
    metadata: { name: 'rc', namespace: 'team', generation },
    spec,
  } as KubeObject;
}

async function reconciled(object: KubeObject) {
  const kube = new FakeKubeClient().seed(object);
  const reconciler =
    object.kind === 'AIMRuntimeConfig' ? runtimeConfigReconciler : clusterRuntimeConfigReconciler;
  const ctx = testContext(kube, { fieldManager: 'aim-service-resolve', now: () => NOW });
  const key = {
    apiVersion: API,
    kind: object.kind,
    name: object.metadata.name,
    ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
  };
  const outcome = await reconcileObject(ctx, reconciler, key);
  const written = await kube.get<KubeObject>(key);
  const conditions = written.status?.conditions ?? [];
  return {
    outcome,
    status: written.status,
    ready: findCondition(conditions, 'Ready'),
    spec: findCondition(conditions, 'SpecReady'),
  };
}

describe('runtime config reconciler', () => {
  it('gives a valid config observedGeneration, Ready and a Ready condition with a reason', async () => {
    const { outcome, status, ready } = await reconciled(
      namespaced({
        routing: { enabled: true, pathTemplate: '/team/{.metadata.name}' },
        labelPropagation: { enabled: true, match: ['team-*'] },
      }),
    );
    expect(outcome.result).toBe('reconciled');
    expect(status?.observedGeneration).toBe(3);
    expect(status?.status).toBe('Ready');
    expect(ready?.status).toBe('True');
    expect(ready?.reason).not.toBe('');
  });

  it('a config without spec is Ready too (every field is optional)', async () => {
    const { status } = await reconciled({
      apiVersion: API,
      kind: 'AIMClusterRuntimeConfig',
      metadata: { name: 'default', generation: 1 },
    });
    expect(status?.status).toBe('Ready');
    expect(status?.observedGeneration).toBe(1);
  });

  it.each([
    [
      { labelPropagation: { enabled: true, match: ['ok-*', 'team-['] } },
      'InvalidLabelPropagation',
      'spec.labelPropagation.match[1] "team-["',
    ],
    [
      { routing: { pathTemplate: '/x/{.metadata.name' } },
      'InvalidPathTemplate',
      'spec.routing.pathTemplate "/x/{.metadata.name"',
    ],
    [
      { routing: { pathTemplate: '/x/{metadata}' } },
      'InvalidPathTemplate',
      'unsupported expression "{metadata}"',
    ],
  ])('an invalid %j is Failed, naming the field and the value', async (spec, reason, text) => {
    const { status, ready, spec: specCondition } = await reconciled(namespaced(spec));
    expect(status?.status).toBe('Failed');
    expect(status?.observedGeneration).toBe(3);
    expect(ready?.status).toBe('False');
    expect(specCondition?.reason).toBe(reason);
    expect(specCondition?.message).toContain(text);
    expect(ready?.message ?? '').not.toBe('');
  });

  it.each([
    [{ storage: { pvcHeadroomPercent: -5 } }, 'spec.storage.pvcHeadroomPercent'],
    [{ env: [{ name: 'A=B', value: '1' }] }, 'spec.env'],
  ])(
    'a spec the schema rejects (stored before the CRD checked it) is Failed naming the field: %j',
    async (spec, field) => {
      const { status, ready } = await reconciled(namespaced(spec));
      expect(status?.status).toBe('Failed');
      expect(ready?.message).toContain(field);
    },
  );
});
