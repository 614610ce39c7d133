import { describe, expect, it } from 'vitest';
import { explainLinks, renderExplanation } from '../../../cli/explain.ts';
import type { ObjectSummary } from '../../../cli/object-summary.ts';
import { timeToReady } from '../../../cli/timing.ts';

const root: ObjectSummary = {
  kind: 'AIMService',
  name: 'chat',
  status: 'Running',
  createdAt: '2026-01-01T00:00:00Z',
  readyAt: '2026-01-01T00:02:00Z',
};

describe('timeToReady', () => {
  it('places every object relative to the root, and marks what existed before it', () => {
    const model: ObjectSummary = {
      kind: 'AIMModel',
      name: 'm',
      status: 'Ready',
      createdAt: '2025-12-31T23:00:00Z',
      readyAt: '2025-12-31T23:00:30Z',
    };
    const cache: ObjectSummary = {
      kind: 'AIMTemplateCache',
      name: 'c',
      status: 'Ready',
      createdAt: '2026-01-01T00:00:05Z',
      readyAt: '2026-01-01T00:01:35Z',
    };
    const pending: ObjectSummary = {
      kind: 'Pod',
      name: 'p',
      status: 'Pending',
      createdAt: '2026-01-01T00:01:40Z',
    };
    const breakdown = timeToReady(root, [model, cache, pending]);
    expect(breakdown.totalMs).toBe(120_000);
    expect(breakdown.steps).toEqual([
      {
        kind: 'AIMModel',
        name: 'm',
        createdAfterMs: -3_600_000,
        readyAfterMs: -3_570_000,
        tookMs: 30_000,
        reused: true,
      },
      { kind: 'AIMTemplateCache', name: 'c', createdAfterMs: 5_000, readyAfterMs: 95_000, tookMs: 90_000 },
      { kind: 'Pod', name: 'p', createdAfterMs: 100_000 },
    ]);
  });

  it('has no total while the root is not ready', () => {
    expect(timeToReady({ ...root, readyAt: undefined }, []).totalMs).toBeUndefined();
  });
});

describe('explanation text', () => {
  it('lists missing links with the reason and says how long the root took', () => {
    const explanation = explainLinks(root, [
      {
        role: 'service',
        object: {
          apiVersion: 'x',
          kind: 'AIMService',
          metadata: { name: 'chat' },
          status: { status: 'Running' },
        },
      },
      { role: 'cache', missing: 'no template cache yet' },
    ]);
    const text = renderExplanation(explanation);
    expect(text).toMatch(/cache\s+-\s+Missing\s+no template cache yet/);
    expect(text).toContain('AIMService/chat became ready 2m00s after it was created');
  });
});
