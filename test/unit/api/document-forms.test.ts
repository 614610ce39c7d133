import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AIMModelSchema } from '../../../shared/api/aim-model.ts';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { AIMServiceTemplateSchema } from '../../../shared/api/aim-service-template.ts';
import { deriveModelId } from '../../../shared/api/forms/model-source.ts';

/*
 * Every form the product documents (../shared/seeds) write next to the spec's form: both parse, and
 * to the same canonical value, so the reconcilers only ever see one. Near-misses are rejected with a
 * message naming the field and what is accepted instead.
 */

const object = (kind: string, spec: unknown) => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind,
  metadata: { name: 'x', namespace: 'ns' },
  spec,
});
const specOf = (schema: z.ZodType, kind: string, spec: unknown) =>
  (schema.parse(object(kind, spec)) as { spec: Record<string, unknown> }).spec;
const issuesOf = (schema: z.ZodType, kind: string, spec: unknown) => {
  const result = schema.safeParse(object(kind, spec));
  if (result.success) throw new Error('expected the parse to fail');
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const service = (spec: object) => specOf(AIMServiceSchema(), 'AIMService', { model: { name: 'm' }, ...spec });
const serviceIssues = (spec: object) =>
  issuesOf(AIMServiceSchema(), 'AIMService', { model: { name: 'm' }, ...spec });
const template = (spec: object) =>
  specOf(AIMServiceTemplateSchema(), 'AIMServiceTemplate', { modelName: 'm', ...spec });
const templateIssues = (spec: object) =>
  issuesOf(AIMServiceTemplateSchema(), 'AIMServiceTemplate', { modelName: 'm', ...spec });
const model = (spec: object) => specOf(AIMModelSchema(), 'AIMModel', { image: 'ghcr.io/a/b:1', ...spec });
const modelIssues = (spec: object) =>
  issuesOf(AIMModelSchema(), 'AIMModel', { image: 'ghcr.io/a/b:1', ...spec });

describe('AIMService caching: the shorthand and the object', () => {
  it.each(['Always', 'Auto', 'Never', 'Shared', 'Dedicated'])('caching: %s means {mode: %s}', (mode) => {
    expect(service({ caching: mode }).caching).toEqual({ mode });
    expect(service({ caching: mode }).caching).toEqual(service({ caching: { mode } }).caching);
  });

  it('keeps the default mode of the object form', () => {
    expect(service({ caching: {} }).caching).toEqual({ mode: 'Shared' });
  });

  it('rejects an unknown mode and an unknown field, naming the accepted forms', () => {
    expect(serviceIssues({ caching: 'Sometimes' })).toEqual([
      'spec.caching: must be a mode (Dedicated, Shared, Auto, Always, Never) or {mode: <mode>}',
    ]);
    expect(serviceIssues({ caching: { mod: 'Always' } })).toEqual([
      'spec.caching: unknown field "mod"; accepted: mode, or the shorthand caching: <mode>',
    ]);
  });
});

describe('AIMService overrides: gpuSelector and hardware.gpu', () => {
  const documented = { metric: 'latency', precision: 'fp16', gpuSelector: { model: 'MI300X', count: 4 } };
  const specForm = {
    metric: 'latency',
    precision: 'fp16',
    hardware: { gpu: { model: 'MI300X', requests: 4 } },
  };

  it('parses both to the same hardware.gpu', () => {
    expect(service({ overrides: documented }).overrides).toEqual(service({ overrides: specForm }).overrides);
    expect(service({ overrides: documented }).overrides).toEqual({
      metric: 'latency',
      precision: 'fp16',
      hardware: { gpu: { model: 'MI300X', requests: 4, resourceName: 'amd.com/gpu' } },
    });
  });

  it('rejects both at once, and a misspelt selector field naming the accepted ones', () => {
    expect(
      serviceIssues({
        overrides: { gpuSelector: { model: 'MI300X' }, hardware: { gpu: { model: 'MI300X' } } },
      }),
    ).toEqual([
      'spec.overrides.gpuSelector: gpuSelector and hardware are two forms of one override: set one of them',
    ]);
    expect(serviceIssues({ overrides: { gpuSelector: { model: 'MI300X', gpus: 4 } } })).toEqual([
      'spec.overrides.gpuSelector: unknown field "gpus"; accepted: model, count, resourceName',
    ]);
    expect(serviceIssues({ overrides: { gpu: { model: 'MI300X' } } })).toEqual([
      'spec.overrides: unknown field "gpu"; accepted: metric, precision, hardware, gpuSelector',
    ]);
  });
});

describe('model sources: {name, sourceURI, size}, a bare {sourceUri} and the spec form', () => {
  it("parses the Templates page's static sources to modelId/sourceUri, keeping the size as written", () => {
    const sources = template({
      modelSources: [
        { name: 'Qwen/Qwen3-32B', sourceURI: 'hf://Qwen/Qwen3-32B', size: '16Gi' },
        { name: 'tokenizer', sourceURI: 'hf://Qwen/Qwen3-32B/tokenizer.json', size: '2Mi' },
      ],
    }).modelSources;
    expect(sources).toEqual([
      { modelId: 'Qwen/Qwen3-32B', sourceUri: 'hf://Qwen/Qwen3-32B', size: '16Gi' },
      { modelId: 'Qwen/tokenizer', sourceUri: 'hf://Qwen/Qwen3-32B/tokenizer.json', size: '2Mi' },
    ]);
    expect(sources).toEqual(
      template({
        modelSources: [
          { modelId: 'Qwen/Qwen3-32B', sourceUri: 'hf://Qwen/Qwen3-32B', size: '16Gi' },
          { modelId: 'Qwen/tokenizer', sourceUri: 'hf://Qwen/Qwen3-32B/tokenizer.json', size: '2Mi' },
        ],
      }).modelSources,
    );
  });

  it("derives the model id of the Models page's bare sourceUri", () => {
    expect(model({ modelSources: [{ sourceUri: 'hf://meta-llama/Llama-3-8B' }] }).modelSources).toEqual([
      { modelId: 'meta-llama/Llama-3-8B', sourceUri: 'hf://meta-llama/Llama-3-8B' },
    ]);
  });

  it('derives ids from hf and s3 URIs, and none from a URI without two segments', () => {
    expect(deriveModelId('hf://org/name/sub/file.json')).toBe('org/name');
    expect(deriveModelId('s3://my.bucket/models/llama-3')).toBe('my-bucket/llama-3');
    expect(deriveModelId('hf://org/name', 'weights v2')).toBe('org/weights-v2');
    expect(deriveModelId('hf://lonely')).toBeUndefined();
    expect(templateIssues({ modelSources: [{ sourceUri: 'hf://lonely' }] })).toEqual([
      'spec.modelSources.0.modelId: modelId is required: hf://lonely has no org/name to derive one from',
    ]);
  });

  it('rejects both URI spellings at once, neither, and an unknown field naming the accepted ones', () => {
    const both = { sourceUri: 'hf://a/b', sourceURI: 'hf://a/b' };
    expect(templateIssues({ modelSources: [both] })).toEqual([
      'spec.modelSources.0.sourceUri: exactly one of sourceUri or sourceURI must be set',
    ]);
    expect(templateIssues({ modelSources: [{ modelId: 'a/b' }] })).toEqual([
      'spec.modelSources.0.sourceUri: exactly one of sourceUri or sourceURI must be set',
    ]);
    expect(templateIssues({ modelSources: [{ sourceUrl: 'hf://a/b' }] })[0]).toBe(
      'spec.modelSources.0: unknown field "sourceUrl"; accepted: modelId, name, sourceUri, sourceURI, size, env',
    );
  });
});

describe('AIMModel discovery: createTemplates and createServiceTemplates', () => {
  it('parses both names to createServiceTemplates, defaulting both settings to true', () => {
    for (const value of [true, false]) {
      expect(model({ discovery: { createTemplates: value } }).discovery).toEqual({
        extractMetadata: true,
        createServiceTemplates: value,
      });
      expect(model({ discovery: { createTemplates: value } }).discovery).toEqual(
        model({ discovery: { createServiceTemplates: value } }).discovery,
      );
    }
    expect(model({ discovery: {} }).discovery).toEqual({
      extractMetadata: true,
      createServiceTemplates: true,
    });
  });

  it('accepts the Models page example: createTemplates next to imageMetadata', () => {
    const spec = model({
      image: 'registry.internal/models/llama-3-8b:v1.0.0',
      imageMetadata: {
        model: {
          canonicalName: 'meta-llama/Llama-3-8B',
          recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 8, precision: 'fp8', metric: 'latency' }],
        },
        oci: { title: 'Llama 3 8B', vendor: 'Meta', licenses: 'llama3' },
      },
      discovery: { createTemplates: true },
    });
    expect(spec.discovery).toEqual({ extractMetadata: true, createServiceTemplates: true });
  });

  it('rejects contradicting values and an unknown field naming the accepted ones', () => {
    expect(modelIssues({ discovery: { createTemplates: false, createServiceTemplates: true } })).toEqual([
      'spec.discovery.createTemplates: createTemplates and createServiceTemplates are one setting: set one, or both to the same value',
    ]);
    expect(modelIssues({ discovery: { createTemplate: true } })).toEqual([
      'spec.discovery: unknown field "createTemplate"; accepted: extractMetadata, createServiceTemplates, createTemplates',
    ]);
  });
});
