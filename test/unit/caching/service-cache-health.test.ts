import { describe, expect, it } from 'vitest';
import type { TemplateCacheObject } from '../../../shared/caching/kinds.ts';
import { serviceCacheHealth } from '../../../shared/caching/service-cache-health.ts';

const failedCache = (conditions: unknown[]): TemplateCacheObject =>
  ({
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMTemplateCache',
    metadata: { name: 'tpl-cache', namespace: 'team' },
    spec: {},
    status: { status: 'Failed', conditions },
  }) as unknown as TemplateCacheObject;

describe('the service’s Cache component', () => {
  it('repeats why a failed cache failed, from its Ready condition', () => {
    const cache = failedCache([
      {
        type: 'Ready',
        status: 'False',
        reason: 'ArtifactFailed',
        message: 'Component Artifacts is not ready: spec.storageClassName "Bad_Class" was rejected',
      },
    ]);
    expect(serviceCacheHealth({ mode: 'Shared', cache: { ok: true, value: cache } })).toMatchObject({
      component: 'Cache',
      state: 'Failed',
      reason: 'CacheFailed',
      message:
        'Template cache tpl-cache failed: Component Artifacts is not ready: spec.storageClassName "Bad_Class" was rejected',
    });
  });

  it('names the cache when it has no Ready message', () => {
    const health = serviceCacheHealth({ mode: 'Shared', cache: { ok: true, value: failedCache([]) } });
    expect(health).toMatchObject({
      state: 'Failed',
      reason: 'CacheFailed',
      message: 'Template cache tpl-cache failed',
    });
  });
});
