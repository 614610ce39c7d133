import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyExamples } from '../../../local/platform/examples.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { exampleServiceRunning } from '../support/wait.ts';

/**
 * The whole product, as `npm start` runs it: all five functions scaling as their Knative
 * Services ask (from zero, and back to zero when idle), the manifests' own resync (every 10
 * minutes, so it plays no part here), the real event path and the simulator. The examples a
 * newcomer sees must go from nothing to a Running service, driven by events alone.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';

describe('examples/ on the whole local platform', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('full-flow', { scaling: 'knative', simulator: withSimulator });
    await applyExamples(platform.client, 'e2e-examples');
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('brings the example service to Running with an InferenceService', async () => {
    const service = await exampleServiceRunning(platform.client);
    expect(service.status.resolvedModel?.name).toBe('smollm2-135m');
    expect(service.status.resolvedTemplate?.name).toBeTruthy();
    const isvcs = await platform.client.list(
      { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
      { namespace: 'aim-demo' },
    );
    expect(isvcs.items).toHaveLength(1);
    const ready = (service.status.conditions as { type: string; status: string }[]).find(
      (c) => c.type === 'Ready',
    );
    expect(ready?.status).toBe('True');
  });

  it('leaves the model and the chosen template Ready and no event dead-lettered', async () => {
    const model = await platform.client.get<KubeObject>({
      apiVersion: AIM,
      kind: 'AIMModel',
      namespace: 'aim-demo',
      name: 'smollm2-135m',
    });
    expect(model.status?.status).toBe('Ready');
    expect(platform.broker?.deadLetters ?? []).toEqual([]);
  });
});
