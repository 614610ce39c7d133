import { describe, expect, it } from 'vitest';
import { GATEWAY_CONTROLLER_NAME, routeParentStatuses } from '../../../../local/simulator/gateway.ts';
import { desiredReplicas, predictorPodTemplate } from '../../../../local/simulator/kserve.ts';
import { nodeStatus, nodeStatusSignature } from '../../../../local/simulator/nodes.ts';
import { desiredClaimPhase, pvcRuleFor } from '../../../../local/simulator/pvc-provisioner.ts';
import { HttpRouteRuleSchema, NodeSchema, PvcRuleSchema } from '../../../../local/simulator/rules.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('routeParentStatuses', () => {
  const route: KubeObject = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'r', namespace: 'ns', generation: 4 },
    spec: { parentRefs: [{ name: 'gw', namespace: 'gateways' }] },
  };

  it('accepts every parent as the simulated gateway', () => {
    const [parent] = routeParentStatuses(route, HttpRouteRuleSchema.parse({}), NOW);
    expect(parent).toMatchObject({
      parentRef: { name: 'gw', namespace: 'gateways' },
      controllerName: GATEWAY_CONTROLLER_NAME,
    });
    expect(parent?.conditions).toEqual([
      expect.objectContaining({
        type: 'Accepted',
        status: 'True',
        reason: 'Accepted',
        observedGeneration: 4,
      }),
      expect.objectContaining({ type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' }),
    ]);
  });

  it('rejects with the rule reason and reports unresolved refs', () => {
    const [parent] = routeParentStatuses(
      route,
      HttpRouteRuleSchema.parse({ accepted: false, reason: 'NoMatchingParent', resolvedRefs: false }),
      NOW,
    );
    expect(parent?.conditions).toEqual([
      expect.objectContaining({ type: 'Accepted', status: 'False', reason: 'NoMatchingParent' }),
      expect.objectContaining({ type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' }),
    ]);
  });
});

describe('PVC provisioning', () => {
  const claim = (name: string, storageClassName?: string): KubeObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: 'ns' },
    spec: { storageClassName },
  });

  it('binds after the delay, keeps Pending with bind: false, and marks Lost', () => {
    const bind = PvcRuleSchema.parse({});
    expect(desiredClaimPhase(bind, 'Pending', 0.5)).toBeUndefined();
    expect(desiredClaimPhase(bind, 'Pending', 1)).toBe('Bound');
    expect(desiredClaimPhase(bind, 'Bound', 5)).toBeUndefined();
    expect(desiredClaimPhase(PvcRuleSchema.parse({ bind: false }), 'Pending', 60)).toBeUndefined();
    expect(desiredClaimPhase(PvcRuleSchema.parse({ lost: true, afterSeconds: 2 }), 'Bound', 3)).toBe('Lost');
  });

  it('matches rules by name and storage class', () => {
    const rules = [
      PvcRuleSchema.parse({ name: 'slow', match: { storageClass: 'slow' }, afterSeconds: 30 }),
      PvcRuleSchema.parse({ name: 'named', match: { name: 'cache-*' }, bind: false }),
    ];
    expect(pvcRuleFor(rules, claim('x', 'slow')).name).toBe('slow');
    expect(pvcRuleFor(rules, claim('cache-1')).name).toBe('named');
    expect(pvcRuleFor(rules, claim('other')).bind).toBe(true);
  });
});

describe('predictor pods', () => {
  const isvc = (predictor: Record<string, unknown>): KubeObject => ({
    apiVersion: 'serving.kserve.io/v1beta1',
    kind: 'InferenceService',
    metadata: { name: 'chat', namespace: 'ns' },
    spec: { predictor },
  });

  it('copies the PodSpec fields of the predictor and names the container', () => {
    const affinity = {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } },
    };
    const { spec } = predictorPodTemplate(
      isvc({ minReplicas: 2, affinity, containers: [{ image: 'img:1', env: [{ name: 'A', value: 'b' }] }] }),
    );
    expect(spec).toEqual({
      affinity,
      containers: [{ name: 'kserve-container', image: 'img:1', env: [{ name: 'A', value: 'b' }] }],
      restartPolicy: 'Always',
    });
  });

  it('changes the revision hash only when the pod template changes', () => {
    const a = predictorPodTemplate(
      isvc({ minReplicas: 1, containers: [{ name: 'c', image: 'img:1' }] }),
    ).hash;
    const b = predictorPodTemplate(
      isvc({ minReplicas: 3, containers: [{ name: 'c', image: 'img:1' }] }),
    ).hash;
    const c = predictorPodTemplate(isvc({ containers: [{ name: 'c', image: 'img:2' }] })).hash;
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('runs minReplicas pods, one by default', () => {
    expect(desiredReplicas(isvc({ minReplicas: 3 }))).toBe(3);
    expect(desiredReplicas(isvc({}))).toBe(1);
  });
});

describe('nodeStatus', () => {
  it('is Ready on loopback with the kubelet port and merged capacity', () => {
    const status = nodeStatus(NodeSchema.parse({ name: 'n', capacity: { 'amd.com/gpu': '4' } }), 12345, NOW);
    expect(status).toMatchObject({
      capacity: { 'amd.com/gpu': '4', cpu: '192', pods: '110' },
      allocatable: { 'amd.com/gpu': '4' },
      addresses: [{ type: 'InternalIP', address: '127.0.0.1' }],
      daemonEndpoints: { kubeletEndpoint: { Port: 12345 } },
    });
    expect(status.conditions).toContainEqual(expect.objectContaining({ type: 'Ready', status: 'True' }));
  });

  it('compares quantities by value: the canonical form the API server stores is no change', () => {
    const status = nodeStatus(NodeSchema.parse({ name: 'n', capacity: { memory: '29696Gi' } }), 1, NOW);
    const stored = {
      ...status,
      capacity: { ...(status.capacity as object), memory: '29Ti' },
      allocatable: { ...(status.allocatable as object), memory: '29Ti' },
    };
    expect(nodeStatusSignature(stored)).toBe(nodeStatusSignature(status));
    const changed = { ...stored, capacity: { ...stored.capacity, memory: '30Ti' } };
    expect(nodeStatusSignature(changed)).not.toBe(nodeStatusSignature(status));
  });
});
