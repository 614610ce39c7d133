import { describe, expect, it } from 'vitest';
import {
  observePredictorPods,
  predictorPodSelector,
  predictorPodsHealth,
  withoutApplyStoppingErrors,
} from '../../../shared/inference/predictor-pods.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { StateError } from '../../../shared/reconcile/categorize.ts';
import { resolveHealth } from '../../../shared/reconcile/health.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const NS = 'team-a';

function pod(name: string, status: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: NS,
      uid: `${name}-uid`,
      labels: { 'serving.kserve.io/inferenceservice': 'chat-1' },
    },
    spec: { containers: [{ name: 'kserve-container' }] },
    status,
  };
}

const running = (containerStatus: Record<string, unknown>, ready = false) => ({
  phase: 'Running',
  conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
  containerStatuses: [{ name: 'kserve-container', restartCount: 3, ...containerStatus }],
});

/** Pod p1 crash looping after exit `exitCode` (Error), with `log` as its container's log. */
const crashLooping = (exitCode: number, log: string) =>
  new FakeKubeClient()
    .seed(
      pod(
        'p1',
        running({
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { exitCode, reason: 'Error' } },
        }),
      ),
    )
    .setPodLog(NS, 'p1', 'kserve-container', log);

async function inspect(kube: FakeKubeClient) {
  return resolveHealth(predictorPodsHealth(await observePredictorPods(kube, NS, 'chat-1')));
}

describe('InferenceServicePods component', () => {
  it('selects the predictor pods by the KServe label (the Exists term lets a sweep snapshot answer)', () => {
    expect(predictorPodSelector('chat-1')).toBe(
      'serving.kserve.io/inferenceservice,serving.kserve.io/inferenceservice=chat-1',
    );
  });

  it('no pods ⇒ NoPods, a missing downstream dependency', async () => {
    const result = await inspect(new FakeKubeClient());
    expect(result).toMatchObject({
      component: 'InferenceServicePods',
      reason: 'NoPods',
      state: 'Progressing',
    });
  });

  it('image pull denied ⇒ ImagePullAuthFailure, Failed but not blocking the apply', async () => {
    const kube = new FakeKubeClient().seed(
      pod('p1', {
        phase: 'Pending',
        containerStatuses: [
          {
            name: 'kserve-container',
            state: {
              waiting: { reason: 'ImagePullBackOff', message: 'pull access denied: 401 Unauthorized' },
            },
          },
        ],
      }),
    );
    const result = await inspect(kube);
    expect(result).toMatchObject({
      state: 'Failed',
      reason: 'ImagePullAuthFailure',
      message: 'Container kserve-container: pull access denied: 401 Unauthorized',
    });
    expect(result.errors).toEqual([]);
  });

  it('a missing image ⇒ ImageNotFound, Degraded', async () => {
    const kube = new FakeKubeClient().seed(
      pod('p1', {
        phase: 'Pending',
        containerStatuses: [
          {
            name: 'kserve-container',
            state: { waiting: { reason: 'ErrImagePull', message: 'manifest unknown' } },
          },
        ],
      }),
    );
    expect(await inspect(kube)).toMatchObject({ state: 'Degraded', reason: 'ImageNotFound' });
  });

  it('an OOM-killed container, crash looping or between restarts ⇒ PodOOMKilled (ResourceExhaustion)', async () => {
    const looping = new FakeKubeClient().seed(
      pod(
        'p1',
        running({
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } },
        }),
      ),
    );
    const result = await inspect(looping);
    expect(result).toMatchObject({
      state: 'Failed',
      reason: 'PodOOMKilled',
      message:
        'Container kserve-container of pod p1 was OOMKilled (exit code 137, 3 restarts): raise its memory limit',
    });
    expect(result.errors[0]?.category).toBe('ResourceExhaustion');
    const between = new FakeKubeClient().seed(
      pod('p1', running({ state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } })),
    );
    expect(await inspect(between)).toMatchObject({ reason: 'PodOOMKilled' });
  });

  it('another crash loop is classified from its log tail, with an excerpt', async () => {
    const kube = crashLooping(
      1,
      'INFO start\nOSError: Cannot access gated repo for url https://huggingface.co/x\n',
    );
    const result = await inspect(kube);
    expect(result.reason).toBe('AuthError');
    expect(result.message).toContain('Log excerpt:\nOSError: Cannot access gated repo');
    expect(result.state).toBe('Failed');
    expect(kube.callsOf('podLog')[0]?.options).toEqual({ container: 'kserve-container', tailLines: 50 });
  });

  it('an unexplained crash loop keeps CrashLoopBackOff (Degraded) with the last log lines', async () => {
    const kube = crashLooping(2, 'a\nb\nc\nd\nValueError: bad config\n');
    const result = await inspect(kube);
    expect(result).toMatchObject({ state: 'Degraded', reason: 'CrashLoopBackOff' });
    expect(result.message.endsWith('Log excerpt:\nc\nd\nValueError: bad config')).toBe(true);
  });

  it('a pending pod ⇒ the FailedScheduling event’s message', async () => {
    const kube = new FakeKubeClient().seed(pod('p1', { phase: 'Pending' }), {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'p1.1', namespace: NS },
      involvedObject: { kind: 'Pod', name: 'p1', uid: 'p1-uid' },
      reason: 'FailedScheduling',
      message: '0/2 nodes are available: 2 Insufficient amd.com/gpu.',
      type: 'Warning',
      lastTimestamp: '2026-05-01T12:00:00Z',
    });
    expect(await inspect(kube)).toMatchObject({
      state: 'Pending',
      reason: 'FailedScheduling',
      message: '0/2 nodes are available: 2 Insufficient amd.com/gpu.',
    });
  });

  it('a Ready pod ⇒ PodsReady', async () => {
    const kube = new FakeKubeClient().seed(pod('p1', running({ ready: true, state: { running: {} } }, true)));
    expect(await inspect(kube)).toMatchObject({ state: 'Ready', reason: 'PodsReady' });
  });
});

describe('withoutApplyStoppingErrors', () => {
  it('keeps state, reason and message, drops Auth / InvalidSpec / MissingUpstream / Infrastructure errors', () => {
    const result = withoutApplyStoppingErrors({
      component: 'X',
      errors: [
        new StateError('Infrastructure', 'ImagePullBackOff', 'registry down'),
        new StateError('ResourceExhaustion', 'R', 'm'),
      ],
    });
    expect(result).toMatchObject({ state: 'Failed', reason: 'ImagePullBackOff', message: 'registry down' });
    expect(result.errors.map((err) => (err as StateError).category)).toEqual(['ResourceExhaustion']);
  });
});
