import { describe, expect, it } from 'vitest';
import { checkSizeJobName, downloadJobName } from '../../../shared/caching/artifact-jobs.ts';
import { artifactReconciler } from '../../../shared/caching/artifact-reconciler.ts';
import type { ArtifactObject } from '../../../shared/caching/kinds.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { artifactPvcName } from '../../../shared/naming/artifact-names.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { RetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { applyMergePatch, FakeKubeClient } from '../../support/fake-kube.ts';
import { aim, condition, NOW, NS, type RecordedEvent, recordingContext } from './fixtures.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const UID = 'art-uid';
const REF = { name: 'weights', uid: UID };
const PVC_NAME = artifactPvcName(REF);

function artifact(spec: Record<string, unknown> = { size: '100Mi' }): ArtifactObject {
  return aim(
    'AIMArtifact',
    'weights',
    { sourceUri: 'hf://org/model', ...spec },
    { metadata: { name: 'weights', namespace: NS, uid: UID } },
  ) as ArtifactObject;
}

const JOBS = {
  checkSize: checkSizeJobName(artifact()),
  download: downloadJobName(artifact()),
};

function reconcile(kube: FakeKubeClient, events: RecordedEvent[] = []) {
  return reconcileObject(recordingContext(kube, events), artifactReconciler(), {
    apiVersion: API,
    kind: 'AIMArtifact',
    namespace: NS,
    name: 'weights',
  });
}

function stored(kube: FakeKubeClient): KubeObject | undefined {
  return kube.peek({ apiVersion: API, kind: 'AIMArtifact', namespace: NS, name: 'weights' });
}

function child(kube: FakeKubeClient, apiVersion: string, kind: string, name: string) {
  return kube.peek({ apiVersion, kind, namespace: NS, name });
}

async function writeStatus(
  kube: FakeKubeClient,
  apiVersion: string,
  kind: string,
  name: string,
  status: unknown,
  manager: string,
) {
  const current = child(kube, apiVersion, kind, name);
  if (!current) throw new Error(`no ${kind} ${name}`);
  await kube.applyStatus({ ...current, status }, { fieldManager: manager });
}

const jobStatus = (kube: FakeKubeClient, name: string, type?: 'Complete' | 'Failed', reason?: string) =>
  writeStatus(
    kube,
    'batch/v1',
    'Job',
    name,
    type
      ? {
          conditions: [
            {
              type,
              status: 'True',
              ...(reason ? { reason, message: `Job has reached the specified backoff limit` } : {}),
            },
          ],
        }
      : { active: 1 },
    'job-controller',
  );

const pvcPhase = (kube: FakeKubeClient, phase: string) =>
  writeStatus(kube, 'v1', 'PersistentVolumeClaim', PVC_NAME, { phase }, 'pv-controller');

/**
 * What the downloader pod does: a JSON merge patch of the status subresource, after which the
 * patched values are simply the stored ones (re-seeded with a new resourceVersion, since the fake's
 * mergePatch leaves status alone).
 */
function downloaderPatch(kube: FakeKubeClient, status: Record<string, unknown>): void {
  const current = stored(kube);
  if (!current) throw new Error('no artifact');
  const patched = applyMergePatch(current, { status }) as KubeObject;
  delete patched.metadata.resourceVersion;
  kube.seed(patched);
}

function pod(
  job: string,
  phase: string,
  container: string,
  terminated?: { exitCode: number; reason: string },
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${job}-abcde`,
      namespace: NS,
      labels: { 'job-name': job, 'aim.eai.amd.com/cache.name': 'weights' },
    },
    spec: { containers: [{ name: container }] },
    status: {
      phase,
      ...(phase === 'Running' ? { conditions: [{ type: 'Ready', status: 'True' }] } : {}),
      containerStatuses: [
        {
          name: container,
          ready: phase === 'Running',
          state: terminated
            ? { terminated }
            : phase === 'Running'
              ? { running: {} }
              : { waiting: { reason: 'ContainerCreating' } },
        },
      ],
    },
  };
}

/** The artifact with size known through its first reconciles: RoleBinding, PVC (bound), download Job. */
async function downloading(events: RecordedEvent[] = []) {
  const kube = new FakeKubeClient({ now: () => NOW });
  kube.seed(artifact());
  await reconcile(kube, events);
  await pvcPhase(kube, 'Bound');
  await reconcile(kube, events);
  await jobStatus(kube, JOBS.download);
  kube.seed(pod(JOBS.download, 'Running', 'model-download'));
  return kube;
}

describe('artifact with a known size (spec §12.1)', () => {
  it('creates the RoleBinding and a ReadWriteMany PVC of ceil_GiB(size × 1.1), then the download Job', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact());
    const events: RecordedEvent[] = [];
    await reconcile(kube, events);

    const binding = child(
      kube,
      'rbac.authorization.k8s.io/v1',
      'RoleBinding',
      'aim-engine-artifact-status-updater',
    );
    expect(binding?.metadata.ownerReferences).toBeUndefined();
    const pvc = child(kube, 'v1', 'PersistentVolumeClaim', PVC_NAME);
    expect(pvc?.spec).toEqual({
      accessModes: ['ReadWriteMany'],
      resources: { requests: { storage: '1Gi' } },
    });
    expect(pvc?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'AIMArtifact',
      name: 'weights',
      uid: UID,
    });
    expect(pvc?.metadata.labels).toMatchObject({
      'aim.eai.amd.com/cache.name': 'weights',
      'aim.eai.amd.com/source-model': 'org_model',
      'aim.eai.amd.com/artifact.name': 'weights',
    });
    // The RoleBinding did not exist when this reconcile looked, so the download waits a round.
    expect(child(kube, 'batch/v1', 'Job', JOBS.download)).toBeUndefined();
    let status = stored(kube)?.status;
    expect(status).toMatchObject({ mode: 'Shared', displaySize: '100 MiB' });
    // Read before it was created.
    expect(condition(stored(kube), 'CachePvcReady')).toMatchObject({
      status: 'False',
      reason: 'ResourceNotReady',
    });

    await pvcPhase(kube, 'Bound');
    const outcome = await reconcile(kube, events);
    const job = child(kube, 'batch/v1', 'Job', JOBS.download);
    expect(job?.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'AIMArtifact', name: 'weights' });
    expect(job?.spec.template.spec.containers[0].env).toContainEqual({
      name: 'EXPECTED_SIZE_BYTES',
      value: '104857600',
    });
    expect(job?.spec.template.metadata.labels).toMatchObject({
      'aim.eai.amd.com/cache.name': 'weights',
      'aim.eai.amd.com/component': 'download',
      'aim.eai.amd.com/artifact.name': 'weights',
    });
    status = stored(kube)?.status;
    expect(status).toMatchObject({
      allocatedSize: '1Gi',
      headroomPercent: 10,
      persistentVolumeClaim: PVC_NAME,
    });
    expect(condition(stored(kube), 'CachePvcReady')).toMatchObject({ status: 'True', reason: 'PVCBound' });
    expect(events.map((event) => event.reason)).toContain('DownloadStarted');
    expect(outcome.requeueAfterSeconds).toBe(10);
  });

  it('sizes 9,094,593,249 bytes to 10Gi and takes headroom and storage class from the runtime config', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact({ size: 9_094_593_249 }));
    await reconcile(kube);
    expect(child(kube, 'v1', 'PersistentVolumeClaim', PVC_NAME)?.spec.resources.requests.storage).toBe(
      '10Gi',
    );

    const configured = new FakeKubeClient({ now: () => NOW });
    configured.seed(artifact({ size: 9_094_593_249 }), {
      apiVersion: API,
      kind: 'AIMClusterRuntimeConfig',
      metadata: { name: 'default' },
      spec: { storage: { pvcHeadroomPercent: 0, defaultStorageClassName: 'cluster-class' } },
    });
    await reconcile(configured);
    expect(child(configured, 'v1', 'PersistentVolumeClaim', PVC_NAME)?.spec).toMatchObject({
      resources: { requests: { storage: '9Gi' } },
      storageClassName: 'cluster-class',
    });
  });

  it('reports progress, verification and completion without overwriting the downloader', async () => {
    const events: RecordedEvent[] = [];
    const kube = await downloading(events);
    downloaderPatch(kube, {
      progress: { percentage: 40, displayPercentage: '40 %', downloadedBytes: 10, totalBytes: 25 },
      download: {
        protocol: 'XET',
        attempt: 1,
        totalAttempts: 2,
        protocolSequence: 'XET,HTTP',
        message: 'Downloading with XET',
      },
    });
    let outcome = await reconcile(kube, events);
    expect(outcome.requeueAfterSeconds).toBe(10);
    expect(stored(kube)?.status).toMatchObject({ status: 'Progressing', progress: { percentage: 40 } });
    expect(condition(stored(kube), 'DownloadComplete')).toMatchObject({
      status: 'False',
      reason: 'Downloading',
    });
    expect(condition(stored(kube), 'DownloadJobReady')).toMatchObject({
      status: 'False',
      reason: 'JobRunning',
    });

    downloaderPatch(kube, {
      progress: { percentage: 100, displayPercentage: '100 %' },
      download: { protocol: 'HTTP', attempt: 2, message: 'Verifying integrity...' },
    });
    await reconcile(kube, events);
    expect(condition(stored(kube), 'DownloadComplete')).toMatchObject({
      status: 'True',
      reason: 'Verifying',
    });

    await jobStatus(kube, JOBS.download, 'Complete');
    outcome = await reconcile(kube, events);
    const status = stored(kube)?.status;
    expect(status?.status).toBe('Ready');
    expect(status?.progress).toEqual({
      percentage: 100,
      displayPercentage: '100 %',
      downloadedBytes: 104_857_600,
      totalBytes: 104_857_600,
    });
    expect(status?.download).toEqual({
      protocol: 'HTTP',
      attempt: 2,
      totalAttempts: 2,
      protocolSequence: 'XET,HTTP',
      message: 'Complete',
    });
    expect(condition(stored(kube), 'DownloadComplete')).toMatchObject({ status: 'True', reason: 'Verified' });
    expect(condition(stored(kube), 'Ready')).toMatchObject({ status: 'True' });
    expect(events.filter((event) => event.reason === 'DownloadCompleted')).toHaveLength(1);

    // Ready: the Job is no longer read, nothing is written.
    kube.resetCalls();
    await reconcile(kube, events);
    expect(kube.calls.map((call) => call.method)).not.toContain('applyStatus');
    expect(kube.calls.some((call) => call.key?.kind === 'Job')).toBe(false);
  });

  it('keeps a progress patch the downloader made while the reconcile was running', async () => {
    const kube = await downloading();
    downloaderPatch(kube, { progress: { percentage: 25, displayPercentage: '25 %' } });
    await reconcile(kube);
    // The downloader reports 60 % between this reconcile's read and its status write.
    let raced = false;
    const racing = new Proxy(kube, {
      get(target, property) {
        if (property === 'applyStatus') {
          return async (object: KubeObject, options: { fieldManager: string }) => {
            if (!raced && options.fieldManager === 'aim-cache-manage') {
              raced = true;
              downloaderPatch(kube, { progress: { percentage: 60, displayPercentage: '60 %' } });
            }
            return target.applyStatus(object, options);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await jobStatus(kube, JOBS.download, 'Failed', 'BackoffLimitExceeded');
    await reconcileObject(recordingContext(racing), artifactReconciler(), {
      apiVersion: API,
      kind: 'AIMArtifact',
      namespace: NS,
      name: 'weights',
    });
    expect(raced).toBe(true);
    // The status write was redone on the fresh read: 60 % stays, only the display says N/A.
    expect(stored(kube)?.status?.progress).toEqual({ percentage: 60, displayPercentage: 'N/A' });
  });

  it('fails a verification that fails after 100 %', async () => {
    const events: RecordedEvent[] = [];
    const kube = await downloading(events);
    downloaderPatch(kube, { progress: { percentage: 100, displayPercentage: '100 %' } });
    await jobStatus(kube, JOBS.download, 'Failed', 'BackoffLimitExceeded');
    await reconcile(kube, events);
    const artifactNow = stored(kube);
    expect(artifactNow?.status?.status).toBe('Failed');
    expect(artifactNow?.status?.progress?.displayPercentage).toBe('N/A');
    expect(condition(artifactNow, 'DownloadComplete')).toMatchObject({
      status: 'False',
      reason: 'VerificationFailed',
    });
    expect(events).toContainEqual(expect.objectContaining({ reason: 'DownloadFailed', type: 'Warning' }));
  });

  /** The download pod crashed (exit 1) with `log`. */
  function crashDownloadPod(kube: FakeKubeClient, log: string): void {
    const failedPod = pod(JOBS.download, 'Failed', 'model-download', { exitCode: 1, reason: 'Error' });
    kube.seed(failedPod);
    kube.setPodLog(NS, failedPod.metadata.name, 'model-download', log);
  }

  it('fails on the first crashed download pod and classifies its log (missing source)', async () => {
    const kube = await downloading();
    crashDownloadPod(kube, 'Downloading\nRepository Not Found for url: https://huggingface.co/org/model\n');
    await reconcile(kube);
    const artifactNow = stored(kube);
    expect(artifactNow?.status?.status).toBe('Failed');
    expect(artifactNow?.status?.progress?.displayPercentage).toBe('N/A');
    expect(condition(artifactNow, 'DownloadJobPodsReady')).toMatchObject({
      status: 'False',
      reason: 'SourceNotFound',
    });
    expect(condition(artifactNow, 'DownloadComplete')).toMatchObject({
      status: 'False',
      reason: 'Downloading',
      message: 'Download failed before completion',
    });
    // Ready names the component that failed, not only the category (issue 14).
    expect(condition(artifactNow, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'SourceNotFound',
      message: expect.stringMatching(/^Component DownloadJobPods is not ready: /),
    });
  });

  it('surfaces a gated repository as an auth failure', async () => {
    const kube = await downloading();
    crashDownloadPod(kube, 'Cannot access gated repo for url https://huggingface.co/org/model\n');
    await reconcile(kube);
    const artifactNow = stored(kube);
    expect(condition(artifactNow, 'DownloadJobPodsReady')).toMatchObject({
      status: 'False',
      reason: 'AuthError',
    });
    expect(condition(artifactNow, 'AuthValid')).toMatchObject({ status: 'False', reason: 'AuthError' });
    expect(condition(artifactNow, 'Ready')).toMatchObject({ status: 'False', reason: 'AuthError' });
  });

  it('creates each child once however often it reconciles', async () => {
    const kube = await downloading();
    for (let i = 0; i < 4; i++) await reconcile(kube);
    expect(kube.objects({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' })).toHaveLength(1);
    expect(kube.objects({ apiVersion: 'batch/v1', kind: 'Job' })).toHaveLength(1);
    expect(kube.objects({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding' })).toHaveLength(1);
  });

  it('reports a PVC that never binds and one that lost its volume', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact());
    await reconcile(kube);
    await pvcPhase(kube, 'Pending');
    await reconcile(kube);
    expect(stored(kube)?.status?.status).toBe('Progressing');
    expect(condition(stored(kube), 'CachePvcReady')).toMatchObject({ status: 'False', reason: 'PVCPending' });

    await pvcPhase(kube, 'Lost');
    await expect(reconcile(kube)).rejects.toBeInstanceOf(RetryableError);
    expect(stored(kube)?.status?.status).toBe('Degraded');
    expect(condition(stored(kube), 'CachePvcReady')).toMatchObject({ status: 'False', reason: 'PVCLost' });
  });
});

describe('artifact size discovery and bad sizes', () => {
  async function checked(log: string) {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact({}));
    await reconcile(kube);
    await jobStatus(kube, JOBS.checkSize, 'Complete');
    const done = pod(JOBS.checkSize, 'Succeeded', 'check-size', { exitCode: 0, reason: 'Completed' });
    kube.seed(done);
    kube.setPodLog(NS, done.metadata.name, 'check-size', log);
    await reconcile(kube);
    return kube;
  }

  it('runs a check-size Job while the size is unknown, then sizes the PVC from its output', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact({}));
    await reconcile(kube);
    const job = child(kube, 'batch/v1', 'Job', JOBS.checkSize);
    expect(job?.metadata.labels).toMatchObject({
      'aim.eai.amd.com/cache.name': 'weights',
      'aim.eai.amd.com/cache.type': 'artifact',
      'aim.eai.amd.com/component': 'check-size',
    });
    expect(child(kube, 'v1', 'PersistentVolumeClaim', PVC_NAME)).toBeUndefined();
    expect(condition(stored(kube), 'CheckSizeJobReady')?.status).toBe('False');

    const discovered = await checked('{"url": "hf://org/model", "sizeBytes": 9094593249}\n');
    expect(stored(discovered)?.status).toMatchObject({
      discoveredSizeBytes: 9_094_593_249,
      displaySize: '8.5 GiB',
    });
    expect(child(discovered, 'v1', 'PersistentVolumeClaim', PVC_NAME)?.spec.resources.requests.storage).toBe(
      '10Gi',
    );
    expect(condition(stored(discovered), 'CheckSizeJobReady')?.status).toBe('True');
    expect(condition(stored(discovered), 'CheckSizeJobPodsReady')?.status).toBe('True');
    // Known from status now: the check-size Job is not looked at again.
    discovered.resetCalls();
    await reconcile(discovered);
    expect(discovered.calls.some((call) => call.key?.name === JOBS.checkSize)).toBe(false);
    expect(discovered.objects({ apiVersion: 'batch/v1', kind: 'Job' })).toHaveLength(2);
  });

  it.each([
    ['Downloading metadata...\nsize unknown\n', 'not JSON'],
    ['{"url": "hf://org/model", "sizeBytes": 2251799813685249}\n', 'outside 1 byte'],
  ])('fails with InvalidSizeOutput on %j and creates no PVC', async (log, message) => {
    const kube = await checked(log);
    expect(stored(kube)?.status?.status).toBe('Failed');
    expect(condition(stored(kube), 'CheckSizeOutputReady')).toMatchObject({
      status: 'False',
      reason: 'InvalidSizeOutput',
      message: expect.stringContaining(message),
    });
    expect(kube.objects({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' })).toEqual([]);
  });

  it('reports StorageSizeError when the size check gives up', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(artifact({}));
    await reconcile(kube);
    await jobStatus(kube, JOBS.checkSize, 'Failed', 'BackoffLimitExceeded');
    await reconcile(kube);
    expect(stored(kube)?.status?.status).toBe('Failed');
    expect(condition(stored(kube), 'StorageSizeReady')).toMatchObject({
      status: 'False',
      reason: 'StorageSizeError',
    });
    expect(condition(stored(kube), 'CheckSizeJobReady')).toMatchObject({ reason: 'JobBackoffLimitExceeded' });
  });

  it.each(['-5Gi', '2Pi'])(
    'rejects the spec size %s with StorageSizeError, creating no PVC or Job',
    async (size) => {
      const kube = new FakeKubeClient({ now: () => NOW });
      kube.seed(artifact({ size }));
      const outcome = await reconcile(kube);
      expect(outcome.result).toBe('reconciled');
      expect(stored(kube)?.status?.status).toBe('Failed');
      expect(condition(stored(kube), 'StorageSizeReady')).toMatchObject({
        status: 'False',
        reason: 'StorageSizeError',
        message: expect.stringContaining(size),
      });
      expect(condition(stored(kube), 'Ready')).toMatchObject({ reason: 'StorageSizeError' });
      expect(kube.objects({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' })).toEqual([]);
      expect(kube.objects({ apiVersion: 'batch/v1', kind: 'Job' })).toEqual([]);

      // A corrected size clears the condition.
      const current = stored(kube);
      await kube.apply(
        {
          ...current!,
          metadata: { ...current!.metadata, resourceVersion: undefined },
          spec: { ...current!.spec, size: '1Gi' },
        },
        { fieldManager: 'user' },
      );
      await reconcile(kube);
      expect(condition(stored(kube), 'StorageSizeReady')).toMatchObject({ status: 'True' });
    },
  );
});
