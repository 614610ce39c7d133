/**
 * The model cache volumes of the predictor (spec §10.7.4): one PVC volume per Ready artifact of
 * the template cache, mounted at `/workspace/cache/<modelId>`, next to the `/dev/shm` memory
 * volume every predictor gets.
 *
 * Once the InferenceService exists its cache volumes are kept as they are (upstream copies them
 * from the existing object so running pods are not restarted when a cache is recreated — quirk 7,
 * copied), except when a claim they name no longer exists: then the pods could never start again,
 * so the volumes are re-resolved from the cache (the fix quirk 7 suggests).
 */
import type { CachedArtifact } from '../api/aim-template-cache.ts';
import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import type { KubeObject } from '../kube/types.ts';
import { sanitizeRFC1123Label } from '../naming/label-value.ts';

export interface PodVolume {
  name: string;
  [field: string]: unknown;
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  [field: string]: unknown;
}

export interface CacheVolume {
  volume: PodVolume;
  mount: VolumeMount;
}

export const SHARED_MEMORY_VOLUME: PodVolume = {
  name: INFERENCE_SERVICE.sharedMemoryVolume,
  emptyDir: { medium: 'Memory', sizeLimit: INFERENCE_SERVICE.sharedMemorySize },
};

export const SHARED_MEMORY_MOUNT: VolumeMount = {
  name: INFERENCE_SERVICE.sharedMemoryVolume,
  mountPath: INFERENCE_SERVICE.sharedMemoryMountPath,
};

/** `/workspace/cache/<modelId>` with `..` removed; the volume name when nothing usable is left. */
export function cacheMountPath(modelId: string | undefined, volumeName: string): string {
  const cleaned = (modelId ?? '')
    .replaceAll('..', '')
    .split('/')
    .filter((segment) => segment.trim() !== '')
    .join('/');
  return `${INFERENCE_SERVICE.cacheBasePath}/${cleaned === '' ? volumeName : cleaned}`;
}

/** Volumes for the Ready artifacts of a template cache, ordered by artifact name. */
export function cacheVolumesFromArtifacts(
  artifacts: Readonly<Record<string, CachedArtifact>> | undefined,
): CacheVolume[] {
  const result: CacheVolume[] = [];
  for (const key of Object.keys(artifacts ?? {}).sort()) {
    const artifact = artifacts?.[key];
    const claimName = artifact?.persistentVolumeClaim;
    if (artifact === undefined || artifact.status !== 'Ready' || !claimName) continue;
    const name = sanitizeRFC1123Label(artifact.name || key) || 'model-cache';
    const mountPath = artifact.mountPoint || cacheMountPath(artifact.model, name);
    result.push({ volume: { name, persistentVolumeClaim: { claimName } }, mount: { name, mountPath } });
  }
  return result;
}

function containerOf(isvc: KubeObject): { volumeMounts?: VolumeMount[] } | undefined {
  const containers: unknown = isvc.spec?.predictor?.containers;
  if (!Array.isArray(containers)) return undefined;
  return containers.find((container) => container?.name === INFERENCE_SERVICE.containerName);
}

/** The PVC volumes (and their mounts in `kserve-container`) of an existing InferenceService. */
export function cacheVolumesOf(isvc: KubeObject): CacheVolume[] {
  const volumes: unknown = isvc.spec?.predictor?.volumes;
  if (!Array.isArray(volumes)) return [];
  const mounts = containerOf(isvc)?.volumeMounts ?? [];
  const result: CacheVolume[] = [];
  for (const volume of volumes as PodVolume[]) {
    if (volume?.persistentVolumeClaim === undefined) continue;
    const mount = mounts.find((candidate) => candidate.name === volume.name);
    if (mount === undefined) continue;
    result.push({ volume: structuredClone(volume), mount: structuredClone(mount) });
  }
  return result;
}

export function claimNamesOf(volumes: readonly CacheVolume[]): string[] {
  return volumes
    .map((entry) => (entry.volume.persistentVolumeClaim as { claimName?: unknown } | undefined)?.claimName)
    .filter((name): name is string => typeof name === 'string' && name !== '');
}

/**
 * Which cache volumes the predictor gets: the existing ones while their claims all exist, the
 * cache's otherwise (or when there is no InferenceService yet).
 */
export function chooseCacheVolumes(options: {
  existing: readonly CacheVolume[] | undefined;
  fromCache: readonly CacheVolume[] | undefined;
  missingClaims: readonly string[];
}): CacheVolume[] | undefined {
  const { existing, fromCache, missingClaims } = options;
  if (existing === undefined) return fromCache === undefined ? undefined : [...fromCache];
  if (missingClaims.length > 0 && fromCache !== undefined) return [...fromCache];
  return [...existing];
}
