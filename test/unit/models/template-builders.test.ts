import { describe, expect, it } from 'vitest';
import type { AIMModelSpec } from '../../../shared/api/aim-model.ts';
import type { ImageMetadata } from '../../../shared/api/image-metadata.ts';
import { mergeHardware } from '../../../shared/models/hardware-merge.ts';
import { CLUSTER_MODEL_SCOPE, NAMESPACED_MODEL_SCOPE } from '../../../shared/models/model-scope.ts';
import { autoTemplate, desiredTemplates } from '../../../shared/models/template-builders.ts';

const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';
const METADATA: ImageMetadata = {
  model: {
    canonicalName: 'org/m',
    recommendedDeployments: [
      { gpuModel: 'MI300X', gpuCount: 1, metric: 'latency', precision: 'fp8', profileId: 'p1' },
      { gpuModel: 'MI325X', metric: 'throughput' },
    ],
  },
};

function model(spec: Partial<AIMModelSpec>, name = 'm') {
  return { name, namespace: 'team', spec: { image: IMAGE, ...spec } as AIMModelSpec };
}

describe('desiredTemplates: recommended deployments', () => {
  it('builds one namespaced template per deployment with the upstream name, labels and spec', () => {
    const [first, second] = desiredTemplates(
      NAMESPACED_MODEL_SCOPE,
      model({ imagePullSecrets: [{ name: 'pull' }], serviceAccountName: 'sa' }),
      METADATA,
    );
    expect(first).toEqual({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMServiceTemplate',
      metadata: {
        name: 'ghcr-io-silogen-aim-dummy-0-1-10-1x-mi300x-lat-fp8-ac4a',
        namespace: 'team',
        labels: { 'aim.eai.amd.com/model': 'm', 'aim.eai.amd.com/origin': 'auto-generated' },
      },
      spec: {
        modelName: 'm',
        imagePullSecrets: [{ name: 'pull' }],
        serviceAccountName: 'sa',
        metric: 'latency',
        precision: 'fp8',
        profileId: 'p1',
        hardware: { gpu: { requests: 1, model: 'MI300X' } },
      },
    });
    // GPU hardware only when both model and count are known.
    expect(second?.spec).toEqual({
      modelName: 'm',
      imagePullSecrets: [{ name: 'pull' }],
      serviceAccountName: 'sa',
      metric: 'throughput',
    });
  });

  it('builds cluster templates without a namespace for cluster models', () => {
    const [template] = desiredTemplates(CLUSTER_MODEL_SCOPE, { name: 'm', spec: { image: IMAGE } }, METADATA);
    expect(template?.kind).toBe('AIMClusterServiceTemplate');
    expect(template?.metadata.namespace).toBeUndefined();
  });

  it('adds custom templates on top of the recommended ones, each with its alias label', () => {
    const templates = desiredTemplates(
      NAMESPACED_MODEL_SCOPE,
      model({
        customTemplates: [
          {
            name: 'fast',
            type: 'unoptimized',
            hardware: { gpu: { requests: 2, model: 'MI300X', resourceName: 'amd.com/gpu' } },
          },
        ],
      }),
      METADATA,
    );
    expect(templates).toHaveLength(3);
    expect(templates[2]?.metadata.labels).toEqual({
      'aim.eai.amd.com/model': 'm',
      'aim.eai.amd.com/origin': 'auto-generated',
      'aim.eai.amd.com/template.alias': 'fast',
    });
    expect(templates[2]?.spec.modelSources).toBeUndefined();
  });

  it('expects nothing without metadata, with createServiceTemplates false, or with no deployments', () => {
    expect(desiredTemplates(NAMESPACED_MODEL_SCOPE, model({}), undefined)).toEqual([]);
    expect(
      desiredTemplates(
        NAMESPACED_MODEL_SCOPE,
        model({ discovery: { extractMetadata: true, createServiceTemplates: false } }),
        METADATA,
      ),
    ).toEqual([]);
    expect(desiredTemplates(NAMESPACED_MODEL_SCOPE, model({}), { model: { canonicalName: 'x' } })).toEqual(
      [],
    );
  });
});

describe('desiredTemplates: custom models', () => {
  const sources = [{ modelId: 'inline/test-model', sourceUri: 'hf://sshleifer/tiny-gpt2' }];

  it('builds the auto template with the upstream name, sources, hardware, cpu resources and env', () => {
    const templates = desiredTemplates(
      NAMESPACED_MODEL_SCOPE,
      model(
        {
          modelSources: sources,
          custom: {
            hardware: {
              gpu: { requests: 1, model: 'MI300X', resourceName: 'amd.com/gpu' },
              cpu: { requests: '4' },
            },
          },
          env: [{ name: 'A', value: '1' }],
        },
        'auto-gen-template-test',
      ),
      undefined,
    );
    expect(templates).toHaveLength(1);
    expect(templates[0]?.metadata.name).toBe('auto-gen-template-test-custom-60ba3f14');
    expect(templates[0]?.spec).toEqual({
      modelName: 'auto-gen-template-test',
      modelSources: sources,
      hardware: {
        gpu: { requests: 1, model: 'MI300X', resourceName: 'amd.com/gpu' },
        cpu: { requests: '4' },
      },
      resources: { requests: { cpu: '4' } },
      type: 'unoptimized',
      env: [{ name: 'A', value: '1' }],
    });
  });

  it('names custom templates by index and merges env (template wins), namespaced only', () => {
    const spec = {
      modelSources: sources,
      env: [
        { name: 'A', value: 'model' },
        { name: 'B', value: 'model' },
      ],
      custom: { type: 'preview' as const },
      customTemplates: [
        {
          type: 'optimized' as const,
          hardware: { cpu: { requests: '2', limits: '4' } },
          profile: { metric: 'throughput' as const, precision: 'fp16' as const },
        },
        {
          name: 'multi-gpu',
          type: 'unoptimized' as const,
          env: [{ name: 'A', value: 'template' }],
          hardware: { gpu: { requests: 2, model: 'MI300X', resourceName: 'amd.com/gpu' } },
        },
      ],
    };
    const templates = desiredTemplates(NAMESPACED_MODEL_SCOPE, model(spec, 'custom-model-test'), undefined);
    expect(templates.map((t) => t.metadata.name)).toEqual([
      expect.stringMatching(/^custom-model-test-custom-fp16-[0-9a-f]{8}$/),
      'custom-model-test-custom-multi-gpu-mi300x-e999d587',
    ]);
    expect(templates[0]?.spec.resources).toEqual({ requests: { cpu: '2' }, limits: { cpu: '4' } });
    expect(templates[0]?.spec).toMatchObject({ type: 'optimized', metric: 'throughput', precision: 'fp16' });
    expect(templates[1]?.spec).toMatchObject({
      type: 'unoptimized',
      env: [
        { name: 'A', value: 'template' },
        { name: 'B', value: 'model' },
      ],
    });
    const cluster = desiredTemplates(
      CLUSTER_MODEL_SCOPE,
      { name: 'custom-model-test', spec: { image: IMAGE, ...spec } },
      undefined,
    );
    expect(cluster.every((t) => t.spec.env === undefined)).toBe(true);
  });

  it('uses custom.type for the auto template, else unoptimized', () => {
    const withType = autoTemplate(
      NAMESPACED_MODEL_SCOPE,
      model({ modelSources: sources, custom: { type: 'preview' } }),
    );
    expect(withType.spec.type).toBe('preview');
    expect(autoTemplate(NAMESPACED_MODEL_SCOPE, model({ modelSources: sources })).spec.type).toBe(
      'unoptimized',
    );
  });
});

describe('mergeHardware', () => {
  const gpu = (fields: Record<string, unknown>) => ({ resourceName: 'amd.com/gpu', ...fields });

  it('uses whichever side exists', () => {
    expect(mergeHardware(undefined, { cpu: { requests: '1' } })).toEqual({ cpu: { requests: '1' } });
    expect(mergeHardware({ cpu: { requests: '1' } }, undefined)).toEqual({ cpu: { requests: '1' } });
  });

  it('overrides GPU and CPU fields only when the template sets them', () => {
    expect(
      mergeHardware(
        { gpu: gpu({ requests: 1, model: 'MI300X' }), cpu: { requests: '2', limits: '4' } },
        { gpu: gpu({ requests: 0, model: 'MI325X' }), cpu: { requests: '8' } },
      ),
    ).toEqual({ gpu: gpu({ requests: 1, model: 'MI325X' }), cpu: { requests: '8', limits: '4' } });
  });

  it('keeps model and minVram exclusive', () => {
    expect(
      mergeHardware({ gpu: gpu({ requests: 1, model: 'MI300X' }) }, { gpu: gpu({ minVram: '128Gi' }) }),
    ).toEqual({
      gpu: gpu({ requests: 1, minVram: '128Gi' }),
    });
  });
});
