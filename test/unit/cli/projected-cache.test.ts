import { describe, expect, it } from 'vitest';
import { pendingClaim, plannedArtifacts, readyProjection } from '../../../cli/plan/projected-cache.ts';
import type { ArtifactObject, TemplateCacheObject, TemplateObject } from '../../../shared/caching/kinds.ts';
import { buildCacheArtifact } from '../../../shared/caching/template-cache-artifact.ts';
import { cacheVolumesFromArtifacts } from '../../../shared/inference/isvc-volumes.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const cache: TemplateCacheObject = {
  apiVersion: AIM,
  kind: 'AIMTemplateCache',
  metadata: { name: 'tpl-cache', namespace: 'team' },
  spec: { templateName: 'tpl', templateScope: 'Namespace', mode: 'Shared' },
};
const template: TemplateObject = {
  apiVersion: AIM,
  kind: 'AIMServiceTemplate',
  metadata: { name: 'tpl', namespace: 'team' },
  spec: {},
  status: {
    status: 'Ready',
    modelSources: [
      { modelId: 'org/base', sourceUri: 'hf://org/base' },
      { modelId: 'org/adapter', sourceUri: 'hf://org/adapter' },
    ],
  },
};
const downloaded: ArtifactObject = {
  apiVersion: AIM,
  kind: 'AIMArtifact',
  metadata: { name: 'shared-base', namespace: 'team' },
  spec: { sourceUri: 'hf://org/base' },
  status: { status: 'Ready', persistentVolumeClaim: 'shared-base-pvc' },
};

describe('plannedArtifacts', () => {
  it("reuses a matching artifact and names the one cache-manage would create, by cache-manage's builder", () => {
    const planned = plannedArtifacts(cache, template, [downloaded]);
    const created = buildCacheArtifact(cache, { index: 0, source: template.status!.modelSources![1]! });
    expect(planned).toEqual([
      {
        name: 'shared-base',
        modelId: 'org/base',
        sourceUri: 'hf://org/base',
        exists: true,
        status: 'Ready',
        claim: 'shared-base-pvc',
      },
      {
        name: created.metadata.name,
        modelId: 'org/adapter',
        sourceUri: 'hf://org/adapter',
        exists: false,
        status: '',
        claim: pendingClaim(created.metadata.name),
      },
    ]);
  });

  it('ignores an artifact owned by someone else for a Shared cache', () => {
    const owned = {
      ...downloaded,
      metadata: {
        ...downloaded.metadata,
        ownerReferences: [{ apiVersion: AIM, kind: 'AIMTemplateCache', name: 'x', uid: 'u' }],
      },
    };
    expect(plannedArtifacts(cache, template, [owned])[0]?.exists).toBe(false);
  });
});

describe('readyProjection', () => {
  it('gives the cache the status isvc-render mounts volumes from', () => {
    const projected = readyProjection(cache, plannedArtifacts(cache, template, [downloaded]));
    expect(projected.status?.status).toBe('Ready');
    const volumes = cacheVolumesFromArtifacts(projected.status?.artifacts as never);
    expect(volumes.map((v) => v.mount.mountPath)).toContain('/workspace/cache/org/base');
    expect(volumes.map((v) => (v.volume.persistentVolumeClaim as { claimName: string }).claimName)).toContain(
      'shared-base-pvc',
    );
  });
});
