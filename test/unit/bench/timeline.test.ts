import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timeline } from '../../../scripts/bench/timeline.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const service = (status: Record<string, unknown>): KubeObject => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'svc', namespace: 'aim-bench' },
  status,
});
const cacheReady = { type: 'CacheReady', status: 'True' };

describe('the benchmark timeline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the first time of each step per service, from the first apply, as min / p50 / max', () => {
    const timeline = new Timeline();
    timeline.service('early', service({ status: 'Running' }));
    timeline.start(Date.now());
    vi.advanceTimersByTime(100);
    for (const name of ['a', 'b', 'c']) timeline.service(name, service({ status: 'Pending' }));
    vi.advanceTimersByTime(400);
    timeline.service('a', service({ status: 'Starting', conditions: [cacheReady] }));
    timeline.inferenceService('a', { apiVersion: 'v1', kind: 'InferenceService', metadata: { name: 'a' } });
    vi.advanceTimersByTime(500);
    // Seen again later: the first time stays.
    timeline.service('a', service({ status: 'Running', conditions: [cacheReady] }));
    timeline.service('b', service({ status: 'Pending' }));
    expect(timeline.summary().servicesMs).toEqual({
      firstStatus: { n: 3, min: 100, p50: 100, max: 100 },
      cacheReady: { n: 1, min: 500, p50: 500, max: 500 },
      isvcCreated: { n: 1, min: 500, p50: 500, max: 500 },
      running: { n: 1, min: 1000, p50: 1000, max: 1000 },
    });
    expect(timeline.summary().serviceGapsMs).toEqual({
      'firstStatus→cacheReady': { n: 1, min: 400, p50: 400, max: 400 },
      'cacheReady→isvcCreated': { n: 1, min: 0, p50: 0, max: 0 },
    });
    expect(timeline.summary().sharedPathMs).toEqual({});
  });
});
