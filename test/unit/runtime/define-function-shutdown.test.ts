import { CloudEvent } from 'cloudevents';
import { afterEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { metricsRegistry } from '../../../shared/observability/metrics.ts';
import type { KindReconciler } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { shellModel, shellModelInspect, testFunction } from '../../support/function-harness.ts';

/**
 * A revision being replaced gets SIGTERM with events in flight (docs/upgrading.md): what it
 * answers them decides whether the Broker redelivers. Only work that really ran may be answered
 * as handled.
 */
const NOW = new Date('2026-05-01T12:00:00Z');

const model = (name: string) => shellModel(name);

const event = (name: string) =>
  new CloudEvent<unknown>({
    id: `evt-${name}`,
    type: 'dev.knative.apiserver.ref.update',
    source: 'https://10.96.0.1:443',
    data: { apiVersion: AIM_API_VERSION, kind: 'AIMModel', name, namespace: 'team-a' },
  });

/** model-inspect whose reconciles wait at their read until the test opens the gate. */
function gatedFunction() {
  const gate = Promise.withResolvers<void>();
  const started: string[] = [];
  const base = shellModelInspect.reconcilers[0] as KindReconciler<unknown, unknown>;
  const gated: KindReconciler<unknown, unknown> = {
    ...base,
    fetch: async (...args) => {
      started.push((args[1] as KubeObject).metadata.name);
      await gate.promise;
      return base.fetch(...args);
    },
  };
  const kube = new FakeKubeClient({ now: () => NOW });
  kube.seed(model('a'), model('b'));
  const harness = testFunction({ name: 'model-inspect', reconcilers: [gated] }, kube, NOW, {
    concurrency: 1,
    eventAnswerWaitMs: 60_000,
  });
  return { ...harness, kube, gate, started };
}

const conditionsOf = (kube: FakeKubeClient, name: string) =>
  kube.peek({ apiVersion: AIM_API_VERSION, kind: 'AIMModel', namespace: 'team-a', name })?.status
    ?.conditions ?? [];

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

function settledState(promise: Promise<unknown>) {
  const state: { outcome?: 'resolved' | 'rejected'; error?: { code?: unknown } } = {};
  promise.then(
    () => {
      state.outcome = 'resolved';
    },
    (error: { code?: unknown }) => {
      state.outcome = 'rejected';
      state.error = error;
    },
  );
  return state;
}

afterEach(() => metricsRegistry.resetMetrics());

describe('defineFunction shutdown with events in flight', () => {
  it('finishes the running reconcile and answers its event; the queued one is answered 503', async () => {
    const { fn, send, kube, gate, started } = gatedFunction();
    const running = settledState(send(event('a')));
    await until(() => started.length === 1);
    const queued = settledState(send(event('b')));
    const down = settledState(fn.shutdown());
    // The queued event never ran: 503, so the Broker redelivers it to an instance that stays.
    await until(() => queued.outcome !== undefined);
    expect(queued).toMatchObject({ outcome: 'rejected', error: { code: 503 } });
    expect(down.outcome).toBeUndefined();
    gate.resolve();
    await until(() => down.outcome !== undefined);
    // Shutdown waited for the running reconcile, whose event is answered as handled.
    expect(running.outcome).toBe('resolved');
    expect(conditionsOf(kube, 'a').length).toBeGreaterThan(0);
    expect(started).toEqual(['a']);
    expect(conditionsOf(kube, 'b')).toEqual([]);
  });

  it('answers 503 to an event that arrives once it is stopping', async () => {
    const { fn, send, kube, gate } = gatedFunction();
    gate.resolve();
    await fn.shutdown();
    await expect(send(event('b'))).rejects.toMatchObject({ code: 503 });
    expect(conditionsOf(kube, 'b')).toEqual([]);
  });
});
