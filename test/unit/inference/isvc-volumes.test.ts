import { describe, expect, it } from 'vitest';
import {
  cacheMountPath,
  cacheVolumesFromArtifacts,
  cacheVolumesOf,
  chooseCacheVolumes,
} from '../../../shared/inference/isvc-volumes.ts';

describe('cache volumes (spec §10.7.4)', () => {
  it('one volume per Ready artifact with a claim, named after the artifact, mounted by model id', () => {
    expect(
      cacheVolumesFromArtifacts({
        'b.artifact': {
          name: 'b.artifact',
          model: 'org/model-b',
          status: 'Ready',
          persistentVolumeClaim: 'pvc-b',
        },
        'a-artifact': {
          name: 'a-artifact',
          model: 'org/model-a',
          status: 'Ready',
          persistentVolumeClaim: 'pvc-a',
        },
        'c-artifact': {
          name: 'c-artifact',
          model: 'org/model-c',
          status: 'Progressing',
          persistentVolumeClaim: 'pvc-c',
        },
        'd-artifact': { name: 'd-artifact', model: 'org/model-d', status: 'Ready' },
      }),
    ).toEqual([
      {
        volume: { name: 'a-artifact', persistentVolumeClaim: { claimName: 'pvc-a' } },
        mount: { name: 'a-artifact', mountPath: '/workspace/cache/org/model-a' },
      },
      {
        volume: { name: 'b-artifact', persistentVolumeClaim: { claimName: 'pvc-b' } },
        mount: { name: 'b-artifact', mountPath: '/workspace/cache/org/model-b' },
      },
    ]);
  });

  it('removes ".." from model ids and falls back to the volume name', () => {
    expect(cacheMountPath('../../etc', 'vol')).toBe('/workspace/cache/etc');
    expect(cacheMountPath('..', 'vol')).toBe('/workspace/cache/vol');
    expect(cacheMountPath(undefined, 'vol')).toBe('/workspace/cache/vol');
  });

  it('reads the PVC volumes and their kserve-container mounts back from an InferenceService', () => {
    const isvc = {
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      metadata: { name: 'x' },
      spec: {
        predictor: {
          containers: [
            {
              name: 'kserve-container',
              volumeMounts: [
                { name: 'dshm', mountPath: '/dev/shm' },
                { name: 'old', mountPath: '/workspace/cache/org/m' },
              ],
            },
          ],
          volumes: [
            { name: 'dshm', emptyDir: { medium: 'Memory' } },
            { name: 'old', persistentVolumeClaim: { claimName: 'old-pvc' } },
            { name: 'unmounted', persistentVolumeClaim: { claimName: 'nowhere' } },
          ],
        },
      },
    };
    expect(cacheVolumesOf(isvc)).toEqual([
      {
        volume: { name: 'old', persistentVolumeClaim: { claimName: 'old-pvc' } },
        mount: { name: 'old', mountPath: '/workspace/cache/org/m' },
      },
    ]);
  });

  it('keeps existing volumes unless a claim they name is gone (quirk 7)', () => {
    const old = [{ volume: { name: 'old' }, mount: { name: 'old', mountPath: '/o' } }];
    const fresh = [{ volume: { name: 'new' }, mount: { name: 'new', mountPath: '/n' } }];
    expect(chooseCacheVolumes({ existing: old, fromCache: fresh, missingClaims: [] })).toEqual(old);
    expect(chooseCacheVolumes({ existing: old, fromCache: fresh, missingClaims: ['old-pvc'] })).toEqual(
      fresh,
    );
    expect(chooseCacheVolumes({ existing: old, fromCache: undefined, missingClaims: ['old-pvc'] })).toEqual(
      old,
    );
    expect(chooseCacheVolumes({ existing: undefined, fromCache: fresh, missingClaims: [] })).toEqual(fresh);
    expect(
      chooseCacheVolumes({ existing: undefined, fromCache: undefined, missingClaims: [] }),
    ).toBeUndefined();
  });
});
