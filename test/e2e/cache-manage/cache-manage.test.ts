import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName } from '../../../shared/naming/service-names.ts';
import { RawApi } from '../deploy/raw-api.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  AIM,
  artifact,
  conditionOf,
  eventsAbout,
  get,
  hasCondition,
  listed,
  namespace,
  readyTemplate,
  reasons,
  resolvedService,
} from './world.ts';

/**
 * cache-manage on the local control plane, with isvc-render reporting each service's cache
 * (`CacheReady`, `status.cache`): templates and service resolutions are written by the test (as
 * template-discover and service-resolve would; without a resolved model isvc-render renders no
 * InferenceService), the simulator plays the downloader and check-size pods, binds PVCs and runs
 * kube-controller-manager's Job, GC and namespace controllers.
 */
const download = (args: string) => ({ labels: { 'aim.eai.amd.com/component': 'download' }, args });

const rules: SimulatorRulesInput = {
  ...DEFAULT_RULES,
  // The test writes InferenceServices only as evidence of a cache in use; no predictor pods needed.
  inferenceServices: { enabled: false },
  pods: {
    ...DEFAULT_RULES.pods,
    rules: [
      {
        name: 'slow',
        match: download('hf://e2e/slow'),
        progress: { steps: [10, 30, 50, 70, 90, 100], intervalSeconds: 1 },
      },
      { name: 'verify-fails', match: download('hf://e2e/verify-fails'), verifyFails: true },
      {
        name: 'stall',
        match: download('hf://e2e/stall'),
        progress: { steps: [20, 40, 100], stallAt: 40, stallTimeoutSeconds: 2 },
      },
      {
        name: 'missing',
        match: download('hf://e2e/missing'),
        logs: 'Downloading with XET\nRepository Not Found for url: https://huggingface.co/api/models/e2e/missing\n',
        exit: { code: 1 },
        runSeconds: 1,
      },
      {
        name: 'gated',
        match: download('hf://e2e/gated'),
        logs: 'Cannot access gated repo for url https://huggingface.co/e2e/gated.\n',
        exit: { code: 1 },
        runSeconds: 1,
      },
      { name: 'fallback', match: download('hf://e2e/fallback'), progress: { failProtocols: ['XET'] } },
      {
        name: 'bad-size',
        match: { labels: { 'aim.eai.amd.com/component': 'check-size' }, args: 'hf://e2e/bad-size' },
        logs: 'checking hf://e2e/bad-size\nsize: about 3 GB\n',
        runSeconds: 1,
      },
      ...(DEFAULT_RULES.pods?.rules ?? []),
    ],
  },
  pvcs: {
    enabled: true,
    rules: [
      { match: { storageClass: 'never-binds' }, bind: false },
      { bind: true, afterSeconds: 1 },
    ],
  },
};

let platform: LocalPlatform;

beforeAll(async () => {
  platform = await platformForTest('cache-manage', {
    functions: ['cache-manage', 'isvc-render'],
    resyncIntervalMs: 5_000,
    simulator: withSimulator,
  });
  await writeSimulatorRules(platform.client, rules);
});

afterAll(async () => {
  await platform?.stop();
});

const client = () => platform.client;

function pvcsOf(ns: string, artifactName: string) {
  return listed(client(), 'v1', 'PersistentVolumeClaim', ns, `aim.eai.amd.com/cache.name=${artifactName}`);
}

function jobsOf(ns: string, artifactName: string, component: string) {
  return listed(
    client(),
    'batch/v1',
    'Job',
    ns,
    `aim.eai.amd.com/cache.name=${artifactName},aim.eai.amd.com/component=${component}`,
  );
}

async function artifactWhere(ns: string, name: string, test: (object: KubeObject) => boolean, what: string) {
  return eventually(`${what} (${ns}/${name})`, async () => {
    const object = await get(client(), 'AIMArtifact', ns, name);
    return object !== undefined && test(object) ? object : undefined;
  });
}

const statusIs = (status: string) => (object: KubeObject) => object.status?.status === status;

/** An InferenceService of the service that mounts a cache PVC: a cache in use. */
async function inferenceServiceUsingCache(ns: string, service: string, claimName: string): Promise<void> {
  await client().apply(
    {
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      metadata: {
        name: isvcName({ name: service, namespace: ns }),
        namespace: ns,
        labels: { 'aim.eai.amd.com/service.name': service },
      },
      spec: {
        predictor: {
          containers: [{ name: 'kserve-container', image: 'ghcr.io/silogen/aim-dummy:0.1.10' }],
          volumes: [
            { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
            { name: 'model-cache', persistentVolumeClaim: { claimName } },
          ],
        },
      },
    },
    { fieldManager: 'e2e-isvc-render' },
  );
}

describe('service template caches', () => {
  const NS = 'cache-services';

  beforeAll(async () => {
    await namespace(client(), NS);
    await readyTemplate(client(), NS, 'tpl', [
      { modelId: 'e2e/small', sourceUri: 'hf://e2e/small', size: '100Mi' },
    ]);
    await resolvedService(client(), NS, 'svc-a', 'tpl');
    await resolvedService(client(), NS, 'svc-b', 'tpl', 'Always');
    await resolvedService(client(), NS, 'svc-d', 'tpl', 'Never');
  });

  const service = (name: string) => get(client(), 'AIMService', NS, name);
  const cacheReady = (name: string) =>
    eventually(
      `CacheReady on ${name}`,
      async () => {
        const object = await service(name);
        return hasCondition(object, 'CacheReady', 'True', 'CacheReady') ? object : undefined;
      },
      { timeoutMs: 90_000 },
    );

  it('shares one Shared cache between two services and gives the Dedicated one its own', async () => {
    const [a, b, d] = [await cacheReady('svc-a'), await cacheReady('svc-b'), await cacheReady('svc-d')];
    const sharedName = a.status?.cache?.templateCacheRef?.name;
    expect(b.status?.cache?.templateCacheRef?.name).toBe(sharedName);
    expect(d.status?.cache?.templateCacheRef?.name).not.toBe(sharedName);

    const caches = await listed(client(), AIM, 'AIMTemplateCache', NS);
    expect(caches).toHaveLength(2);
    const shared = caches.find((cache) => cache.spec.mode === 'Shared');
    const dedicated = caches.find((cache) => cache.spec.mode === 'Dedicated');
    expect(shared?.metadata.name).toBe(sharedName);
    expect(shared?.metadata.ownerReferences ?? []).toEqual([]);
    expect(dedicated?.metadata.ownerReferences?.[0]?.name).toBe('svc-d');
    for (const cache of caches)
      expect(cache.metadata.finalizers).toContain('aim.eai.amd.com/artifactcleanup');

    const artifacts = await listed(client(), AIM, 'AIMArtifact', NS);
    expect(artifacts).toHaveLength(2);
    const sharedArtifact = artifacts.find((entry) => (entry.metadata.ownerReferences ?? []).length === 0);
    const dedicatedArtifact = artifacts.find(
      (entry) => entry.metadata.ownerReferences?.[0]?.name === dedicated?.metadata.name,
    );
    expect(sharedArtifact?.status).toMatchObject({
      status: 'Ready',
      mode: 'Shared',
      progress: { percentage: 100, displayPercentage: '100 %' },
    });
    expect(dedicatedArtifact?.status?.mode).toBe('Dedicated');
    expect(conditionOf(sharedArtifact, 'DownloadComplete')).toMatchObject({
      status: 'True',
      reason: 'Verified',
    });
    expect(sharedArtifact?.status?.download?.message).toBe('Complete');
    for (const entry of artifacts) {
      const pvcs = await pvcsOf(NS, entry.metadata.name);
      expect(pvcs.map((pvc) => pvc.spec.resources.requests.storage)).toEqual(['1Gi']);
      expect(pvcs[0]?.spec.accessModes).toEqual(['ReadWriteMany']);
      expect(pvcs[0]?.status?.phase).toBe('Bound');
      expect(await jobsOf(NS, entry.metadata.name, 'download')).toHaveLength(1);
    }
    // The Shared cache is created by whichever of svc-a and svc-b is reconciled first, so the
    // event is on one of them (or both, when their reconciles overlapped); the Dedicated one's own.
    const sharers = [
      ...reasons(await eventsAbout(client(), NS, 'svc-a')),
      ...reasons(await eventsAbout(client(), NS, 'svc-b')),
    ];
    expect(sharers).toContain('TemplateCacheCreated');
    expect(reasons(await eventsAbout(client(), NS, 'svc-d'))).toContain('TemplateCacheCreated');
    const artifactEvents = reasons(await eventsAbout(client(), NS, sharedArtifact?.metadata.name ?? ''));
    expect(artifactEvents).toEqual(expect.arrayContaining(['DownloadStarted', 'DownloadCompleted']));

    // The services' InferenceServices now mount their caches, as isvc-render would have rendered
    // them. cache-manage reads InferenceServices from its watch, so they are written here, well
    // before the tests below delete a cache: written just before, the watch may not have
    // delivered them yet and the service would read "creating", not "lost".
    const sharedClaim = (await pvcsOf(NS, sharedArtifact?.metadata.name ?? ''))[0]?.metadata.name;
    await inferenceServiceUsingCache(NS, 'svc-a', String(sharedClaim));
    await inferenceServiceUsingCache(NS, 'svc-d', 'some-claim');
  });

  it('writes nothing on resync once everything is Ready', async () => {
    for (const name of ['svc-a', 'svc-b', 'svc-d']) await cacheReady(name);
    const versions = async () => {
      const objects = [
        ...(await listed(client(), AIM, 'AIMService', NS)),
        ...(await listed(client(), AIM, 'AIMTemplateCache', NS)),
        ...(await listed(client(), AIM, 'AIMArtifact', NS)),
      ];
      return Object.fromEntries(
        objects.map((object) => [object.metadata.name, object.metadata.resourceVersion]),
      );
    };
    const ticks = (trigger: string) =>
      (platform.broker?.history ?? []).filter(
        (entry) =>
          entry.trigger === trigger &&
          entry.type === 'dev.knative.sources.ping' &&
          entry.outcome === 'delivered',
      ).length;
    const resyncs = async (count: number) => {
      const start = { cache: ticks('cache-manage'), render: ticks('isvc-render') };
      await eventually(
        `${count} resync ticks handled by both functions`,
        async () =>
          ticks('cache-manage') >= start.cache + count && ticks('isvc-render') >= start.render + count,
      );
    };
    // Two first (the first may have begun before the test wrote the services' InferenceServices):
    // whatever those change is settled before the snapshot.
    await resyncs(2);
    const before = await versions();
    await resyncs(2);
    expect(await versions()).toEqual(before);
  });

  it('recreates a deleted Shared cache, with the service passing through CacheLost and recovering', async () => {
    const before = await cacheReady('svc-a');
    const cacheName = before.status.cache.templateCacheRef.name;
    const cache = await get(client(), 'AIMTemplateCache', NS, cacheName);
    await client().delete({ apiVersion: AIM, kind: 'AIMTemplateCache', namespace: NS, name: cacheName });

    // Whichever sharer is reconciled first sees the cache gone and recreates it; the other may
    // only ever see the new cache.
    await eventually('a CacheLost event on svc-a or svc-b', async () =>
      [
        ...reasons(await eventsAbout(client(), NS, 'svc-a')),
        ...reasons(await eventsAbout(client(), NS, 'svc-b')),
      ].includes('CacheLost'),
    );
    const recreated = await eventually('the Shared cache recreated and Ready', async () => {
      const current = await get(client(), 'AIMTemplateCache', NS, cacheName);
      return current && current.metadata.uid !== cache?.metadata.uid && current.status?.status === 'Ready'
        ? current
        : undefined;
    });
    expect(recreated.spec.mode).toBe('Shared');
    // The Ready shared artifact survived the cache and is simply reused.
    expect(await listed(client(), AIM, 'AIMArtifact', NS)).toHaveLength(2);
    await cacheReady('svc-a');
  });

  it('recreates a deleted Dedicated cache while its service reports CacheCreating', async () => {
    const before = await cacheReady('svc-d');
    const cacheName = before.status.cache.templateCacheRef.name;
    const cache = await get(client(), 'AIMTemplateCache', NS, cacheName);
    await client().delete({ apiVersion: AIM, kind: 'AIMTemplateCache', namespace: NS, name: cacheName });

    await eventually('the dedicated cache being recreated', async () =>
      (await eventsAbout(client(), NS, 'svc-d')).some(
        (event) => event.reason === 'CacheCreating' && String(event.message).includes('being recreated'),
      ),
    );
    await eventually(
      'a new Ready dedicated cache',
      async () => {
        const current = await get(client(), 'AIMTemplateCache', NS, cacheName);
        return current && current.metadata.uid !== cache?.metadata.uid && current.status?.status === 'Ready';
      },
      { timeoutMs: 90_000 },
    );
    const after = await cacheReady('svc-d');
    expect(after.status.cache.templateCacheRef.uid).not.toBe(cache?.metadata.uid);
  });
});

describe('artifact downloads and their failures', () => {
  const NS = 'cache-downloads';
  const cases = {
    slow: 'hf://e2e/slow',
    'verify-fails': 'hf://e2e/verify-fails',
    stall: 'hf://e2e/stall',
    missing: 'hf://e2e/missing',
    gated: 'hf://e2e/gated',
    fallback: 'hf://e2e/fallback',
  };

  beforeAll(async () => {
    await namespace(client(), NS);
    for (const [name, sourceUri] of Object.entries(cases)) {
      const env = name === 'fallback' ? [{ name: 'AIM_DOWNLOADER_PROTOCOL', value: 'XET,HTTP' }] : undefined;
      await artifact(client(), NS, name, { sourceUri, size: '100Mi', ...(env ? { env } : {}) });
    }
  });

  it('follows the downloader progress upwards to Verified without overwriting it', async () => {
    const seen: number[] = [];
    let downloading = false;
    const done = await eventually(
      'slow artifact Ready',
      async () => {
        const object = await get(client(), 'AIMArtifact', NS, 'slow');
        const percentage = object?.status?.progress?.percentage;
        if (typeof percentage === 'number') seen.push(percentage);
        if (
          percentage !== undefined &&
          percentage < 100 &&
          hasCondition(object, 'DownloadComplete', 'False', 'Downloading')
        )
          downloading = true;
        return object?.status?.status === 'Ready' ? object : undefined;
      },
      { intervalMs: 150 },
    );
    expect(downloading).toBe(true);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(done.status.progress).toMatchObject({ percentage: 100, displayPercentage: '100 %' });
    expect(conditionOf(done, 'DownloadComplete')).toMatchObject({ status: 'True', reason: 'Verified' });
    expect(conditionOf(done, 'Ready')).toMatchObject({ status: 'True' });
  });

  it('keeps the protocol the downloader fell back to', async () => {
    const done = await artifactWhere(NS, 'fallback', statusIs('Ready'), 'fallback artifact Ready');
    expect(done.status.download).toEqual({
      protocol: 'HTTP',
      attempt: 2,
      totalAttempts: 2,
      protocolSequence: 'XET,HTTP',
      message: 'Complete',
    });
  });

  it('fails a download whose verification fails', async () => {
    const failed = await artifactWhere(NS, 'verify-fails', statusIs('Failed'), 'verification failure');
    expect(failed.status.progress.displayPercentage).toBe('N/A');
    expect(conditionOf(failed, 'DownloadComplete')).toMatchObject({
      status: 'False',
      reason: 'VerificationFailed',
    });
    expect(reasons(await eventsAbout(client(), NS, 'verify-fails'))).toContain('DownloadFailed');
  });

  it('fails a stalled download', async () => {
    const failed = await artifactWhere(NS, 'stall', statusIs('Failed'), 'stalled download failed');
    expect(failed.status.progress.displayPercentage).toBe('N/A');
    expect(conditionOf(failed, 'DownloadJobPodsReady')?.status).toBe('False');
    expect(conditionOf(failed, 'DownloadComplete')).toMatchObject({ status: 'False', reason: 'Downloading' });
  });

  it('fails a missing source as SourceNotFound and a gated one as an auth failure', async () => {
    const missing = await artifactWhere(NS, 'missing', statusIs('Failed'), 'missing source failed');
    expect(conditionOf(missing, 'DownloadJobPodsReady')).toMatchObject({
      status: 'False',
      reason: 'SourceNotFound',
    });
    // Ready names the failing component's own reason (issue 14), not only the category.
    expect(conditionOf(missing, 'Ready')).toMatchObject({ status: 'False', reason: 'SourceNotFound' });
    expect(missing.status.progress.displayPercentage).toBe('N/A');
    const gated = await artifactWhere(
      NS,
      'gated',
      (object) => hasCondition(object, 'AuthValid', 'False'),
      'gated auth failure',
    );
    for (const type of ['Ready', 'DownloadJobPodsReady', 'AuthValid']) {
      expect(conditionOf(gated, type)).toMatchObject({ status: 'False', reason: 'AuthError' });
    }
  });

  it('never created a second PVC or download Job for any of them', async () => {
    for (const name of Object.keys(cases)) {
      await artifactWhere(
        NS,
        name,
        (object) => ['Ready', 'Failed'].includes(object.status?.status),
        'download over (Ready or Failed)',
      );
      expect(await pvcsOf(NS, name)).toHaveLength(1);
      expect(await jobsOf(NS, name, 'download')).toHaveLength(1);
    }
  });
});

describe('artifact sizes', () => {
  const NS = 'cache-sizes';

  beforeAll(async () => {
    await namespace(client(), NS);
    await artifact(client(), NS, 'discovered', { sourceUri: 'hf://e2e/unknown-size' });
    await artifact(client(), NS, 'large', { sourceUri: 'hf://e2e/large', size: 9_094_593_249 });
    await artifact(client(), NS, 'bad-size', { sourceUri: 'hf://e2e/bad-size' });
    await artifact(client(), NS, 'unbound', {
      sourceUri: 'hf://e2e/unbound',
      size: '1Gi',
      storageClassName: 'never-binds',
    });
    await artifact(client(), NS, 'negative', { sourceUri: 'hf://e2e/negative', size: '-1Gi' });
  });

  it('discovers an unknown size with a check-size Job and sizes the PVC from it', async () => {
    const ready = await artifactWhere(NS, 'discovered', statusIs('Ready'), 'discovered artifact Ready');
    expect(ready.status).toMatchObject({
      discoveredSizeBytes: 536_870_912,
      allocatedSize: '1Gi',
      headroomPercent: 10,
      displaySize: '512 MiB',
    });
    const checks = await jobsOf(NS, 'discovered', 'check-size');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.metadata.labels?.['aim.eai.amd.com/cache.type']).toBe('artifact');
  });

  it('sizes 9,094,593,249 bytes to a 10Gi PVC', async () => {
    await eventually('the large PVC', async () => (await pvcsOf(NS, 'large')).length === 1);
    expect((await pvcsOf(NS, 'large'))[0]?.spec.resources.requests.storage).toBe('10Gi');
  });

  it('fails an unreadable check-size output without creating a PVC', async () => {
    const failed = await artifactWhere(NS, 'bad-size', statusIs('Failed'), 'bad size output');
    expect(conditionOf(failed, 'CheckSizeOutputReady')).toMatchObject({
      status: 'False',
      reason: 'InvalidSizeOutput',
    });
    expect(await pvcsOf(NS, 'bad-size')).toEqual([]);
  });

  it('reports a PVC that never binds, with one PVC and one Job', async () => {
    const pending = await artifactWhere(
      NS,
      'unbound',
      (object) =>
        hasCondition(object, 'CachePvcReady', 'False', 'PVCPending') &&
        (object.status?.persistentVolumeClaim ?? '') !== '',
      'PVCPending',
    );
    expect(pending.status.status).not.toBe('Ready');
    await eventually(
      'the download Job of the unbound artifact',
      async () => (await jobsOf(NS, 'unbound', 'download')).length === 1,
    );
    expect(await pvcsOf(NS, 'unbound')).toHaveLength(1);
  });

  it('rejects a negative size with StorageSizeError', async () => {
    const failed = await artifactWhere(NS, 'negative', statusIs('Failed'), 'negative size');
    expect(conditionOf(failed, 'StorageSizeReady')).toMatchObject({
      status: 'False',
      reason: 'StorageSizeError',
    });
    expect(await pvcsOf(NS, 'negative')).toEqual([]);
  });

  it('fails an artifact whose PVC the cluster refuses, saying why, and makes none', async () => {
    // A cluster's own rules the artifact cannot know: PVCs of two storage classes are refused, one
    // as invalid (422), one with an admission policy's default answer (403).
    const refused = (storageClass: string, reason?: string) => ({
      expression: `!has(object.spec.storageClassName) || object.spec.storageClassName != '${storageClass}'`,
      message: `storage class ${storageClass} is no longer offered`,
      ...(reason ? { reason } : {}),
    });
    // Admission objects are kinds the product's client has no table entry for.
    const admission = new RawApi(platform.controlPlane.kubeconfigPath);
    await admission.apply(
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingAdmissionPolicy',
        metadata: { name: 'e2e-retired-storage-classes' },
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: {
            resourceRules: [
              {
                apiGroups: [''],
                apiVersions: ['v1'],
                operations: ['CREATE', 'UPDATE'],
                resources: ['persistentvolumeclaims'],
              },
            ],
          },
          validations: [refused('retired', 'Invalid'), refused('reserved')],
        },
      },
      { fieldManager: 'e2e' },
    );
    await admission.apply(
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingAdmissionPolicyBinding',
        metadata: { name: 'e2e-retired-storage-classes' },
        spec: {
          policyName: 'e2e-retired-storage-classes',
          validationActions: ['Deny'],
          matchResources: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': NS } } },
        },
      },
      { fieldManager: 'e2e' },
    );
    // The API server loads a policy a moment after it is written.
    await eventually('the policy in force', async () => {
      const probe = {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'policy-probe', namespace: NS },
        spec: {
          storageClassName: 'retired',
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '1Gi' } },
        },
      };
      return client()
        .apply(probe, { fieldManager: 'e2e', dryRun: true })
        .then(
          () => false,
          (err: Error) => err.message.includes('no longer offered'),
        );
    });
    for (const storageClass of ['retired', 'reserved'])
      await artifact(client(), NS, storageClass, {
        sourceUri: `hf://e2e/${storageClass}`,
        size: '1Gi',
        storageClassName: storageClass,
      });

    for (const storageClass of ['retired', 'reserved']) {
      const failed = await artifactWhere(NS, storageClass, statusIs('Failed'), 'refused PVC');
      const ready = conditionOf(failed, 'Ready');
      expect(ready).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
      expect(ready?.message).toMatch(
        new RegExp(
          `^PersistentVolumeClaim ${NS}/${storageClass}-cache-\\S+ was rejected by the API server: `,
        ),
      );
      expect(ready?.message).toContain(`storage class ${storageClass} is no longer offered`);
      expect(conditionOf(failed, 'DependenciesReachable')?.status).not.toBe('False');
      expect(await pvcsOf(NS, storageClass)).toEqual([]);
    }
  });

  it('fails a cache whose template has the wrong scope', async () => {
    await client().apply(
      {
        apiVersion: AIM,
        kind: 'AIMTemplateCache',
        metadata: { name: 'wrong-scope', namespace: NS },
        spec: { templateName: 'tpl', templateScope: 'Cluster' },
      },
      { fieldManager: 'e2e' },
    );
    const failed = await eventually('wrong-scope cache Failed', async () => {
      const object = await get(client(), 'AIMTemplateCache', NS, 'wrong-scope');
      return object?.status?.status === 'Failed' ? object : undefined;
    });
    expect(conditionOf(failed, 'ServiceTemplateReady')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
  });
});

describe('namespace deletion', () => {
  const NS = 'cache-doomed';

  it('completes for a namespace holding a service, a cache and an artifact', async () => {
    await namespace(client(), NS);
    await readyTemplate(client(), NS, 'tpl', [
      { modelId: 'e2e/doomed', sourceUri: 'hf://e2e/slow', size: '100Mi' },
    ]);
    await resolvedService(client(), NS, 'svc', 'tpl');
    await eventually('a cache with its finalizer and a downloading artifact', async () => {
      const caches = await listed(client(), AIM, 'AIMTemplateCache', NS);
      const artifacts = await listed(client(), AIM, 'AIMArtifact', NS);
      return (
        caches.some((cache) => cache.metadata.finalizers?.includes('aim.eai.amd.com/artifactcleanup')) &&
        artifacts.length === 1 &&
        (await jobsOf(NS, artifacts[0]?.metadata.name ?? '', 'download')).length === 1
      );
    });
    await client().delete({ apiVersion: 'v1', kind: 'Namespace', name: NS });
    await eventually(
      'the namespace gone',
      async () =>
        (await client().getOptional({ apiVersion: 'v1', kind: 'Namespace', name: NS })) === undefined,
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
  });
});
