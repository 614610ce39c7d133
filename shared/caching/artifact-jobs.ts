/**
 * The artifact's two Jobs (spec §12.1): check-size, which prints the source's size, and download,
 * which runs the downloader image (spec §12.2) into the PVC mounted at /cache and reports progress
 * on the artifact's status itself.
 */
import type { EnvVar } from '../api/common/env.ts';
import { ENV, ENV_VALUES } from '../constants/env.ts';
import { LABEL_VALUES, LABELS } from '../constants/labels.ts';
import {
  ARTIFACT_JOB_BACKOFF_LIMIT,
  CHECK_SIZE_JOB_TTL_SECONDS,
  DEFAULT_ARTIFACT_DOWNLOADER_IMAGE,
  DOWNLOAD_JOB_TTL_SECONDS,
} from '../constants/limits.ts';
import type { KubeObject } from '../kube/types.ts';
import { artifactCheckSizeJobName, artifactDownloadJobName } from '../naming/artifact-names.ts';
import { mergeEnv } from '../reconcile/env-merge.ts';
import { type ArtifactObject, JOB_GVK } from './kinds.ts';

export const CHECK_SIZE_CONTAINER = 'check-size';
export const CHECK_SIZE_COMMAND = '/check-size.sh';
export const DOWNLOAD_CONTAINER = 'model-download';
export const CACHE_VOLUME = 'cache';
const JOB_USER_ID = 1000;

function artifactRef(artifact: ArtifactObject) {
  return { name: artifact.metadata.name, uid: artifact.metadata.uid ?? '' };
}

export function checkSizeJobName(artifact: ArtifactObject): string {
  return artifactCheckSizeJobName(artifactRef(artifact));
}

export function downloadJobName(artifact: ArtifactObject): string {
  return artifactDownloadJobName(artifactRef(artifact));
}

function jobLabels(artifact: ArtifactObject, component: string): Record<string, string> {
  return {
    [LABELS.cacheName]: artifact.metadata.name,
    [LABELS.cacheType]: LABEL_VALUES.cacheType.artifact,
    [LABELS.component]: component,
  };
}

function pullSecrets(artifact: ArtifactObject): { name: string }[] | undefined {
  const secrets = (artifact.spec.imagePullSecrets ?? []).flatMap((secret) =>
    secret.name ? [{ name: secret.name }] : [],
  );
  return secrets.length > 0 ? secrets : undefined;
}

function image(artifact: ArtifactObject): string {
  return artifact.spec.modelDownloadImage || DEFAULT_ARTIFACT_DOWNLOADER_IMAGE;
}

function job(
  artifact: ArtifactObject,
  name: string,
  component: string,
  ttlSeconds: number,
  podSpec: Record<string, unknown>,
): KubeObject {
  const labels = jobLabels(artifact, component);
  const secrets = pullSecrets(artifact);
  return {
    apiVersion: JOB_GVK.apiVersion,
    kind: JOB_GVK.kind,
    metadata: { name, namespace: artifact.metadata.namespace ?? '', labels },
    spec: {
      backoffLimit: ARTIFACT_JOB_BACKOFF_LIMIT,
      ttlSecondsAfterFinished: ttlSeconds,
      template: {
        metadata: { labels: { ...labels } },
        spec: { restartPolicy: 'Never', ...podSpec, ...(secrets ? { imagePullSecrets: secrets } : {}) },
      },
    },
  };
}

/** Runtime config env, then the artifact's env. */
export function checkSizeJobEnv(
  artifact: ArtifactObject,
  runtimeEnv: readonly EnvVar[] | undefined,
): EnvVar[] {
  return mergeEnv([runtimeEnv, artifact.spec.env], { deepMergeNames: [] });
}

export function buildCheckSizeJob(
  artifact: ArtifactObject,
  runtimeEnv: readonly EnvVar[] | undefined,
): KubeObject {
  const env = checkSizeJobEnv(artifact, runtimeEnv);
  return job(
    artifact,
    checkSizeJobName(artifact),
    LABEL_VALUES.component.checkSize,
    CHECK_SIZE_JOB_TTL_SECONDS,
    {
      securityContext: { runAsUser: JOB_USER_ID, runAsGroup: JOB_USER_ID, runAsNonRoot: true },
      containers: [
        {
          name: CHECK_SIZE_CONTAINER,
          image: image(artifact),
          command: [CHECK_SIZE_COMMAND],
          args: [artifact.spec.sourceUri],
          ...(env.length > 0 ? { env } : {}),
        },
      ],
    },
  );
}

/** The downloader's defaults, overlaid by the runtime config env, overlaid by the artifact's env. */
export function downloadJobEnv(
  artifact: ArtifactObject,
  runtimeEnv: readonly EnvVar[] | undefined,
  expectedSizeBytes: bigint,
): EnvVar[] {
  const defaults: EnvVar[] = [
    { name: ENV.downloaderProtocol, value: ENV_VALUES.downloaderProtocols },
    { name: ENV.tmpDir, value: ENV_VALUES.downloadTmpDir },
    { name: ENV.hfHome, value: ENV_VALUES.downloadHfHome },
    { name: ENV.expectedSizeBytes, value: expectedSizeBytes.toString() },
    { name: ENV.mountPath, value: ENV_VALUES.downloadMountPath },
    { name: ENV.artifactName, value: artifact.metadata.name },
    { name: ENV.artifactNamespace, value: artifact.metadata.namespace ?? '' },
    { name: ENV.stallTimeout, value: ENV_VALUES.downloadStallTimeoutSeconds },
    { name: ENV.targetDir, value: ENV_VALUES.downloadMountPath },
  ];
  return mergeEnv([defaults, runtimeEnv, artifact.spec.env], { deepMergeNames: [] });
}

export function buildDownloadJob(
  artifact: ArtifactObject,
  pvcName: string,
  runtimeEnv: readonly EnvVar[] | undefined,
  expectedSizeBytes: bigint,
): KubeObject {
  return job(artifact, downloadJobName(artifact), LABEL_VALUES.component.download, DOWNLOAD_JOB_TTL_SECONDS, {
    securityContext: {
      runAsUser: JOB_USER_ID,
      runAsGroup: JOB_USER_ID,
      fsGroup: JOB_USER_ID,
      runAsNonRoot: true,
    },
    volumes: [{ name: CACHE_VOLUME, persistentVolumeClaim: { claimName: pvcName } }],
    containers: [
      {
        name: DOWNLOAD_CONTAINER,
        image: image(artifact),
        imagePullPolicy: 'IfNotPresent',
        args: [artifact.spec.sourceUri],
        env: downloadJobEnv(artifact, runtimeEnv, expectedSizeBytes),
        volumeMounts: [{ name: CACHE_VOLUME, mountPath: ENV_VALUES.downloadMountPath }],
      },
    ],
  });
}
