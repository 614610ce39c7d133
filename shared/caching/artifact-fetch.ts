/**
 * Reads of an artifact reconcile (spec §12.1, §12.3), each only while its phase needs it: the
 * status-updater RoleBinding; the check-size Job, its pods and output while the size is unknown;
 * the PVC once the size is known; the download Job and its pods until the artifact is Ready.
 */

import { ARTIFACT_CHILD } from '../cache/kinds.ts';
import { K8S_LABELS } from '../constants/labels.ts';
import { ARTIFACT_STATUS_UPDATER_NAME } from '../constants/limits.ts';
import { labelSelector } from '../kube/objects.ts';
import type { KubeObject } from '../kube/types.ts';
import { artifactPvcName } from '../naming/artifact-names.ts';
import { captureFetch, type FetchResult } from '../reconcile/health.ts';
import type { KubeReader } from '../reconcile/read-cache.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import { jobPhase } from '../workloads/job-inspector.ts';
import { observePods, type PodsObservation } from '../workloads/observe-pods.ts';
import { CHECK_SIZE_CONTAINER, checkSizeJobName, downloadJobName } from './artifact-jobs.ts';
import {
  type CheckSizeOutput,
  parseCheckSizeOutput,
  resolveArtifactSize,
  type SizeResolution,
} from './artifact-size.ts';
import { type ArtifactObject, JOB_GVK, PVC_GVK, ROLE_BINDING_GVK, statusOf } from './kinds.ts';

/** Enough lines to find the last non-empty one even when the script ends with blank lines. */
const CHECK_SIZE_LOG_TAIL_LINES = 10;

export interface JobObservation {
  name: string;
  job: FetchResult<KubeObject | undefined>;
  /** Read while the Job exists (for download Jobs: only until it completed). */
  pods?: FetchResult<PodsObservation>;
}

export interface CheckSizeObservation extends JobObservation {
  /** Parsed once the Job completed; `undefined` before. */
  output?: CheckSizeOutput;
  /** Reading the output failed (e.g. the pod's log is not reachable right now). */
  outputError?: unknown;
}

export interface ArtifactFetched {
  artifact: ArtifactObject;
  runtimeConfig?: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  roleBinding: FetchResult<KubeObject | undefined>;
  /** The effective size after this reconcile's discovery. */
  size: SizeResolution;
  /** Present while the size was unknown at the start of this reconcile. */
  checkSize?: CheckSizeObservation;
  /** Present once the size is known. */
  pvc?: FetchResult<KubeObject | undefined>;
  pvcName: string;
  /** Present once the size is known and while the artifact is not Ready. */
  download?: JobObservation;
}

/**
 * An artifact's Job and the Job's pods are read by its label and their name, not by a GET: the
 * reads are then ones the function's cache of artifact children answers (INFORMED.artifactJobs,
 * artifactPods), where a GET by name would go to the API server on every reconcile.
 */
function jobPodsSelector(jobName: string): string {
  return `${ARTIFACT_CHILD},${labelSelector({ [K8S_LABELS.jobName]: jobName })}`;
}

async function artifactJob(
  client: KubeReader,
  namespace: string,
  name: string,
): Promise<KubeObject | undefined> {
  const found = await client.list(JOB_GVK, {
    namespace,
    labelSelector: ARTIFACT_CHILD,
    fieldSelector: `metadata.name=${name}`,
  });
  return found.items.find((job) => job.metadata.name === name);
}

async function readCheckSizeOutput(client: KubeReader, pods: PodsObservation): Promise<CheckSizeOutput> {
  const succeeded = pods.pods.find((pod) => pod.status?.phase === 'Succeeded');
  if (succeeded === undefined) {
    return { ok: false, message: 'the check-size job completed but none of its pods succeeded' };
  }
  const log = await client.podLog(succeeded.metadata.namespace ?? '', succeeded.metadata.name, {
    container: CHECK_SIZE_CONTAINER,
    tailLines: CHECK_SIZE_LOG_TAIL_LINES,
  });
  return parseCheckSizeOutput(log);
}

async function observeCheckSize(client: KubeReader, artifact: ArtifactObject): Promise<CheckSizeObservation> {
  const namespace = artifact.metadata.namespace ?? '';
  const name = checkSizeJobName(artifact);
  const job = await captureFetch(() => artifactJob(client, namespace, name));
  const observation: CheckSizeObservation = { name, job };
  if (!job.ok || job.value === undefined) return observation;
  const pods = await captureFetch(() => observePods(client, namespace, jobPodsSelector(name)));
  observation.pods = pods;
  if (jobPhase(job.value) !== 'Complete' || !pods.ok) return observation;
  try {
    observation.output = await readCheckSizeOutput(client, pods.value);
  } catch (err) {
    observation.outputError = err;
  }
  return observation;
}

async function observeDownload(client: KubeReader, artifact: ArtifactObject): Promise<JobObservation> {
  const namespace = artifact.metadata.namespace ?? '';
  const name = downloadJobName(artifact);
  const job = await captureFetch(() => artifactJob(client, namespace, name));
  const observation: JobObservation = { name, job };
  if (job.ok && job.value !== undefined && jobPhase(job.value) !== 'Complete') {
    observation.pods = await captureFetch(() => observePods(client, namespace, jobPodsSelector(name)));
  }
  return observation;
}

export async function fetchArtifact(
  client: KubeReader,
  object: KubeObject,
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined,
): Promise<ArtifactFetched> {
  const artifact = object as ArtifactObject;
  const namespace = artifact.metadata.namespace ?? '';
  const pvcName = artifactPvcName({ name: artifact.metadata.name, uid: artifact.metadata.uid ?? '' });
  const roleBinding = await captureFetch(() =>
    client.getOptional({ ...ROLE_BINDING_GVK, namespace, name: ARTIFACT_STATUS_UPDATER_NAME }),
  );
  const discoveredBefore: unknown = artifact.status?.discoveredSizeBytes;
  const before = typeof discoveredBefore === 'number' ? discoveredBefore : undefined;
  let size = resolveArtifactSize(artifact.spec.size, undefined, before);
  const fetched: ArtifactFetched = { artifact, runtimeConfig, roleBinding, size, pvcName };
  if (size.kind === 'unknown') {
    fetched.checkSize = await observeCheckSize(client, artifact);
    const output = fetched.checkSize.output;
    if (output?.ok) size = resolveArtifactSize(artifact.spec.size, output.bytes, before);
    fetched.size = size;
  }
  if (size.kind !== 'known') return fetched;
  fetched.pvc = await captureFetch(() => client.getOptional({ ...PVC_GVK, namespace, name: pvcName }));
  if (statusOf(artifact) !== 'Ready') fetched.download = await observeDownload(client, artifact);
  return fetched;
}
