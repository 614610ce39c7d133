import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { dryRunAll, dryRunPlatform, INSTALL_PREREQUISITE_CRDS } from './dry-run.ts';
import type { RawApi } from './raw-api.ts';
import { renderedManifests } from './rendered-manifests.ts';

/**
 * `kubectl apply -k manifests/` against a real API server that knows Knative Serving and Eventing
 * (their CRDs from the pinned Go modules): every object of the install, the overlays' too, passes
 * the API server's validation (schemas with strict field validation, RBAC rules, names) in a
 * server-side dry run.
 */
describe('the kustomize install against a real API server', () => {
  let platform: LocalPlatform;
  let api: RawApi;

  beforeAll(async () => {
    ({ platform, api } = await dryRunPlatform('deploy-dry-run', INSTALL_PREREQUISITE_CRDS));
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('renders the whole install: CRDs, RBAC, config, Knative Services and the event plumbing', () => {
    const kinds = new Set(renderedManifests().map((object) => `${object.apiVersion}/${object.kind}`));
    for (const kind of [
      'v1/Namespace',
      'v1/ConfigMap',
      'v1/ServiceAccount',
      'apiextensions.k8s.io/v1/CustomResourceDefinition',
      'rbac.authorization.k8s.io/v1/ClusterRole',
      'rbac.authorization.k8s.io/v1/Role',
      'serving.knative.dev/v1/Service',
      'eventing.knative.dev/v1/Broker',
      'eventing.knative.dev/v1/Trigger',
      'sources.knative.dev/v1/ApiServerSource',
      'sources.knative.dev/v1/PingSource',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  for (const dir of ['manifests', 'manifests/overlays/warm', 'manifests/overlays/dev']) {
    it(`every object of ${dir} passes a server-side dry-run apply`, async () => {
      const objects = renderedManifests(dir);
      expect(objects.length).toBeGreaterThan(40);
      expect(await dryRunAll(api, objects)).toEqual([]);
    });
  }

  it('is really checked: an unknown field in a Knative Service is refused', async () => {
    const service = renderedManifests().find((object) => object.kind === 'Service');
    expect(service).toBeDefined();
    const broken = structuredClone(service as KubeObject);
    broken.spec.template.spec.containerConcurency = 10;
    const failures = await dryRunAll(api, [broken]);
    expect(failures).toEqual([expect.stringContaining('containerConcurency')]);
  });
});
