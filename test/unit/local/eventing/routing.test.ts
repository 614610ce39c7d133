import { describe, expect, it } from 'vitest';
import { adapterSourceConfig, guessPlural, selectorString } from '../../../../local/eventing/adapter.ts';
import { parseIsoDurationMs } from '../../../../local/eventing/durations.ts';
import { triggerMatches } from '../../../../local/eventing/filters.ts';
import { loadEventingManifests } from '../../../../local/eventing/manifests.ts';
import { scheduleIntervalMs } from '../../../../local/eventing/ping.ts';
import { KSERVE_LABELS } from '../../../../shared/constants/kserve.ts';
import { LABELS } from '../../../../shared/constants/labels.ts';
import { matchesLabelSelector } from '../../../../shared/kube/selectors.ts';

const manifests = loadEventingManifests();
const trigger = (name: string) => {
  const t = manifests.triggers.find((x) => x.metadata.name === name);
  if (!t) throw new Error(`no trigger ${name}`);
  return t;
};

describe('eventing manifests as the local broker reads them', () => {
  it('has one Trigger per function, each with a dead-letter sink and retries', () => {
    expect(manifests.triggers.map((t) => t.metadata.name).sort()).toEqual([
      'cache-manage',
      'isvc-render',
      'model-inspect',
      'service-resolve',
      'template-discover',
    ]);
    for (const t of manifests.triggers) {
      expect(t.spec.delivery?.retry).toBeGreaterThan(0);
      expect(t.spec.delivery?.deadLetterSink?.ref?.name).toBeTruthy();
    }
  });

  it('routes resource events by kind and the resync tick to every function', () => {
    const modelAdd = { type: 'dev.knative.apiserver.resource.add', kind: 'AIMModel' };
    expect(triggerMatches(trigger('model-inspect'), modelAdd)).toBe(true);
    expect(triggerMatches(trigger('cache-manage'), modelAdd)).toBe(false);
    const update = 'dev.knative.apiserver.resource.update';
    expect(
      triggerMatches(trigger('template-discover'), { type: update, kind: 'Job', aimworkload: 'discovery' }),
    ).toBe(true);
    expect(
      triggerMatches(trigger('model-inspect'), { type: update, kind: 'Job', aimworkload: 'discovery' }),
    ).toBe(false);
    const [resync] = manifests.pingSources;
    expect(resync?.spec.ceOverrides?.extensions).toEqual({ aimfunction: 'all' });
    for (const t of manifests.triggers)
      expect(triggerMatches(t, { type: 'dev.knative.sources.ping', aimfunction: 'all' })).toBe(true);
    expect(
      triggerMatches(trigger('model-inspect'), { type: 'dev.knative.apiserver.ref.add', kind: 'AIMModel' }),
    ).toBe(false);
  });

  it("routes a function's wake-up call and its keep-alives to that function only", () => {
    for (const type of ['dev.knative.sources.ping', 'com.amd.aim.keepalive']) {
      const forCacheManage = { type, aimfunction: 'cache-manage' };
      for (const t of manifests.triggers)
        expect(triggerMatches(t, forCacheManage), `${t.metadata.name} ${type}`).toBe(
          t.metadata.name === 'cache-manage',
        );
    }
    // A tick that names no function is no one's.
    expect(triggerMatches(trigger('cache-manage'), { type: 'dev.knative.sources.ping' })).toBe(false);
  });

  it('derives the adapter configuration the way the ApiServerSource controller does', () => {
    const source = manifests.apiServerSources.find((s) => s.metadata.name === 'aim-workloads');
    if (!source) throw new Error('missing aim-workloads');
    const config = adapterSourceConfig(source) as {
      allNamespaces: boolean;
      mode: string;
      resources: { gvr: Record<string, string>; selector: string }[];
    };
    expect(config.allNamespaces).toBe(true);
    expect(config.mode).toBe('Resource');
    expect(config.resources[0]).toEqual({
      gvr: { Group: 'batch', Version: 'v1', Resource: 'jobs' },
      selector: 'aim.eai.amd.com/template',
    });
  });

  it('routes workloads by the source that tagged them: each function gets its own kind of pod', () => {
    const tagOf = (name: string) =>
      manifests.apiServerSources.find((s) => s.metadata.name === name)?.spec.ceOverrides?.extensions
        ?.aimworkload;
    const podUpdate = (source: string) => ({
      type: 'dev.knative.apiserver.resource.update',
      kind: 'Pod',
      aimworkload: tagOf(source),
    });
    const receivers = (source: string) =>
      manifests.triggers.filter((t) => triggerMatches(t, podUpdate(source))).map((t) => t.metadata.name);
    expect(receivers('aim-workloads')).toEqual(['template-discover']);
    expect(receivers('aim-cache-workloads')).toEqual(['cache-manage']);
    expect(receivers('aim-inference-pods')).toEqual(['isvc-render']);
    // An untagged Pod event (a source without ceOverrides) reaches nobody rather than everybody.
    expect(
      manifests.triggers.filter((t) => triggerMatches(t, { type: podUpdate('x').type, kind: 'Pod' })),
    ).toEqual([]);
  });

  it('sends each pod change once: no pod is selected by two of the sources’ Pod entries', () => {
    const podEntries = manifests.apiServerSources.flatMap((source) =>
      source.spec.resources.filter((resource) => resource.kind === 'Pod'),
    );
    const timesSelected = (labels: Record<string, string>) =>
      podEntries.filter((entry) => matchesLabelSelector(selectorString(entry.selector), labels)).length;
    // A predictor pod inherits its InferenceService's labels, the template's name among them.
    const predictor = {
      [LABELS.template]: 'llama-latency',
      [LABELS.service]: 'chat',
      [KSERVE_LABELS.inferenceService]: 'chat',
    };
    expect(timesSelected(predictor)).toBe(1);
    expect(timesSelected({ [LABELS.template]: 'llama-latency', 'job-name': 'llama-discovery' })).toBe(1);
    expect(timesSelected({ [LABELS.cacheName]: 'llama-weights', [LABELS.component]: 'download' })).toBe(1);
    expect(timesSelected({ app: 'unrelated' })).toBe(0);
  });

  it('guesses plurals and renders selectors', () => {
    expect(guessPlural('AIMServiceTemplate')).toBe('aimservicetemplates');
    expect(guessPlural('HorizontalPodAutoscaler')).toBe('horizontalpodautoscalers');
    expect(guessPlural('Policy')).toBe('policies');
    expect(guessPlural('Ingress')).toBe('ingresses');
    expect(
      selectorString({
        matchLabels: { a: 'b' },
        matchExpressions: [{ key: 'c', operator: 'In', values: ['x', 'y'] }],
      }),
    ).toBe('a=b,c in (x,y)');
  });

  it('parses delivery durations and ping schedules', () => {
    expect(parseIsoDurationMs('PT0.5S')).toBe(500);
    expect(parseIsoDurationMs('PT2M')).toBe(120_000);
    expect(parseIsoDurationMs('P1DT1H')).toBe(90_000_000);
    expect(() => parseIsoDurationMs('5s')).toThrow();
    expect(scheduleIntervalMs('*/1 * * * *')).toBe(60_000);
    expect(scheduleIntervalMs('*/5 * * * *')).toBe(300_000);
    expect(() => scheduleIntervalMs('0 3 * * *')).toThrow(/unsupported/);
  });
});
