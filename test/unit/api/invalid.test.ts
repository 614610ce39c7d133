import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AIMArtifactSchema } from '../../../shared/api/aim-artifact.ts';
import { AIMModelSchema } from '../../../shared/api/aim-model.ts';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { AIMServiceTemplateSchema } from '../../../shared/api/aim-service-template.ts';

const meta = { name: 'x', namespace: 'ns' };
const service = (spec: unknown) => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: meta,
  spec,
});
const template = (spec: unknown) => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMServiceTemplate',
  metadata: meta,
  spec: { modelName: 'm', ...(spec as object) },
});

/** The issues of a failed parse as `path: message` lines. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('invalid objects are rejected, naming the field', () => {
  it('rejects an unknown precision', () => {
    const found = issues(AIMServiceTemplateSchema(), template({ precision: 'fp64' }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^spec\.precision: /);
  });

  it('rejects a service naming its model twice', () => {
    expect(issues(AIMServiceSchema(), service({ model: { name: 'a', image: 'ghcr.io/a:1' } }))).toEqual([
      'spec.model: exactly one of name, image or custom must be set',
    ]);
  });

  it('rejects a service naming no model', () => {
    expect(issues(AIMServiceSchema(), service({ model: {} }))).toEqual([
      'spec.model: exactly one of name, image or custom must be set',
    ]);
    expect(issues(AIMServiceSchema(), service({}))[0]).toMatch(/^spec\.model: /);
  });

  it('rejects hardware without gpu or cpu, and a GPU model together with minVram', () => {
    expect(issues(AIMServiceTemplateSchema(), template({ hardware: {} }))).toEqual([
      'spec.hardware: at least one of gpu or cpu must be specified',
    ]);
    expect(
      issues(
        AIMServiceTemplateSchema(),
        template({ hardware: { gpu: { model: 'MI300X', minVram: '64Gi' } } }),
      ),
    ).toEqual(['spec.hardware.gpu.minVram: model and minVram are mutually exclusive']);
  });

  it('rejects a malformed quantity and a negative GPU count', () => {
    expect(
      issues(AIMServiceTemplateSchema(), template({ hardware: { cpu: { requests: 'lots' } } }))[0],
    ).toMatch(/^spec\.hardware\.cpu\.requests: /);
    expect(issues(AIMServiceTemplateSchema(), template({ hardware: { gpu: { requests: -1 } } }))[0]).toMatch(
      /^spec\.hardware\.gpu\.requests: /,
    );
  });

  it('rejects duplicate env names, as the API server rejects duplicate map-list keys', () => {
    const env = [
      { name: 'HF_TOKEN', value: 'a' },
      { name: 'HF_TOKEN', value: 'b' },
    ];
    expect(issues(AIMServiceSchema(), service({ model: { name: 'm' }, env }))).toEqual([
      'spec.env.1.name: duplicate entry for key name=HF_TOKEN',
    ]);
  });

  it('rejects an artifact source that is not hf:// or s3://', () => {
    const artifact = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMArtifact',
      metadata: meta,
      spec: { sourceUri: 'https://example.com/model' },
    };
    expect(issues(AIMArtifactSchema(), artifact)).toEqual(['spec.sourceUri: must be an hf:// or s3:// URI']);
  });

  it('rejects a custom model whose custom templates lack hardware', () => {
    const model = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMModel',
      metadata: meta,
      spec: {
        image: 'ghcr.io/amd/aim-base:1',
        modelSources: [{ modelId: 'org/model', sourceUri: 'hf://org/model' }],
        customTemplates: [{ name: 'a' }],
      },
    };
    expect(issues(AIMModelSchema(), model)[0]).toMatch(
      /^spec\.customTemplates: when using modelSources, hardware/,
    );
    const withDefaults = {
      ...model,
      spec: { ...model.spec, custom: { hardware: { gpu: { requests: 1 } } } },
    };
    expect(AIMModelSchema().safeParse(withDefaults).success).toBe(true);
  });

  it('rejects more custom templates than the CRD allows', () => {
    const model = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMModel',
      metadata: meta,
      spec: { image: 'i', customTemplates: Array.from({ length: 17 }, () => ({})) },
    };
    expect(issues(AIMModelSchema(), model)[0]).toMatch(/^spec\.customTemplates: /);
  });

  it('rejects a template-selection list longer than 20 candidates', () => {
    const candidates = Array.from({ length: 21 }, (_, i) => ({ name: `t${i}`, scope: 'Namespace' }));
    const value = {
      ...service({ model: { name: 'm' } }),
      status: { templateSelection: { candidatesConsidered: 21, omitted: 0, candidates } },
    };
    expect(issues(AIMServiceSchema(), value)[0]).toMatch(/^status\.templateSelection\.candidates: /);
  });

  it('rejects a service status the AIMService enum does not allow', () => {
    const value = { ...service({ model: { name: 'm' } }), status: { status: 'NotAvailable' } };
    expect(issues(AIMServiceSchema(), value)[0]).toMatch(/^status\.status: /);
  });
});
