import { describe, expect, it } from 'vitest';
import { type PodBehaviour, resolvePodBehaviour } from '../../../../local/simulator/pod-behaviour.ts';
import { podStatusAt } from '../../../../local/simulator/pod-lifecycle.ts';
import { podStageAt } from '../../../../local/simulator/pod-stage.ts';
import { podStatusSignature } from '../../../../local/simulator/pod-status-signature.ts';
import { SimulatorRulesSchema } from '../../../../local/simulator/rules.ts';
import { pod } from './pods.ts';

const BOUND_AT = Date.parse('2026-01-01T00:00:00Z');
const at = (seconds: number) => BOUND_AT + seconds * 1000;

function behaviourFor(
  rule: Record<string, unknown>,
  spec: Record<string, unknown> = {},
): [ReturnType<typeof pod>, PodBehaviour] {
  const p = pod('p', { spec, containers: [{ name: 'main', image: 'img:1' }] });
  return [p, resolvePodBehaviour(p, SimulatorRulesSchema.parse({ pods: { rules: [rule] } }))];
}

function ready(status: ReturnType<typeof podStatusAt>): string | undefined {
  return status.conditions.find((c) => c.type === 'Ready')?.status;
}

describe('podStatusAt', () => {
  it('takes a Job pod from ContainerCreating to Running to Succeeded', () => {
    const [p, b] = behaviourFor({ startAfterSeconds: 0.5, runSeconds: 1 }, { restartPolicy: 'Never' });
    const creating = podStatusAt(p, b, BOUND_AT, at(0.2));
    expect(creating.phase).toBe('Pending');
    expect(creating.containerStatuses[0]?.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    const running = podStatusAt(p, b, BOUND_AT, at(1));
    expect(running.phase).toBe('Running');
    expect(running.containerStatuses[0]).toMatchObject({
      ready: true,
      started: true,
      state: { running: {} },
    });
    expect(ready(running)).toBe('True');
    const done = podStatusAt(p, b, BOUND_AT, at(2));
    expect(done.phase).toBe('Succeeded');
    expect(done.containerStatuses[0]?.state).toMatchObject({
      terminated: {
        exitCode: 0,
        reason: 'Completed',
        startedAt: '2026-01-01T00:00:00Z',
        finishedAt: '2026-01-01T00:00:01Z',
      },
    });
    expect(done.conditions.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'PodCompleted',
    });
  });

  it('fails a Never pod with the rule exit code and reason', () => {
    const [p, b] = behaviourFor({ exit: { code: 137, reason: 'OOMKilled' } }, { restartPolicy: 'Never' });
    const failed = podStatusAt(p, b, BOUND_AT, at(5));
    expect(failed.phase).toBe('Failed');
    expect(failed.containerStatuses[0]?.state).toMatchObject({
      terminated: { exitCode: 137, reason: 'OOMKilled' },
    });
  });

  it('crash-loops a restartPolicy Always pod that exits', () => {
    const [p, b] = behaviourFor({ runSeconds: 1, exit: { code: 137, reason: 'OOMKilled' } });
    const looping = podStatusAt(p, b, BOUND_AT, at(2));
    expect(looping.phase).toBe('Running');
    expect(looping.containerStatuses[0]).toMatchObject({
      ready: false,
      restartCount: 1,
      state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } },
    });
    expect(podStatusAt(p, b, BOUND_AT, at(12)).containerStatuses[0]?.restartCount).toBe(2);
  });

  it('keeps a long-running pod Running and Ready after readyAfterSeconds', () => {
    const [p, b] = behaviourFor({ readyAfterSeconds: 3 });
    expect(b.longRunning).toBe(true);
    expect(ready(podStatusAt(p, b, BOUND_AT, at(2)))).toBe('False');
    const later = podStatusAt(p, b, BOUND_AT, at(3600));
    expect(later.phase).toBe('Running');
    expect(ready(later)).toBe('True');
  });

  it('shows ErrImagePull, then ImagePullBackOff with the rule message, and stays Pending', () => {
    const [p, b] = behaviourFor({ pullError: '401 Unauthorized' });
    const first = podStatusAt(p, b, BOUND_AT, at(0.5));
    expect(first.phase).toBe('Pending');
    expect(first.containerStatuses[0]?.state).toEqual({
      waiting: { reason: 'ErrImagePull', message: '401 Unauthorized' },
    });
    const later = podStatusAt(p, b, BOUND_AT, at(60));
    expect(later.phase).toBe('Pending');
    expect(later.containerStatuses[0]?.state).toEqual({
      waiting: {
        reason: 'ImagePullBackOff',
        message: 'Back-off pulling image "img:1": ErrImagePull: 401 Unauthorized',
      },
    });
  });

  it('completes init containers when the pod starts', () => {
    const p = pod('p', {
      spec: { restartPolicy: 'Never', initContainers: [{ name: 'init', image: 'init:1' }] },
    });
    const b = resolvePodBehaviour(p, SimulatorRulesSchema.parse({}));
    expect(podStatusAt(p, b, BOUND_AT, at(0.1)).initContainerStatuses?.[0]?.state).toEqual({
      waiting: { reason: 'PodInitializing' },
    });
    expect(podStatusAt(p, b, BOUND_AT, at(1)).initContainerStatuses?.[0]?.state).toMatchObject({
      terminated: { exitCode: 0, reason: 'Completed' },
    });
  });

  it('is deterministic: the same moment gives the same status', () => {
    const [p, b] = behaviourFor({});
    expect(podStatusAt(p, b, BOUND_AT, at(1.2))).toEqual(podStatusAt(p, b, BOUND_AT, at(1.2)));
  });
});

describe('podStageAt', () => {
  it('treats OnFailure with exit 0 as terminal and with an error as a crash loop', () => {
    const [, ok] = behaviourFor({ exit: { code: 0 } }, { restartPolicy: 'OnFailure' });
    expect(podStageAt(ok, 10)).toEqual({ kind: 'exited', terminal: true, restarts: 0 });
    const [, bad] = behaviourFor({ exit: { code: 1 } }, { restartPolicy: 'OnFailure' });
    expect(podStageAt(bad, 10)).toMatchObject({ kind: 'exited', terminal: false });
  });
});

describe('podStatusSignature', () => {
  it('ignores timestamps but sees phase, readiness and container state changes', () => {
    const [p, b] = behaviourFor({ runSeconds: 100 });
    const a = podStatusAt(p, b, BOUND_AT, at(1));
    const shifted = podStatusAt(p, b, BOUND_AT - 5000, at(1) - 5000);
    expect(podStatusSignature(a)).toBe(podStatusSignature(shifted));
    expect(podStatusSignature(a)).not.toBe(podStatusSignature(podStatusAt(p, b, BOUND_AT, at(0.1))));
    expect(podStatusSignature(JSON.parse(JSON.stringify(a)))).toBe(podStatusSignature(a));
  });
});
