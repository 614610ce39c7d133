import { CloudEvent } from 'cloudevents';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../../../functions/model-inspect/permissions.ts';
import { modelInspectDefinition } from '../../../../functions/model-inspect/reconcilers.ts';
import { AIM_API_VERSION } from '../../../../shared/api/group.ts';
import type { ApiAccess } from '../../../../shared/kube/api-access.ts';
import { objectKey } from '../../../../shared/kube/objects.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { InspectionCache } from '../../../../shared/models/inspection-cache.ts';
import { createLogger } from '../../../../shared/observability/logger.ts';
import { RegistryError } from '../../../../shared/registry/errors.ts';
import type { RunningFunction } from '../../../../shared/runtime/serve.ts';
import { FakeKubeClient } from '../../../support/fake-kube.ts';
import { conditionOf, FakeInspector, labelsInspection } from '../../models/support.ts';
import {
  aimObject,
  NOW,
  post,
  referenceEvent,
  resourceEvent,
  serveRecording,
} from '../function-http-harness.ts';
import { expectAllowed } from '../permission-expectations.ts';

const METADATA = {
  model: { canonicalName: 'org/m', recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 1 }] },
};

describe('model-inspect over HTTP', () => {
  const kube = new FakeKubeClient({ now: () => NOW });
  const accesses: ApiAccess[] = [];
  const inspector = new FakeInspector()
    .set(
      'reg.example/team/broken:1',
      new RegistryError('not-found', 'manifest of reg.example/team/broken:1 not found'),
    )
    .set('reg.example/team/ok:1', labelsInspection({ 'com.amd.aim.model.canonicalName': 'org/ok' }));
  const airGapped = aimObject(
    'AIMModel',
    'air',
    { image: 'offline.example/m:1', imageMetadata: METADATA },
    'team',
  );
  const cluster = aimObject('AIMClusterModel', 'cm', { image: 'reg.example/team/ok:1' });
  const broken = aimObject('AIMModel', 'broken', { image: 'reg.example/team/broken:1' }, 'team');
  let running: RunningFunction;

  beforeAll(async () => {
    kube.seed(airGapped, cluster, broken);
    running = await serveRecording(
      modelInspectDefinition({ inspector, cache: new InspectionCache({ now: () => NOW.getTime() }) }),
      kube,
      accesses,
      createLogger({ function: 'model-inspect', level: 'silent' }),
    );
  }, 30_000);

  afterAll(async () => {
    await running?.close();
  });

  const stored = (object: KubeObject) => kube.peek(objectKey(object));

  it('reconciles a model from a Resource-mode event: metadata from the spec, templates created', async () => {
    const response = await post(running, resourceEvent('add', airGapped));
    expect(response.status).toBe(204);
    expect(conditionOf(stored(airGapped), 'ImageMetadataReady')).toMatchObject({ status: 'True' });
    expect(stored(airGapped)?.status).toMatchObject({
      observedGeneration: 2,
      sourceType: 'Image',
      imageMetadata: METADATA,
    });
    expect(kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' })).toHaveLength(1);
    expect(inspector.calls).toEqual([]);
  });

  it('reconciles a cluster model from a Reference-mode event', async () => {
    expect((await post(running, referenceEvent('add', cluster))).status).toBe(204);
    expect(conditionOf(stored(cluster), 'ImageMetadataReady')).toMatchObject({
      status: 'True',
      reason: 'ImageMetadataFound',
    });
  });

  it('reconciles the owning model when one of its templates changes', async () => {
    const [template] = kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' });
    await kube.applyStatus(
      { ...template!, status: { status: 'Ready' } },
      { fieldManager: 'aim-template-discover' },
    );
    expect((await post(running, resourceEvent('update', template!))).status).toBe(204);
    expect(stored(airGapped)?.status.status).toBe('Ready');
  });

  it('acknowledges a registry failure (the function retries it) with the failure in status', async () => {
    const response = await post(running, referenceEvent('update', broken));
    expect(response.status).toBe(204);
    expect(stored(broken)?.status.status).toBe('Degraded');
    expect(conditionOf(stored(broken), 'ImageMetadataReady')).toMatchObject({
      status: 'False',
      reason: 'ImageNotFound',
    });
  });

  it('answers 400 for a malformed event', async () => {
    const bad = new CloudEvent<unknown>({
      type: 'dev.knative.apiserver.resource.update',
      source: 'x',
      data: { kind: 'AIMModel' },
    });
    expect((await post(running, bad)).status).toBe(400);
    expect((await request(running.server).get('/health/readiness')).status).toBe(200);
  });

  it('made no call its role (functions/model-inspect/permissions.ts) does not grant', () => {
    expect(accesses.length).toBeGreaterThan(0);
    expectAllowed(permissions, accesses);
  });
});
