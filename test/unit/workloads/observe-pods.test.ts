import { describe, expect, it } from 'vitest';
import { POD_PENDING_EVENT_REASONS } from '../../../shared/constants/pod-conditions.ts';
import { podLogKey } from '../../../shared/workloads/failed-pod-health.ts';
import { observePods } from '../../../shared/workloads/observe-pods.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { event, pod, terminated } from './pod-fixtures.ts';

function labelled<T extends { metadata: { labels?: Record<string, string> } }>(object: T): T {
  object.metadata.labels = { 'job-name': 'discover-x' };
  return object;
}

describe('observePods', () => {
  it('reads a Pending pod’s events and nothing else', async () => {
    const kube = new FakeKubeClient().seed(
      labelled(pod({ name: 'p' })),
      event('p', 'FailedScheduling', 'no nodes', '2026-05-01T10:00:00Z'),
    );
    const observed = await observePods(kube, 'team-a', 'job-name=discover-x');
    expect(observed.pods.map((p) => p.metadata.name)).toEqual(['p']);
    expect(observed.events).toHaveLength(1);
    expect(kube.callsOf('list')[1]?.options).toEqual({
      namespace: 'team-a',
      fieldSelector:
        'involvedObject.kind=Pod,reason!=Scheduled,reason!=Pulled,reason!=Created,reason!=Started,involvedObject.name=p',
    });
    expect(kube.callsOf('podLog')).toHaveLength(0);
  });

  it('reads the log tail of a failed container and tolerates a missing log', async () => {
    const kube = new FakeKubeClient()
      .seed(labelled(pod({ name: 'f', phase: 'Failed', containers: [terminated('discovery', 1, 'Error')] })))
      .setPodLog('team-a', 'f', 'discovery', 'boom\n');
    const observed = await observePods(kube, 'team-a', 'job-name=discover-x');
    expect(observed.logs.get(podLogKey('team-a', 'f', 'discovery'))).toBe('boom\n');
    expect(kube.callsOf('podLog')[0]?.options).toEqual({ container: 'discovery', tailLines: 50 });

    const noLogs = new FakeKubeClient().seed(
      labelled(pod({ name: 'f', phase: 'Failed', containers: [terminated('discovery', 1, 'Error')] })),
    );
    expect((await observePods(noLogs, 'team-a', 'job-name=discover-x')).logs.size).toBe(0);
  });

  it('asks for no routine kubelet event, and for every event a Pending pod is judged by', async () => {
    const kube = new FakeKubeClient().seed(
      labelled(pod({ name: 'p' })),
      event('p', 'Scheduled', 'assigned', '2026-05-01T10:00:00Z'),
      event('p', 'Pulling', 'pulling image', '2026-05-01T10:00:01Z'),
      event('p', 'Pulled', 'pulled', '2026-05-01T10:00:02Z'),
      ...POD_PENDING_EVENT_REASONS.map((reason) => event('p', reason, reason, '2026-05-01T10:00:03Z')),
    );
    const observed = await observePods(kube, 'team-a', 'job-name=discover-x');
    expect(observed.events.map((e) => (e as { reason?: string }).reason).sort()).toEqual(
      [...POD_PENDING_EVENT_REASONS, 'Pulling'].sort(),
    );
  });

  it('lets a failed pod LIST reject (the caller captures it)', async () => {
    const kube = new FakeKubeClient().failNext('list', 'ServiceUnavailable');
    await expect(observePods(kube, 'team-a', 'job-name=discover-x')).rejects.toThrow(/ServiceUnavailable/);
  });
});
