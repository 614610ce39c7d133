import { describe, expect, it } from 'vitest';
import type { SimulatorApi } from '../../../../local/simulator/api.ts';
import { GatewaySimulator, HTTP_ROUTE_GVK } from '../../../../local/simulator/gateway.ts';
import { inIgnoredNamespace, namespaceScope } from '../../../../local/simulator/ignored-namespaces.ts';
import { ISVC_GVK, KServeSimulator } from '../../../../local/simulator/kserve.ts';
import { ThrottledLog } from '../../../../local/simulator/log.ts';
import { PVC_GVK, PvcProvisioner } from '../../../../local/simulator/pvc-provisioner.ts';
import { SimulatorRulesSchema } from '../../../../local/simulator/rules.ts';
import type { KubeObject, ObjectKey } from '../../../../shared/kube/types.ts';
import { FakeKubeClient } from '../../../support/fake-kube.ts';
import { pod } from './pods.ts';

const silent = new ThrottledLog({ debug() {}, info() {}, warn() {}, error() {} });
const T0 = Date.parse('2026-01-01T00:00:00Z');
const rules = SimulatorRulesSchema.parse({ ignoredNamespaces: ['raw-*'] });

const object = (gvk: { apiVersion: string; kind: string }, namespace: string, name: string): KubeObject => ({
  ...gvk,
  metadata: { name, namespace, creationTimestamp: '2025-12-31T00:00:00Z' },
});

/** A simulator API over the fake, recording each status patch as `Kind/namespace/name`. */
function scopedWorld(...objects: KubeObject[]) {
  const kube = new FakeKubeClient().seed(...objects);
  const patched: string[] = [];
  const api: SimulatorApi = {
    client: kube,
    async bindPod() {},
    async patchStatus<T extends KubeObject>(key: ObjectKey, status: unknown) {
      patched.push(`${key.kind}/${key.namespace}/${key.name}`);
      return { ...(kube.peek(key) as KubeObject), status } as T;
    },
    async deleteNow() {},
  };
  const scope = namespaceScope(api);
  scope.ignore(rules.ignoredNamespaces);
  return { kube, patched, scope };
}

describe('ignored namespaces', () => {
  it('cover namespaced objects by glob, never cluster-scoped ones', () => {
    expect(inIgnoredNamespace(['raw-*'], pod('p', { namespace: 'raw-1' }))).toBe(true);
    expect(inIgnoredNamespace(['raw-*'], pod('p', { namespace: 'team-a' }))).toBe(false);
    expect(inIgnoredNamespace(['*'], { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } })).toBe(
      false,
    );
  });

  it("are left out of the simulator's lists, per the rules in force", async () => {
    const { scope } = scopedWorld(pod('a', { namespace: 'raw-1' }), pod('b', { namespace: 'team-a' }));
    const names = async () =>
      (await scope.api.client.list({ apiVersion: 'v1', kind: 'Pod' })).items.map((p) => p.metadata.name);
    expect(await names()).toEqual(['b']);
    scope.ignore([]);
    expect(await names()).toEqual(['a', 'b']);
  });

  it('get no InferenceService status, predictor pods or events', async () => {
    const isvc = (namespace: string) => ({
      ...object(ISVC_GVK, namespace, 'chat'),
      spec: { predictor: { minReplicas: 1 } },
    });
    const { kube, patched, scope } = scopedWorld(isvc('raw-1'), isvc('team-a'));
    const withEvent = SimulatorRulesSchema.parse({
      ...rules,
      inferenceServices: { rules: [{ event: { reason: 'InternalError', message: 'webhook failed' } }] },
    });
    await new KServeSimulator(scope.api, silent).sync(withEvent, [], T0);
    expect(patched).toEqual(['InferenceService/team-a/chat']);
    const created = kube.callsOf('create').map((c) => `${c.object?.kind}/${c.object?.metadata.namespace}`);
    expect(created.sort()).toEqual(['Event/team-a', 'Pod/team-a']);
  });

  it('get no HTTPRoute status', async () => {
    const route = (namespace: string) => ({
      ...object(HTTP_ROUTE_GVK, namespace, 'r'),
      spec: { parentRefs: [{ name: 'gw' }] },
    });
    const { patched, scope } = scopedWorld(route('raw-1'), route('team-a'));
    await new GatewaySimulator(scope.api, silent).sync(rules, T0);
    expect(patched).toEqual(['HTTPRoute/team-a/r']);
  });

  it('get no claims bound, yet deleted claims still lose their pvc-protection finalizer', async () => {
    const deleted = {
      ...object(PVC_GVK, 'raw-1', 'gone'),
      metadata: {
        ...object(PVC_GVK, 'raw-1', 'gone').metadata,
        deletionTimestamp: '2026-01-01T00:00:00Z',
        finalizers: ['kubernetes.io/pvc-protection'],
      },
    };
    const claims = [object(PVC_GVK, 'raw-1', 'cache'), object(PVC_GVK, 'team-a', 'cache'), deleted];
    const { kube, patched, scope } = scopedWorld(...claims);
    const phases = await new PvcProvisioner(scope.api, silent).sync(rules, claims, [], T0);
    expect(patched).toEqual(['PersistentVolumeClaim/team-a/cache']);
    expect(phases.get('raw-1/cache')).toBeUndefined();
    expect(kube.callsOf('mergePatch').map((c) => c.key?.name)).toEqual(['gone']);
  });
});
