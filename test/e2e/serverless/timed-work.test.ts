import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { artifact, get } from '../cache-manage/world.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  createTemplate,
  namespace,
  readyModel,
  rules,
  watchDiscoveryAttempts,
} from '../template-discover/world.ts';
import { atZero, starts } from './at-zero.ts';

/**
 * Timed work of functions that Knative may stop at any moment (here after a 3 s window): a
 * download in progress is followed to its end with no event arriving at all (the event sources are
 * stopped), because cache-manage keeps itself up while it has a poll due; a failing discovery is
 * retried at its backoff time by a template-discover that went to zero after the attempt failed,
 * was started again by the failed Job's removal (its TTL, 60 s) and kept itself up for the ~60 s
 * of backoff left, with nothing else arriving meanwhile. The resync is an hour away: it cannot be
 * what does either.
 */
const NS = 'serverless-timed';
const download = (args: string) => ({ labels: { 'aim.eai.amd.com/component': 'download' }, args });
const SAMPLE_MS = 500;

function simulatorRules(): SimulatorRulesInput {
  const discovery = rules();
  return {
    ...discovery,
    pods: {
      ...DEFAULT_RULES.pods,
      rules: [
        {
          name: 'slow-zero',
          match: download('hf://e2e/slow-zero'),
          progress: { steps: [10, 25, 40, 55, 70, 85, 100], intervalSeconds: 6 },
        },
        ...(discovery.pods?.rules ?? []),
      ],
    },
  };
}

/** Samples `probe` every half second until `stop` resolves; returns what it saw. */
function sample<T>(probe: () => Promise<T>): { seen: { at: number; value: T }[]; stop(): void } {
  const seen: { at: number; value: T }[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      try {
        seen.push({ at: Date.now(), value: await probe() });
      } catch {
        // The next sample tells.
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    seen,
    stop() {
      stopped = true;
    },
  };
}

describe('timed work while functions come and go', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('serverless-timed', {
      functions: ['cache-manage', 'template-discover'],
      simulator: withSimulator,
      scaling: 'knative',
      scalingOverrides: { windowMs: 3_000 },
      resyncIntervalMs: 3_600_000,
    });
    await writeSimulatorRules(platform.client, simulatorRules());
    await namespace(platform.client, NS);
    await readyModel(platform.client, 'llama', NS);
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('follows a download to its end with no event arriving, cache-manage staying up for it', async () => {
    const { client } = platform;
    await artifact(client, NS, 'slow-zero', { sourceUri: 'hf://e2e/slow-zero', size: '100Mi' });
    await eventually(
      'the download under way',
      async () => {
        const object = await get(client, 'AIMArtifact', NS, 'slow-zero');
        const percentage = object?.status?.progress?.percentage;
        return typeof percentage === 'number' && percentage > 0 && percentage < 55;
      },
      { timeoutMs: 90_000 },
    );
    await platform.stopEventSources();
    const samples = sample(async () => ({
      object: await get(client, 'AIMArtifact', NS, 'slow-zero'),
      cacheManageUp: !atZero(platform, 'cache-manage'),
    }));
    try {
      const done = await eventually(
        'the artifact Ready with no event',
        async () => {
          const object = await get(client, 'AIMArtifact', NS, 'slow-zero');
          return object?.status?.status === 'Ready' ? object : undefined;
        },
        { timeoutMs: 150_000 },
      );
      samples.stop();
      const condition = (done.status.conditions as { type: string; reason: string }[]).find(
        (c) => c.type === 'DownloadComplete',
      );
      expect(condition?.reason).toBe('Verified');
      // cache-manage never went down while the download ran.
      expect(samples.seen.filter((s) => !s.value.cacheManageUp)).toEqual([]);
      // What a user watching saw: the artifact's status moving, never 30 s without a change.
      const versions = samples.seen.map((s) => ({
        at: s.at,
        rv: (s.value.object as KubeObject).metadata.resourceVersion,
      }));
      const changes = versions.filter((v, i) => i === 0 || v.rv !== versions[i - 1]?.rv).map((v) => v.at);
      const gaps = changes.slice(1).map((at, i) => at - (changes[i] as number));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000);
    } finally {
      samples.stop();
      await platform.startEventSources();
    }
  }, 240_000);

  it('retries a failing discovery at its backoff time, with template-discover at zero in between', async () => {
    const { client } = platform;
    const attempts = watchDiscoveryAttempts(client, 'e2e-fails', NS);
    const states = sample(async () => ({ down: atZero(platform, 'template-discover') }));
    try {
      await createTemplate(
        client,
        'e2e-fails',
        { modelName: 'llama', hardware: { gpu: { model: 'MI300X', requests: 1 } } },
        NS,
      );
      const first = (await attempts.sighting(1, 120_000)).template;
      const firstAt = Date.parse(first.status.discovery.lastAttemptTime);
      const second = await attempts.sighting(2, 150_000);
      const secondAt = Date.parse(second.template.status.discovery.lastAttemptTime);
      const retry2 = second.jobs.filter((job) => Date.parse(job.metadata.creationTimestamp ?? '') > firstAt);
      expect(retry2).toHaveLength(1);
      expect(Date.parse(retry2[0]?.metadata.creationTimestamp ?? '')).toBeGreaterThanOrEqual(
        firstAt + 60_000,
      );
      const startsBefore = starts(platform, 'template-discover');
      const third = await attempts.sighting(3, 240_000);
      const retry3 = third.jobs.filter((job) => Date.parse(job.metadata.creationTimestamp ?? '') > secondAt);
      expect(retry3).toHaveLength(1);
      const retriedAt = Date.parse(retry3[0]?.metadata.creationTimestamp ?? '');
      // At its backoff time: not before it, and not a wake-up call's minute after it either.
      expect(retriedAt).toBeGreaterThanOrEqual(secondAt + 120_000);
      expect(retriedAt).toBeLessThan(secondAt + 120_000 + 30_000);
      // In between, template-discover was at zero, and came back for the retry.
      const between = states.seen.filter((s) => s.at > secondAt + 5_000 && s.at < retriedAt);
      expect(between.some((s) => s.value.down)).toBe(true);
      expect(starts(platform, 'template-discover')).toBeGreaterThan(startsBefore);
    } finally {
      states.stop();
      attempts.stop();
    }
  }, 480_000);
});
