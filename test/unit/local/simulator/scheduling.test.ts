import { describe, expect, it } from 'vitest';
import { NodeUsage } from '../../../../local/simulator/node-usage.ts';
import {
  podRequests,
  type SchedulableNode,
  scheduleDecision,
} from '../../../../local/simulator/scheduling.ts';
import { pod } from './pods.ts';

const mi300x: SchedulableNode = {
  name: 'sim-mi300x-0',
  labels: { 'amd.com/gpu.device-id': '74a1' },
  allocatable: { cpu: '192', memory: '1536Gi', pods: '110', 'amd.com/gpu': '8' },
  taints: [],
};
const mi325x: SchedulableNode = {
  ...mi300x,
  name: 'sim-mi325x-0',
  labels: { 'amd.com/gpu.device-id': '74a5' },
};
const nodes = [mi300x, mi325x];
const noClaims = new Map<string, string | undefined>();
const none = new NodeUsage();

function gpuPod(name: string, gpus: string, spec: Record<string, unknown> = {}) {
  return pod(name, {
    containers: [
      { name: 'c', image: 'i', resources: { limits: { 'amd.com/gpu': gpus }, requests: { cpu: '4' } } },
    ],
    spec,
  });
}

const affinity = (operator: string, values: string[]) => ({
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'amd.com/gpu.device-id', operator, values }] }],
      },
    },
  },
});

describe('scheduleDecision', () => {
  it('takes the first node that fits', () => {
    expect(scheduleDecision({ pod: gpuPod('p', '1'), nodes, usage: none, claimPhases: noClaims })).toEqual({
      node: 'sim-mi300x-0',
    });
  });

  it('honours required node affinity (In, NotIn) and nodeSelector', () => {
    const onMi325 = gpuPod('p', '1', affinity('In', ['74a5', '74b9']));
    expect(scheduleDecision({ pod: onMi325, nodes, usage: none, claimPhases: noClaims })).toEqual({
      node: 'sim-mi325x-0',
    });
    const notMi300 = gpuPod('p', '1', affinity('NotIn', ['74a1']));
    expect(scheduleDecision({ pod: notMi300, nodes, usage: none, claimPhases: noClaims })).toEqual({
      node: 'sim-mi325x-0',
    });
    const bySelector = gpuPod('p', '1', { nodeSelector: { 'amd.com/gpu.device-id': '74a5' } });
    expect(scheduleDecision({ pod: bySelector, nodes, usage: none, claimPhases: noClaims })).toEqual({
      node: 'sim-mi325x-0',
    });
  });

  it('explains an affinity nobody satisfies like kube-scheduler', () => {
    const decision = scheduleDecision({
      pod: gpuPod('p', '1', affinity('In', ['75a0'])),
      nodes,
      usage: none,
      claimPhases: noClaims,
    });
    expect(decision).toEqual({
      unschedulable:
        "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. " +
        'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    });
  });

  it('counts what is already bound and reports insufficient resources', () => {
    const running = {
      ...gpuPod('busy', '6'),
      spec: { ...gpuPod('busy', '6').spec, nodeName: 'sim-mi300x-0' },
    };
    const finished = {
      ...gpuPod('done', '8'),
      spec: { ...gpuPod('done', '8').spec, nodeName: 'sim-mi325x-0' },
      status: { phase: 'Succeeded' },
    };
    const decision = scheduleDecision({
      pod: gpuPod('p', '4'),
      nodes,
      usage: NodeUsage.of([running, finished]),
      claimPhases: noClaims,
    });
    expect(decision).toEqual({ node: 'sim-mi325x-0' });
    const tooBig = scheduleDecision({ pod: gpuPod('p', '20'), nodes, usage: none, claimPhases: noClaims });
    expect(tooBig).toMatchObject({ unschedulable: expect.stringContaining('2 Insufficient amd.com/gpu') });
  });

  it('needs extended resources a node does not offer', () => {
    const nvidia = pod('p', {
      containers: [{ name: 'c', image: 'i', resources: { limits: { 'nvidia.com/gpu': '1' } } }],
    });
    expect(scheduleDecision({ pod: nvidia, nodes, usage: none, claimPhases: noClaims })).toMatchObject({
      unschedulable: expect.stringContaining('2 Insufficient nvidia.com/gpu'),
    });
  });

  it('respects NoSchedule taints unless tolerated', () => {
    const tainted = [{ ...mi300x, taints: [{ key: 'gpu', value: 'reserved', effect: 'NoSchedule' }] }];
    expect(
      scheduleDecision({ pod: gpuPod('p', '1'), nodes: tainted, usage: none, claimPhases: noClaims }),
    ).toMatchObject({
      unschedulable: expect.stringContaining('1 node(s) had untolerated taint {gpu: reserved}'),
    });
    const tolerant = gpuPod('p', '1', {
      tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }],
    });
    expect(scheduleDecision({ pod: tolerant, nodes: tainted, usage: none, claimPhases: noClaims })).toEqual({
      node: 'sim-mi300x-0',
    });
  });

  it('waits for claims to be bound', () => {
    const withClaim = pod('p', {
      namespace: 'ns',
      spec: { volumes: [{ name: 'cache', persistentVolumeClaim: { claimName: 'cache' } }] },
    });
    const pending = scheduleDecision({
      pod: withClaim,
      nodes,
      usage: none,
      claimPhases: new Map([['ns/cache', 'Pending']]),
    });
    expect(pending).toMatchObject({
      unschedulable: expect.stringContaining('pod has unbound immediate PersistentVolumeClaims'),
    });
    const missing = scheduleDecision({ pod: withClaim, nodes, usage: none, claimPhases: noClaims });
    expect(missing).toMatchObject({
      unschedulable: expect.stringContaining('persistentvolumeclaim "cache" not found'),
    });
    const bound = scheduleDecision({
      pod: withClaim,
      nodes,
      usage: none,
      claimPhases: new Map([['ns/cache', 'Bound']]),
    });
    expect(bound).toEqual({ node: 'sim-mi300x-0' });
  });

  it('says so when there are no nodes', () => {
    expect(
      scheduleDecision({ pod: gpuPod('p', '1'), nodes: [], usage: none, claimPhases: noClaims }),
    ).toEqual({
      unschedulable: 'no nodes available to schedule pods',
    });
  });
});

describe('podRequests', () => {
  it('sums containers and falls back to limits', () => {
    const p = pod('p', {
      containers: [
        { name: 'a', resources: { requests: { cpu: '500m' }, limits: { cpu: '1', 'amd.com/gpu': '2' } } },
        { name: 'b', resources: { requests: { cpu: '1500m', memory: '1Gi' } } },
      ],
    });
    const requests = podRequests(p);
    expect(requests.get('cpu')).toBe(2);
    expect(requests.get('amd.com/gpu')).toBe(2);
    expect(requests.get('memory')).toBe(2 ** 30);
  });
});
