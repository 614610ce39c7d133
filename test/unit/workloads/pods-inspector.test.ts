import { describe, expect, it } from 'vitest';
import { resolveHealth } from '../../../shared/reconcile/health.ts';
import { podLogKey } from '../../../shared/workloads/failed-pod-health.ts';
import {
  inspectPods,
  type PodsInspectionInput,
  pendingPodNeedingEvents,
  podLogRequests,
} from '../../../shared/workloads/pods-inspector.ts';
import { event, pod, terminated, waiting } from './pod-fixtures.ts';

/** The inspection as the state engine sees it: state, reason, message and error categories. */
function verdict(input: PodsInspectionInput) {
  const resolved = resolveHealth({
    component: 'Pods',
    ...inspectPods(input),
    errors: inspectPods(input).errors ?? [],
  });
  return {
    state: resolved.state,
    reason: resolved.reason,
    message: resolved.message,
    categories: resolved.errors.map((err) => err.category),
  };
}

describe('inspectPods (spec §10.8)', () => {
  it('reports a missing pod as a downstream dependency that is not there yet', () => {
    expect(verdict({ pods: [] })).toMatchObject({
      state: 'Progressing',
      reason: 'NoPods',
      categories: ['MissingDownstreamDependency'],
    });
  });

  it.each([
    [
      'pull access denied, repository does not exist or may require authorization',
      'Auth',
      'ImagePullAuthFailure',
    ],
    ['failed to resolve reference: 401 Unauthorized', 'Auth', 'ImagePullAuthFailure'],
    ['rpc error: manifest unknown', 'MissingUpstreamDependency', 'ImageNotFound'],
    ['failed to pull: 404 Not Found', 'MissingUpstreamDependency', 'ImageNotFound'],
    ['dial tcp 10.0.0.1:443: i/o timeout', 'Infrastructure', 'ImagePullBackOff'],
  ])('classifies the image pull message %j', (message, category, reason) => {
    const result = verdict({ pods: [pod({ containers: [waiting('discovery', 'ErrImagePull', message)] })] });
    expect(result.reason).toBe(reason);
    expect(result.categories).toEqual([category]);
    expect(result.message).toBe(`Container discovery: ${message}`);
  });

  it('looks at init containers for image pull errors too', () => {
    const result = verdict({
      pods: [
        pod({
          initContainers: [waiting('init', 'ImagePullBackOff', 'Back-off pulling image: 403 Forbidden')],
        }),
      ],
    });
    expect(result).toMatchObject({ reason: 'ImagePullAuthFailure', state: 'Failed' });
  });

  it('fails a container that can never be created (blocking InvalidSpec)', () => {
    const result = verdict({
      pods: [
        pod({ containers: [waiting('discovery', 'CreateContainerConfigError', 'secret "hf" not found')] }),
      ],
    });
    expect(result).toMatchObject({
      state: 'Failed',
      reason: 'PodFailed',
      message: 'Container discovery: secret "hf" not found',
      categories: ['InvalidSpec'],
    });
  });

  it.each([
    ['huggingface_hub.errors.RepositoryNotFoundError: 404 Client Error', 'SourceNotFound', 'InvalidSpec'],
    ['Cannot access gated repo for url https://huggingface.co/meta-llama', 'AuthError', 'Auth'],
    ['OSError: [Errno 28] No space left on device', 'StorageFull', 'ResourceExhaustion'],
  ])('classifies a failed container by its log line %j', (line, reason, category) => {
    const failed = pod({ name: 'dl', phase: 'Failed', containers: [terminated('download', 1, 'Error')] });
    const logs = new Map([[podLogKey('team-a', 'dl', 'download'), `starting\n${line}\nexiting\n`]]);
    const result = verdict({ pods: [failed], logs });
    expect(result).toMatchObject({ reason, categories: [category] });
    expect(result.message).toContain(`Log excerpt:\n${line}`);
  });

  it('lets an infrastructure log line fall through to the termination reason', () => {
    const failed = pod({ name: 'dl', phase: 'Failed', containers: [terminated('download', 1, 'Error')] });
    const logs = new Map([
      [podLogKey('team-a', 'dl', 'download'), 'User "x" is forbidden: cannot get resource pods\n'],
    ]);
    expect(verdict({ pods: [failed], logs })).toMatchObject({
      reason: 'PodFailed',
      categories: ['InvalidSpec'],
    });
  });

  it('appends the last three log lines when no pattern matches', () => {
    const failed = pod({ name: 'dl', phase: 'Failed', containers: [terminated('download', 2, 'Error')] });
    const logs = new Map([[podLogKey('team-a', 'dl', 'download'), 'a\nb\nc\nd\n']]);
    const result = verdict({ pods: [failed], logs });
    expect(result.message).toMatch(/exit code 2, Error\)\n\nLog excerpt:\nb\nc\nd$/);
  });

  it.each([
    [{ containers: [terminated('c', 137, 'OOMKilled')] }, 'PodOOMKilled', 'ResourceExhaustion'],
    [{ reason: 'Evicted', message: 'The node was low on resource: memory.' }, 'PodEvicted', 'Infrastructure'],
    [
      { reason: 'DeadlineExceeded', message: 'Pod was active too long' },
      'PodDeadlineExceeded',
      'InvalidSpec',
    ],
    [{ containers: [terminated('c', 128, 'ContainerCannotRun')] }, 'PodFailed', 'InvalidSpec'],
    [{}, 'PodFailed', 'InvalidSpec'],
  ])('maps a failed pod %j by its reason', (shape, reason, category) => {
    expect(verdict({ pods: [pod({ phase: 'Failed', ...shape })] })).toMatchObject({
      reason,
      categories: [category],
    });
  });

  it('reports a crash loop as Degraded without blocking', () => {
    const crashing = pod({
      phase: 'Running',
      containers: [
        {
          name: 'kserve-container',
          ready: false,
          restartCount: 4,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', message: 'CUDA error' } },
        },
      ],
    });
    const result = verdict({ pods: [crashing] });
    expect(result).toMatchObject({ state: 'Degraded', reason: 'CrashLoopBackOff', categories: [] });
    expect(result.message).toContain('4 restarts');
    expect(result.message).toContain('last exit code 1 (Error): CUDA error');
  });

  it('is Ready when a pod succeeded or runs Ready, Starting when running but not ready', () => {
    expect(verdict({ pods: [pod({ phase: 'Succeeded' })] })).toMatchObject({
      state: 'Ready',
      reason: 'PodsReady',
    });
    expect(verdict({ pods: [pod({ phase: 'Running', ready: true })] })).toMatchObject({ state: 'Ready' });
    expect(verdict({ pods: [pod({ phase: 'Running', ready: false })] })).toMatchObject({
      state: 'Starting',
      reason: 'PodsStarting',
    });
  });

  it('explains a Pending pod by its latest blocking event, else Pulling, else PodsPending', () => {
    const pending = pod({ name: 'p', uid: 'u1' });
    const events = [
      event('p', 'FailedScheduling', 'old', '2026-05-01T10:00:00Z'),
      event(
        'p',
        'FailedScheduling',
        '0/2 nodes are available: 2 Insufficient amd.com/gpu.',
        '2026-05-01T10:05:00Z',
      ),
      event('other', 'FailedMount', 'not mine', '2026-05-01T10:09:00Z'),
      event('p', 'Pulling', 'Pulling image "x"', '2026-05-01T10:08:00Z'),
    ];
    expect(verdict({ pods: [pending], events })).toMatchObject({
      state: 'Pending',
      reason: 'FailedScheduling',
      message: '0/2 nodes are available: 2 Insufficient amd.com/gpu.',
    });
    expect(verdict({ pods: [pending], events: events.slice(3) })).toMatchObject({
      state: 'Progressing',
      reason: 'Pulling',
    });
    expect(verdict({ pods: [pending] })).toMatchObject({ state: 'Pending', reason: 'PodsPending' });
  });

  it('reads a pod waiting for its new claim to bind as progressing, not Pending', () => {
    const pending = pod({ name: 'p', uid: 'u1' });
    const unbound = event(
      'p',
      'FailedScheduling',
      '0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
      '2026-05-01T10:00:00Z',
    );
    expect(verdict({ pods: [pending], events: [unbound] })).toMatchObject({
      state: 'Progressing',
      reason: 'FailedScheduling',
      message: '0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
    });
    const later = event(
      'p',
      'FailedScheduling',
      '0/1 nodes are available: 1 Insufficient cpu.',
      '2026-05-01T10:01:00Z',
    );
    expect(verdict({ pods: [pending], events: [unbound, later] })).toMatchObject({ state: 'Pending' });
  });

  it('falls back to PodsProgressing for phases it does not know', () => {
    expect(verdict({ pods: [pod({ phase: 'Unknown' })] })).toMatchObject({
      state: 'Progressing',
      reason: 'PodsProgressing',
    });
  });

  it('never throws on malformed pod statuses', () => {
    const broken = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'x' },
      status: { containerStatuses: [1, null, {}] },
    };
    expect(() =>
      inspectPods({ pods: [broken, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'y' } }] }),
    ).not.toThrow();
  });
});

describe('what the inspector needs fetched', () => {
  it('asks for the log tail of the failing container of the first Failed pod only', () => {
    const failed = pod({
      name: 'f',
      phase: 'Failed',
      containers: [terminated('sidecar', 0, 'Completed'), terminated('main', 1, 'Error')],
    });
    expect(podLogRequests([pod({ phase: 'Running' }), failed])).toEqual([
      { namespace: 'team-a', pod: 'f', container: 'main', tailLines: 50 },
    ]);
    expect(
      podLogRequests([pod({ phase: 'Failed', containers: [terminated('c', 137, 'OOMKilled')] })]),
    ).toEqual([]);
    expect(podLogRequests([pod({ containers: [waiting('c', 'ErrImagePull', 'x')] }), failed])).toEqual([]);
  });

  it('asks for events only when the verdict depends on a Pending pod', () => {
    const pending = pod({ name: 'waiting' });
    expect(pendingPodNeedingEvents([pending])?.metadata.name).toBe('waiting');
    expect(pendingPodNeedingEvents([pending, pod({ phase: 'Running', ready: true })])).toBeUndefined();
    expect(pendingPodNeedingEvents([pending, pod({ phase: 'Failed' })])).toBeUndefined();
    expect(pendingPodNeedingEvents([])).toBeUndefined();
  });
});
