import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { kubectl } from './crd-takeover.ts';
import { dryRunAll, dryRunPlatform, INSTALL_PREREQUISITE_CRDS } from './dry-run.ts';
import {
  CHART_DIR,
  EVERY_OPTION,
  EVERY_OPTION_JSON,
  HELM_OWNERSHIP_ANNOTATIONS,
  HELM_OWNERSHIP_LABEL,
  helm,
  helmInstall,
  helmTemplate,
  SERVED_AIM_KINDS,
  WARM,
} from './helm-chart.ts';
import type { RawApi } from './raw-api.ts';

/**
 * `helm install aim-engine charts/aim-engine -n aim-system` against a real API server that knows
 * Knative Serving and Eventing, KServe's InferenceService and the Prometheus operator's PodMonitor
 * (their CRDs from the pinned Go modules): with the default values, every optional value on, and
 * the warm mode, every object passes a server-side dry run with strict field validation. And the
 * chart is lint-clean and refuses a value it does not define.
 */
describe('the Helm chart', () => {
  it('is lint-clean, strict included', () => {
    const result = helm(['lint', CHART_DIR, '--strict', ...EVERY_OPTION]);
    expect(result.stdout + result.stderr).toContain('0 chart(s) failed');
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(/\[(WARNING|ERROR)\]/);
  });

  it('refuses a misspelt value (values.schema.json)', () => {
    const result = helm(['template', 'aim-engine', CHART_DIR, '--set', 'image.tagg=x']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("additional properties 'tagg' not allowed");
  });

  it('refuses a misspelt function and a misspelt setting', () => {
    for (const value of [
      'functions.isvc-rendr.minScale=1',
      'config.AIM_STATUS_PACNG_MS=0',
      'crd.kep=false',
    ]) {
      expect(helm(['template', 'aim-engine', CHART_DIR, '--set', value]).status, value).not.toBe(0);
    }
  });

  it('refuses prometheus.enable without metrics.enable: there would be nothing to scrape', () => {
    const result = helm(['template', 'aim-engine', CHART_DIR, '--set', 'prometheus.enable=true']);
    expect(result.stderr).toContain('prometheus.enable needs metrics.enable');
  });

  it('every optional value on renders each optional object, and the metrics port', () => {
    const objects = helmTemplate([...EVERY_OPTION, ...EVERY_OPTION_JSON, ...SERVED_AIM_KINDS]);
    const kinds = objects.map((object) => object.kind);
    expect(kinds).toContain('PodMonitor');
    expect(kinds).toContain('AIMClusterRuntimeConfig');
    const aggregated = objects.filter(
      (object) => object.metadata.labels?.['rbac.authorization.k8s.io/aggregate-to-view'] === 'true',
    );
    expect(aggregated).toHaveLength(
      objects.filter((object) => object.kind === 'CustomResourceDefinition').length,
    );
    const services = objects.filter((object) => object.kind === 'Service');
    for (const service of services) {
      expect(service.spec.template.spec.containers[0].env).toContainEqual({
        name: 'AIM_METRICS_PORT',
        value: '9464',
      });
    }
    const broker = objects.find((object) => object.kind === 'Broker');
    expect(broker?.metadata.annotations?.['eventing.knative.dev/broker.class']).toBe('MTChannelBasedBroker');
  });

  it('crd.enable=false leaves the CRDs out; crd.keep=false lets uninstall delete them', () => {
    expect(helmTemplate(['--set', 'crd.enable=false']).map((object) => object.kind)).not.toContain(
      'CustomResourceDefinition',
    );
    const crds = helmTemplate(['--set', 'crd.keep=false']).filter(
      (object) => object.kind === 'CustomResourceDefinition',
    );
    expect(crds.length).toBeGreaterThan(0);
    for (const crd of crds) expect(crd.metadata.annotations?.['helm.sh/resource-policy']).toBeUndefined();
  });

  it('a function’s own values win over functionDefaults, zero included', () => {
    const services = helmTemplate([
      ...['--set', 'functionDefaults.minScale=1', '--set', 'functions.isvc-render.minScale=0'],
      ...['--set', 'functions.model-inspect.resources.limits.memory=1Gi'],
    ]).filter((object) => object.kind === 'Service');
    const minScale = (name: string) =>
      services.find((service) => service.metadata.name === name)?.spec.template.metadata.annotations[
        'autoscaling.knative.dev/min-scale'
      ];
    expect(minScale('isvc-render')).toBe('0');
    expect(minScale('cache-manage')).toBe('1');
    const modelInspect = services.find((service) => service.metadata.name === 'model-inspect');
    // Merged, not replaced: the requests stay.
    expect(modelInspect?.spec.template.spec.containers[0].resources).toEqual({
      requests: { cpu: '100m', memory: '192Mi' },
      limits: { memory: '1Gi' },
    });
  });

  describe('against a real API server', () => {
    let platform: LocalPlatform;
    let api: RawApi;

    beforeAll(async () => {
      ({ platform, api } = await dryRunPlatform('chart-dry-run', [
        ...INSTALL_PREREQUISITE_CRDS,
        'podMonitor',
      ]));
    });

    afterAll(async () => {
      await platform?.stop();
    });

    const renders: Record<string, string[]> = {
      'the default values': [],
      'every optional value on': [...EVERY_OPTION, ...EVERY_OPTION_JSON, ...SERVED_AIM_KINDS],
      'the warm mode': WARM,
    };
    for (const [name, args] of Object.entries(renders)) {
      it(`every object of ${name} passes a server-side dry-run apply`, async () => {
        const objects = helmTemplate(args);
        expect(objects.length).toBeGreaterThan(40);
        expect(await dryRunAll(api, objects)).toEqual([]);
      });
    }

    it('`helm install --dry-run=server` maps every object to the cluster’s APIs (CRDs managed elsewhere)', () => {
      const result = helmInstall(platform.controlPlane, [
        ...['--create-namespace', '--dry-run=server'],
        ...EVERY_OPTION,
        ...EVERY_OPTION_JSON,
        // The platform installed the AIM CRDs itself; Helm adopts nothing it did not create.
        ...['--set', 'crd.enable=false'],
      ]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      // The AIM CRDs are served here, so the runtime config is rendered on install.
      expect(result.stdout).toContain('kind: AIMClusterRuntimeConfig');
      expect(result.stdout).toContain('AIM Engine 0.1.0 is installed in namespace aim-system');
      expect(result.stdout).not.toContain('was NOT created');
    });

    it('is really checked: an unknown field in the PodMonitor or the runtime config is refused', async () => {
      const objects = helmTemplate([...EVERY_OPTION, ...EVERY_OPTION_JSON, ...SERVED_AIM_KINDS]);
      const broken = ['PodMonitor', 'AIMClusterRuntimeConfig'].map((kind) => {
        const object = structuredClone(objects.find((candidate) => candidate.kind === kind) as KubeObject);
        object.spec.unknownField = true;
        return object;
      });
      const failures = await dryRunAll(api, broken);
      expect(failures).toEqual([
        expect.stringContaining('unknownField'),
        expect.stringContaining('unknownField'),
      ]);
    });

    // Last: it installs for real (the CRDs then belong to the release).
    it('takes over the AIM CRDs another install left once they carry Helm ownership (docs/migrating.md)', () => {
      const install = () => helmInstall(platform.controlPlane);
      // The platform applied the CRDs as the Go operator's kustomize install would: Helm refuses them.
      const refused = install();
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('invalid ownership metadata');
      // The two commands docs/migrating.md gives, with the real kubectl.
      const crds = kubectl(platform.controlPlane, ['get', 'crd', '-o', 'name'])
        .stdout.split('\n')
        .filter((name) => name.includes('.aim.eai.amd.com'));
      expect(crds).toHaveLength(10);
      expect(
        kubectl(platform.controlPlane, ['label', '--overwrite', ...crds, HELM_OWNERSHIP_LABEL]).status,
      ).toBe(0);
      expect(
        kubectl(platform.controlPlane, ['annotate', '--overwrite', ...crds, ...HELM_OWNERSHIP_ANNOTATIONS])
          .status,
      ).toBe(0);
      const adopted = install();
      expect(adopted.stderr).toBe('');
      expect(adopted.status).toBe(0);
      const kept = kubectl(platform.controlPlane, [
        'get',
        ...crds,
        '-o',
        'jsonpath={.items[*].metadata.annotations.helm\\.sh/resource-policy}',
      ]);
      expect(kept.stdout.split(' ')).toEqual(Array(10).fill('keep'));
    });
  });
});
