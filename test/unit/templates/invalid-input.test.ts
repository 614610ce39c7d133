/**
 * Issue 14: a template whose input the API cannot reject gets a clear answer naming the field and
 * the value — a missing model (Failed, spec §17 #22) and an unknown GPU model (NotAvailable, §9.3).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { clusterModel, clusterTemplate, gpuNode, model, NS, template } from './fixtures.ts';
import { Clock, condition, Instance, jobsOf } from './harness.ts';

const namespacedKey = (name: string) => ({
  apiVersion: AIM_API_VERSION,
  kind: 'AIMServiceTemplate',
  namespace: NS,
  name,
});
const clusterKey = (name: string) => ({
  apiVersion: AIM_API_VERSION,
  kind: 'AIMClusterServiceTemplate',
  name,
});

let kube: FakeKubeClient;
let instance: Instance;

beforeEach(() => {
  const clock = new Clock();
  kube = new FakeKubeClient({ now: clock.now });
  instance = new Instance(kube, clock);
});

describe('a template naming a model that does not exist', () => {
  it('namespaced: Failed, ModelReady=False ReferenceNotFound naming spec.modelName, its value and namespace', async () => {
    kube.seed(clusterModel('ghost'), template('orphan', { modelName: 'ghost' }));
    expect((await instance.reconcile('orphan')).status).toBe('Failed');
    const stored = kube.peek(namespacedKey('orphan'));
    const message = `spec.modelName "ghost": AIMModel not found in namespace "${NS}"`;
    expect(condition(stored, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
      message: expect.stringContaining(message),
    });
    expect(condition(stored, 'Ready')).toMatchObject({
      reason: 'ReferenceNotFound',
      message: expect.stringContaining(`Component Model is not ready: ${message}`),
    });
    expect(jobsOf(kube)).toEqual([]);
  });

  it('cluster: Failed, ClusterModelReady=False naming spec.modelName and the AIMClusterModel kind', async () => {
    kube.seed(model('ghost'), clusterTemplate('orphan', { modelName: 'ghost' }));
    expect((await instance.reconcileCluster('orphan')).status).toBe('Failed');
    const stored = kube.peek(clusterKey('orphan'));
    expect(condition(stored, 'ClusterModelReady')).toMatchObject({
      reason: 'ReferenceNotFound',
      message: 'spec.modelName "ghost": AIMClusterModel not found',
    });
    expect(condition(stored, 'Ready')?.message).toBe(
      'Component ClusterModel is not ready: spec.modelName "ghost": AIMClusterModel not found',
    );
  });
});

describe('a template asking for a GPU model no table knows', () => {
  const unknownGpu = { hardware: { gpu: { requests: 1, model: 'MI999Z' } } };
  const expected = {
    status: 'False',
    reason: 'GPUModelUnknown',
    message: expect.stringMatching(
      /^spec\.hardware\.gpu\.model "MI999Z" is not a known AMD GPU model \(known: .*MI300X.*\) and no node offers it\. Available: MI300X$/,
    ),
  };

  it('namespaced: NotAvailable (not Failed: a node may still advertise it), naming the field and value', async () => {
    kube.seed(model(), gpuNode('n1', '74a1'), template('typo', unknownGpu));
    expect((await instance.reconcile('typo')).status).toBe('NotAvailable');
    const stored = kube.peek(namespacedKey('typo'));
    expect(condition(stored, 'GPUReady')).toMatchObject(expected);
    expect(condition(stored, 'Ready')).toMatchObject({ reason: 'GPUModelUnknown' });
    expect(jobsOf(kube)).toEqual([]);
  });

  it('cluster: the same answer', async () => {
    kube.seed(clusterModel(), gpuNode('n1', '74a1'), clusterTemplate('typo', unknownGpu));
    expect((await instance.reconcileCluster('typo')).status).toBe('NotAvailable');
    expect(condition(kube.peek(clusterKey('typo')), 'GPUReady')).toMatchObject(expected);
  });

  it('turns Ready-able when a node does advertise that model (gpu.family label)', async () => {
    kube.seed(
      model(),
      gpuNode('n1', '74a1'),
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'future', labels: { 'amd.com/gpu.family': 'MI999Z' } },
      },
      template('typo', unknownGpu),
    );
    expect((await instance.reconcile('typo')).status).toBe('Progressing');
    expect(condition(kube.peek(namespacedKey('typo')), 'GPUReady')).toMatchObject({ status: 'True' });
  });
});
