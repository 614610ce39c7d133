import { describe, expect, it } from 'vitest';
import type { SimulatorApi } from '../../../../local/simulator/api.ts';
import { FakeKubelet } from '../../../../local/simulator/kubelet.ts';
import { ThrottledLog } from '../../../../local/simulator/log.ts';
import { SimulatorRulesSchema } from '../../../../local/simulator/rules.ts';
import type { SchedulableNode } from '../../../../local/simulator/scheduling.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../../../../shared/kube/types.ts';
import { pod } from './pods.ts';

/** Records every call; pods "change" only when the test applies what was written. */
function recordingApi() {
  const calls: { op: string; key?: string; body?: unknown }[] = [];
  const client = {
    async create(object: KubeObject) {
      calls.push({ op: 'create', key: `${object.kind}/${object.metadata.namespace}`, body: object });
      return object;
    },
  } as unknown as KubeClient;
  const api: SimulatorApi = {
    client,
    async bindPod(namespace, name, node) {
      calls.push({ op: 'bind', key: `${namespace}/${name}`, body: node });
    },
    async patchStatus<T extends KubeObject>(key: ObjectKey, status: unknown) {
      calls.push({ op: 'status', key: `${key.kind}/${key.namespace}/${key.name}`, body: status });
      return {} as T;
    },
    async deleteNow(key) {
      calls.push({ op: 'deleteNow', key: `${key.namespace}/${key.name}` });
    },
  };
  return { api, calls };
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const node: SchedulableNode = {
  name: 'sim-mi300x-0',
  labels: {},
  allocatable: { cpu: '8', memory: '64Gi', pods: '10', 'amd.com/gpu': '8' },
  taints: [],
};
const rules = SimulatorRulesSchema.parse({
  pods: { rules: [{ match: { name: 'stuck' }, scheduleError: 'no room' }] },
});
const T0 = Date.parse('2026-01-01T00:00:00Z');
const tick = (pods: KubeObject[], nowMs: number) => ({
  rules,
  nodes: [node],
  pods,
  claimPhases: new Map(),
  nowMs,
});

describe('FakeKubelet', () => {
  it('binds a pending pod, then writes its status only when it changes', async () => {
    const { api, calls } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    const pending = pod('job-pod', { spec: { restartPolicy: 'Never' } });
    await kubelet.sync(tick([pending], T0));
    expect(calls).toEqual([{ op: 'bind', key: 'default/job-pod', body: 'sim-mi300x-0' }]);

    calls.length = 0;
    const bound = { ...pending, spec: { ...pending.spec, nodeName: 'sim-mi300x-0' } };
    await kubelet.sync(tick([bound], T0 + 100));
    expect(calls).toHaveLength(1);
    const written = calls[0]?.body as KubeObject['status'];
    expect(written.phase).toBe('Pending');

    calls.length = 0;
    await kubelet.sync(tick([{ ...bound, status: written }], T0 + 300));
    expect(calls).toEqual([]);

    await kubelet.sync(tick([{ ...bound, status: written }], T0 + 2_000));
    expect(calls[0]?.body).toMatchObject({ phase: 'Succeeded' });
    expect(kubelet.containerLog('default', 'job-pod', 'main', T0 + 2_000)).toEqual({ status: 200, text: '' });
  });

  it('returns the pods as it left them, so the rest of its pass sees the statuses it wrote', async () => {
    const { api } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    const pending = pod('job-pod', { spec: { restartPolicy: 'Never' } });
    const bound = { ...pending, spec: { ...pending.spec, nodeName: 'sim-mi300x-0' } };
    const other = pod('elsewhere', { spec: { nodeName: 'a-real-node' } });
    const after = await kubelet.sync(tick([bound, other], T0));
    expect(after.map((p) => p.metadata.name)).toEqual(['job-pod', 'elsewhere']);
    expect(after[0]?.status?.phase).toBe('Pending');
    expect(after[1]).toBe(other);
  });

  it('records FailedScheduling once and marks the pod Unschedulable', async () => {
    const { api, calls } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    const stuck = pod('stuck');
    await kubelet.sync(tick([stuck], T0));
    expect(calls.map((c) => c.op)).toEqual(['create', 'status']);
    expect(calls[0]?.body).toMatchObject({
      kind: 'Event',
      reason: 'FailedScheduling',
      message: 'no room',
      type: 'Warning',
      involvedObject: { kind: 'Pod', name: 'stuck', uid: 'uid-stuck' },
    });
    expect(calls[1]?.body).toMatchObject({
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }],
    });

    calls.length = 0;
    const marked = {
      ...stuck,
      status: {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'False', message: 'no room' }],
      },
    };
    await kubelet.sync(tick([marked], T0 + 500));
    expect(calls).toEqual([]);
  });

  it('accounts for pods it bound earlier in the same pass', async () => {
    const { api, calls } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    const gpus = (name: string) =>
      pod(name, { containers: [{ name: 'c', image: 'i', resources: { limits: { 'amd.com/gpu': '5' } } }] });
    await kubelet.sync(tick([gpus('a'), gpus('b')], T0));
    expect(calls.map((c) => c.op)).toEqual(['bind', 'create', 'status']);
    expect(calls[1]?.body).toMatchObject({ message: expect.stringContaining('Insufficient amd.com/gpu') });
  });

  it('confirms the deletion of a terminating bound pod once', async () => {
    const { api, calls } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    const terminating = pod('gone', { spec: { nodeName: 'sim-mi300x-0' } });
    terminating.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
    await kubelet.sync(tick([terminating], T0));
    expect(calls).toEqual([{ op: 'deleteNow', key: 'default/gone' }]);
    calls.length = 0;
    const confirmed = {
      ...terminating,
      metadata: { ...terminating.metadata, deletionGracePeriodSeconds: 0 },
    };
    await kubelet.sync(tick([confirmed], T0 + 400));
    expect(calls).toEqual([]);
  });

  it('leaves pods on nodes it does not simulate alone', async () => {
    const { api, calls } = recordingApi();
    const kubelet = new FakeKubelet(api, new ThrottledLog(silent));
    await kubelet.sync(tick([pod('elsewhere', { spec: { nodeName: 'real-node' } })], T0));
    expect(calls).toEqual([]);
    expect(kubelet.containerLog('default', 'elsewhere', 'main', T0)).toMatchObject({ status: 404 });
  });
});
