import { describe, expect, it } from 'vitest';
import { AIMModelSpecSchema } from '../../../shared/api/aim-model.ts';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { buildResources } from '../../../shared/inference/isvc-resources.ts';
import { NAMESPACED_MODEL_SCOPE } from '../../../shared/models/model-scope.ts';
import { desiredTemplates } from '../../../shared/models/template-builders.ts';
import { autoCustomModel } from '../../../shared/service-resolution/model/auto-model.ts';
import { derivedTemplate } from '../../../shared/service-resolution/template/derived-template.ts';
import { resolveHardware } from '../../../shared/templates/resolved-hardware.ts';
import { service, template } from '../service-resolution/fixtures.ts';

/*
 * Issue 37: objects the functions write carry quantities as the Go operator's resource.Quantity
 * writes them (canonical form), so a takeover rewrites nothing; objects users write are never
 * rewritten. (Issue 13 was the opposite complaint — a user's `2` shown as `2000m` — and stays
 * fixed: `2` is canonical already.)
 */
function customModelSpec(cpu: { requests: string | number; limits?: string | number }) {
  return AIMModelSpecSchema().parse({
    image: 'ghcr.io/amd/aim-base:v1.0.0',
    modelSources: [{ modelId: 'org/model', sourceUri: 'hf://org/model', size: '16384Mi' }],
    custom: { hardware: { gpu: { requests: 1, model: 'MI300X' }, cpu } },
  });
}

function generatedTemplateSpec(spec: ReturnType<typeof customModelSpec>) {
  const [generated] = desiredTemplates(
    NAMESPACED_MODEL_SCOPE,
    { name: 'm', namespace: 'team', spec },
    undefined,
  );
  return generated?.spec as {
    hardware: Parameters<typeof resolveHardware>[1];
    resources: Parameters<typeof buildResources>[1];
    modelSources: { size?: string | number }[];
  };
}

describe('quantities in objects the functions write', () => {
  it('a generated template for cpu {requests: 500m, limits: 2000m} carries limits "2", its status and ISVC too', () => {
    const spec = customModelSpec({ requests: '500m', limits: '2000m' });
    const written = structuredClone(spec);
    const templateSpec = generatedTemplateSpec(spec);
    expect(templateSpec.hardware?.cpu).toEqual({ requests: '500m', limits: '2' });
    expect(templateSpec.resources).toEqual({ requests: { cpu: '500m' }, limits: { cpu: '2' } });
    expect(templateSpec.modelSources[0]?.size).toBe('16Gi');

    const resolved = resolveHardware(undefined, templateSpec.hardware);
    expect(resolved?.cpu).toEqual({ requests: '500m', limits: '2' });

    const resources = buildResources(resolved?.gpu, templateSpec.resources, undefined);
    expect(resources.requests?.cpu).toBe('500m');
    expect(resources.limits?.cpu).toBe('2');

    // The user's model is left exactly as written.
    expect(spec).toEqual(written);
    expect(spec.custom?.hardware?.cpu).toEqual({ requests: '500m', limits: '2000m' });
  });

  it.each([
    ['2', '2'],
    ['2000m', '2'],
    ['0.5', '500m'],
    ['1500m', '1500m'],
    [2, '2'],
  ])('cpu %j is written as %j everywhere it is copied', (cpu, canonical) => {
    const templateSpec = generatedTemplateSpec(customModelSpec({ requests: cpu, limits: cpu }));
    expect(templateSpec.hardware?.cpu).toEqual({ requests: canonical, limits: canonical });
    const resolved = resolveHardware(undefined, templateSpec.hardware);
    expect(resolved?.cpu).toEqual({ requests: canonical, limits: canonical });
    const resources = buildResources(resolved?.gpu, templateSpec.resources, undefined);
    expect(resources).toMatchObject({ requests: { cpu: canonical }, limits: { cpu: canonical } });
  });

  it('the InferenceService resources are canonical whichever layer set them; the GPU defaults already are', () => {
    const serviceResources = { limits: { memory: '1024Mi' }, requests: { cpu: '4000m' } };
    const resources = buildResources({ requests: 1 }, { requests: { memory: '32768Mi' } }, serviceResources);
    expect(resources).toEqual({
      requests: { cpu: '4', memory: '32Gi', 'amd.com/gpu': '1' },
      limits: { memory: '1Gi', 'amd.com/gpu': '1' },
    });
    expect(serviceResources).toEqual({ limits: { memory: '1024Mi' }, requests: { cpu: '4000m' } });
  });

  it('a derived template is canonical, the service and the base template it copies are not rewritten', () => {
    const svc = AIMServiceSchema().parse(
      service('svc', {
        model: { name: 'llama' },
        template: { name: 'base' },
        overrides: { hardware: { cpu: { requests: '1000m', limits: '2.5' } } },
        resources: { limits: { memory: '2048Mi' } },
      }),
    );
    const base = template('base', 'llama', {
      spec: { modelSources: [{ modelId: 'org/model', sourceUri: 'hf://org/model', size: '0.5Gi' }] },
    });
    const [svcBefore, baseBefore] = [structuredClone(svc), structuredClone(base)];
    const derived = derivedTemplate(svc, base, svc.spec.overrides!, 'llama');
    expect(derived.spec).toMatchObject({
      hardware: { cpu: { requests: '1', limits: '2500m' } },
      resources: { limits: { memory: '2Gi' } },
      modelSources: [{ size: '512Mi' }],
    });
    expect(svc).toEqual(svcBefore);
    expect(base).toEqual(baseBefore);
  });

  it('the custom AIMModel a service creates is canonical, the service is not rewritten', () => {
    const svc = AIMServiceSchema().parse(
      service('svc', {
        model: {
          custom: {
            baseImage: 'ghcr.io/amd/aim-base:v1.0.0',
            modelSources: [{ modelId: 'org/model', sourceUri: 'hf://org/model', size: '8192Mi' }],
            hardware: { cpu: { requests: '2000m' } },
          },
        },
      }),
    );
    const before = structuredClone(svc);
    const model = autoCustomModel(svc, 'custom', svc.spec.model.custom!);
    expect(model.spec).toMatchObject({
      modelSources: [{ size: '8Gi' }],
      custom: { hardware: { cpu: { requests: '2' } } },
    });
    expect(svc).toEqual(before);
  });
});
