import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { FUNCTION_NAMES } from '../../../functions/modules.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { functionServiceAccountName } from '../../../shared/rbac/role-objects.ts';

/**
 * Each function is described twice, for two tools: its Knative Service (manifests/functions/, what
 * `kubectl apply -k` installs) and its func.yaml (what `func deploy` turns into a Knative Service).
 * They must describe the same service, run as the ServiceAccount its generated role is bound to,
 * and be the subscriber of its Trigger.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const documents = (path: string) =>
  parseAllDocuments(read(path))
    .map((document) => document.toJS() as KubeObject | null)
    .filter((object): object is KubeObject => object !== null);

interface FuncYaml {
  specVersion: string;
  name: string;
  runtime: string;
  invoke: string;
  image: string;
  /** An entry without a name imports every key of a ConfigMap (`{{ configMap:NAME }}`). */
  run: { envs: { name?: string; value: string }[] };
  deploy: {
    namespace: string;
    serviceAccountName: string;
    healthEndpoints: { liveness: string; readiness: string };
    options: {
      scale: { min: number; max: number; metric: string; target: number };
      resources: {
        requests: Record<string, string>;
        limits: Record<string, string | number> & { concurrency: number };
      };
    };
  };
}

interface Container {
  image: string;
  env: { name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  livenessProbe: { httpGet: { path: string } };
  readinessProbe: { httpGet: { path: string } };
  securityContext: Record<string, unknown>;
}

const CONFIG_MAP_VALUE = /^\{\{\s*configMap:([^:\s]+):([^:\s]+)\s*\}\}$/;
const WHOLE_CONFIG_MAP = /^\{\{\s*configMap:([^:\s]+)\s*\}\}$/;
const installImages = parse(read('manifests/install/kustomization.yaml')).images as {
  name: string;
  newName: string;
  newTag: string;
}[];
const triggers = documents('eventing/triggers.yaml').filter((object) => object.kind === 'Trigger');

describe.each(FUNCTION_NAMES)('%s', (name) => {
  const func = parse(read(`functions/${name}/func.yaml`)) as FuncYaml;
  const service = documents(`manifests/functions/${name}.yaml`)[0] as KubeObject;
  const template = service.spec.template;
  const container = template.spec.containers[0] as Container;
  const annotations = template.metadata.annotations as Record<string, string>;

  it('func.yaml is a cloudevent TypeScript function named after its directory', () => {
    expect(func).toMatchObject({ name, runtime: 'typescript', invoke: 'cloudevent' });
    expect(func.specVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names, namespace and ServiceAccount agree, and the ServiceAccount is the generated one', () => {
    expect(service).toMatchObject({ apiVersion: 'serving.knative.dev/v1', kind: 'Service' });
    expect(service.metadata).toMatchObject({ name, namespace: func.deploy.namespace });
    expect(func.deploy.namespace).toBe('aim-system');
    expect(template.spec.serviceAccountName).toBe(func.deploy.serviceAccountName);
    expect(func.deploy.serviceAccountName).toBe(functionServiceAccountName(name));
    const rbac = documents(`manifests/rbac/${name}.yaml`);
    expect(rbac).toContainEqual(
      expect.objectContaining({
        kind: 'ServiceAccount',
        metadata: expect.objectContaining({ name: func.deploy.serviceAccountName }),
      }),
    );
  });

  it('scales to zero by default, with the same bounds, target and concurrency', () => {
    const { scale, resources } = func.deploy.options;
    expect(annotations['autoscaling.knative.dev/min-scale']).toBe('0');
    expect(annotations['autoscaling.knative.dev/min-scale']).toBe(String(scale.min));
    expect(annotations['autoscaling.knative.dev/max-scale']).toBe(String(scale.max));
    expect(annotations['autoscaling.knative.dev/metric']).toBe(scale.metric);
    expect(annotations['autoscaling.knative.dev/target']).toBe(String(scale.target));
    expect(template.spec.containerConcurrency).toBe(resources.limits.concurrency);
    expect(scale.target).toBeLessThanOrEqual(resources.limits.concurrency);
  });

  it('the same resources and health endpoints', () => {
    const { limits, requests } = func.deploy.options.resources;
    const { concurrency: _concurrency, ...memoryAndCpu } = limits;
    expect(container.resources).toEqual({ requests, limits: memoryAndCpu });
    expect(container.livenessProbe.httpGet.path).toBe(func.deploy.healthEndpoints.liveness);
    expect(container.readinessProbe.httpGet.path).toBe(func.deploy.healthEndpoints.readiness);
    expect(func.deploy.healthEndpoints).toEqual({
      liveness: '/health/liveness',
      readiness: '/health/readiness',
    });
  });

  it('the same environment: the function to serve, and every key of the ConfigMap', () => {
    const imported: string[] = [];
    for (const env of func.run.envs) {
      const whole = WHOLE_CONFIG_MAP.exec(env.value);
      if (env.name === undefined) {
        expect(whole, env.value).not.toBeNull();
        imported.push(whole?.[1] ?? '');
        continue;
      }
      const inService = container.env.find((candidate) => candidate.name === env.name);
      const fromConfigMap = CONFIG_MAP_VALUE.exec(env.value);
      if (fromConfigMap) {
        expect(inService?.valueFrom?.configMapKeyRef, env.name).toEqual({
          name: fromConfigMap[1],
          key: fromConfigMap[2],
        });
      } else {
        expect(inService?.value, env.name).toBe(env.value);
      }
    }
    expect(func.run.envs).toContainEqual({ name: 'AIM_FUNCTION', value: name });
    // The whole ConfigMap, so that every documented setting can be set in it (docs/install.md).
    expect(imported).toEqual(['aim-engine-config']);
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'aim-engine-config' } }]);
    expect(container.env.find((env) => env.name === 'POD_NAME')?.valueFrom).toEqual({
      fieldRef: { fieldPath: 'metadata.name' },
    });
  });

  it('the same image: the one the install’s kustomization pins', () => {
    const pinned = installImages.find((image) => image.name === container.image);
    expect(pinned).toBeDefined();
    expect(func.image).toBe(`${pinned?.newName}:${pinned?.newTag}`);
  });

  it('runs unprivileged', () => {
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('is the subscriber (and dead-letter sink) of its Trigger', () => {
    const trigger = triggers.find((candidate) => candidate.metadata.name === name);
    const ref = { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name, namespace: 'aim-system' };
    expect(trigger?.spec.subscriber.ref).toEqual(ref);
    expect(trigger?.spec.delivery.deadLetterSink.ref).toEqual(ref);
  });
});

describe('the functions of the install', () => {
  it('one Knative Service per function, listed in its kustomization', () => {
    const listed = parse(read('manifests/functions/kustomization.yaml')).resources as string[];
    expect(listed.sort()).toEqual(FUNCTION_NAMES.map((name) => `${name}.yaml`).sort());
  });

  it('the ConfigMap holds every key the functions read from it', () => {
    const config = documents('manifests/base/config.yaml')[0] as KubeObject & {
      data: Record<string, string>;
    };
    expect(config.metadata.name).toBe('aim-engine-config');
    expect(Object.keys(config.data).sort()).toEqual(['AIM_SYSTEM_NAMESPACE', 'LOG_LEVEL']);
    expect(config.data.AIM_SYSTEM_NAMESPACE).toBe('aim-system');
  });
});
