import { describe, expect, it } from 'vitest';
import { NodeUsage, podRequests } from '../../../../local/simulator/node-usage.ts';
import { type SchedulableNode, scheduleDecision } from '../../../../local/simulator/scheduling.ts';
import { pod } from './pods.ts';

const node: SchedulableNode = {
  name: 'n1',
  labels: {},
  allocatable: { cpu: '8', pods: '2', 'amd.com/gpu': '4' },
  taints: [],
};

function gpuPod(name: string, gpus: string, nodeName?: string, phase = 'Running') {
  return pod(name, {
    containers: [
      { name: 'c', image: 'i', resources: { limits: { 'amd.com/gpu': gpus }, requests: { cpu: '1' } } },
    ],
    spec: nodeName ? { nodeName } : {},
    status: { phase },
  });
}

describe('NodeUsage', () => {
  it('sums what the bound pods of each node request, leaving finished pods out', () => {
    const usage = NodeUsage.of([
      gpuPod('a', '1', 'n1'),
      gpuPod('b', '2', 'n1'),
      gpuPod('done', '4', 'n1', 'Succeeded'),
      gpuPod('c', '1', 'n2'),
      gpuPod('unbound', '4'),
    ]);
    const n1 = usage.on('n1', undefined);
    expect(n1.pods).toBe(2);
    expect(n1.requests.get('amd.com/gpu')).toBe(3);
    expect(n1.requests.get('cpu')).toBe(2);
    expect(usage.on('n2', undefined).requests.get('amd.com/gpu')).toBe(1);
    expect(usage.on('n3', undefined)).toEqual({ pods: 0, requests: new Map() });
  });

  it('leaves the asking pod out of its own node, and counts a pod once however often it is added', () => {
    const a = gpuPod('a', '1', 'n1');
    const usage = NodeUsage.of([a, gpuPod('b', '2', 'n1')]);
    usage.add(a, 'n1');
    expect(usage.on('n1', 'uid-a')).toEqual({
      pods: 1,
      requests: new Map([
        ['amd.com/gpu', 2],
        ['cpu', 1],
      ]),
    });
    expect(usage.on('n1', 'uid-b').requests.get('amd.com/gpu')).toBe(1);
    // What it answered for one pod does not change what it holds.
    expect(usage.on('n1', undefined).requests.get('amd.com/gpu')).toBe(3);
  });

  it('parses a pod object’s requests once', () => {
    const a = gpuPod('a', '1');
    expect(podRequests(a)).toBe(podRequests(a));
    expect(podRequests(a)).toEqual(
      new Map([
        ['amd.com/gpu', 1],
        ['cpu', 1],
      ]),
    );
  });

  it('places pods in turn against the usage it is given, as a pass does', () => {
    const usage = NodeUsage.of([gpuPod('a', '3', 'n1')]);
    const decide = (name: string, gpus: string) =>
      scheduleDecision({
        pod: gpuPod(name, gpus),
        nodes: [node],
        usage,
        claimPhases: new Map(),
      });
    expect(decide('p', '1')).toEqual({ node: 'n1' });
    usage.add({ ...gpuPod('p', '1'), spec: { ...gpuPod('p', '1').spec, nodeName: 'n1' } }, 'n1');
    expect(decide('q', '1')).toMatchObject({
      unschedulable: expect.stringContaining('1 Insufficient amd.com/gpu'),
    });
    // The pod limit counts too: a third pod on a node that takes two.
    expect(decide('r', '0')).toMatchObject({ unschedulable: expect.stringContaining('1 Too many pods') });
  });
});
