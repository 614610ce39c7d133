import { describe, expect, it } from 'vitest';
import { buildCheckSizeJob, buildDownloadJob } from '../../../shared/caching/artifact-jobs.ts';
import { buildArtifactPvc, sourceModelLabel } from '../../../shared/caching/artifact-pvc.ts';
import { buildStatusUpdaterRoleBinding } from '../../../shared/caching/artifact-role-binding.ts';
import type { ArtifactObject } from '../../../shared/caching/kinds.ts';

const artifact: ArtifactObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMArtifact',
  metadata: { name: 'weights', namespace: 'team-a', uid: 'uid-1', labels: { 'template-created': 'true' } },
  spec: {
    sourceUri: 'hf://Org/Model.v1',
    env: [
      { name: 'HF_TOKEN', value: 'artifact-token' },
      { name: 'STALL_TIMEOUT', value: '30' },
    ],
    imagePullSecrets: [{ name: 'pull' }],
  },
};

describe('download Job (spec §12.1)', () => {
  it('has the exact upstream shape', () => {
    const job = buildDownloadJob(
      artifact,
      'weights-cache-1234',
      [{ name: 'HF_TOKEN', value: 'runtime-token' }],
      2048n,
    );
    expect(job).toEqual({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: expect.stringMatching(/^weights-download-[0-9a-f]{8}$/),
        namespace: 'team-a',
        labels: {
          'aim.eai.amd.com/cache.name': 'weights',
          'aim.eai.amd.com/cache.type': 'artifact',
          'aim.eai.amd.com/component': 'download',
        },
      },
      spec: {
        backoffLimit: 2,
        ttlSecondsAfterFinished: 600,
        template: {
          metadata: {
            labels: {
              'aim.eai.amd.com/cache.name': 'weights',
              'aim.eai.amd.com/cache.type': 'artifact',
              'aim.eai.amd.com/component': 'download',
            },
          },
          spec: {
            restartPolicy: 'Never',
            securityContext: { runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, runAsNonRoot: true },
            imagePullSecrets: [{ name: 'pull' }],
            volumes: [{ name: 'cache', persistentVolumeClaim: { claimName: 'weights-cache-1234' } }],
            containers: [
              {
                name: 'model-download',
                image: 'ghcr.io/silogen/aim-artifact-downloader:0.2.0',
                imagePullPolicy: 'IfNotPresent',
                args: ['hf://Org/Model.v1'],
                volumeMounts: [{ name: 'cache', mountPath: '/cache' }],
                env: [
                  { name: 'AIM_DOWNLOADER_PROTOCOL', value: 'XET,HF_TRANSFER' },
                  { name: 'TMPDIR', value: '/tmp/' },
                  { name: 'HF_HOME', value: '/tmp/.hf' },
                  { name: 'EXPECTED_SIZE_BYTES', value: '2048' },
                  { name: 'MOUNT_PATH', value: '/cache' },
                  { name: 'ARTIFACT_NAME', value: 'weights' },
                  { name: 'ARTIFACT_NAMESPACE', value: 'team-a' },
                  { name: 'STALL_TIMEOUT', value: '30' },
                  { name: 'TARGET_DIR', value: '/cache' },
                  { name: 'HF_TOKEN', value: 'artifact-token' },
                ],
              },
            ],
          },
        },
      },
    });
  });

  it('uses the artifact image when set', () => {
    const job = buildDownloadJob(
      { ...artifact, spec: { ...artifact.spec, modelDownloadImage: 'x/y:1' } },
      'p',
      undefined,
      1n,
    );
    expect(job.spec.template.spec.containers[0].image).toBe('x/y:1');
  });
});

describe('check-size Job (spec §12.1)', () => {
  it('runs /check-size.sh on the source with runtime env under the artifact env', () => {
    const job = buildCheckSizeJob(artifact, [
      { name: 'HF_TOKEN', value: 'runtime-token' },
      { name: 'HTTPS_PROXY', value: 'p' },
    ]);
    expect(job.metadata.name).toMatch(/^weights-check-size-[0-9a-f]{8}$/);
    expect(job.metadata.labels).toEqual({
      'aim.eai.amd.com/cache.name': 'weights',
      'aim.eai.amd.com/cache.type': 'artifact',
      'aim.eai.amd.com/component': 'check-size',
    });
    expect(job.spec).toMatchObject({ backoffLimit: 2, ttlSecondsAfterFinished: 300 });
    expect(job.spec.template.metadata.labels['aim.eai.amd.com/component']).toBe('check-size');
    expect(job.spec.template.spec).toMatchObject({
      restartPolicy: 'Never',
      securityContext: { runAsUser: 1000, runAsGroup: 1000, runAsNonRoot: true },
      containers: [
        {
          name: 'check-size',
          command: ['/check-size.sh'],
          args: ['hf://Org/Model.v1'],
          env: [
            { name: 'HF_TOKEN', value: 'artifact-token' },
            { name: 'HTTPS_PROXY', value: 'p' },
            { name: 'STALL_TIMEOUT', value: '30' },
          ],
        },
      ],
    });
  });
});

describe('artifact PVC', () => {
  it('is ReadWriteMany with the size, labels and storage class', () => {
    const pvc = buildArtifactPvc(artifact, 10n * 1024n ** 3n, 'fast');
    expect(pvc.metadata).toEqual({
      name: expect.stringMatching(/^weights-cache-[0-9a-f]{8}$/),
      namespace: 'team-a',
      labels: {
        'aim.eai.amd.com/cache.name': 'weights',
        'aim.eai.amd.com/cache.type': 'template-cache',
        'aim.eai.amd.com/source-model': 'org_model.v1',
      },
    });
    expect(pvc.spec).toEqual({
      accessModes: ['ReadWriteMany'],
      resources: { requests: { storage: '10Gi' } },
      storageClassName: 'fast',
    });
  });

  it('leaves the storage class to the cluster default and omits cache.type for standalone artifacts', () => {
    const pvc = buildArtifactPvc(
      { ...artifact, metadata: { ...artifact.metadata, labels: {} } },
      1024n ** 3n,
      '',
    );
    expect(pvc.spec.storageClassName).toBeUndefined();
    expect(pvc.metadata.labels?.['aim.eai.amd.com/cache.type']).toBeUndefined();
  });

  it('derives the source-model label without the scheme', () => {
    expect(sourceModelLabel('s3://bucket/path/to/model')).toBe('bucket_path_to_model');
  });
});

describe('status-updater RoleBinding', () => {
  it('binds the default service account to the ClusterRole', () => {
    expect(buildStatusUpdaterRoleBinding('team-a')).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'aim-engine-artifact-status-updater', namespace: 'team-a' },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'aim-engine-artifact-status-updater',
      },
      subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'team-a' }],
    });
  });
});
