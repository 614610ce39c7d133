import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DOWNLOAD_IMAGE } from '../../../shared/api/aim-artifact.ts';
import { ERROR_CATEGORY_VALUES } from '../../../shared/api/common/component-health.ts';
import { kindOpenApiSchema } from '../../../shared/api/crd/render.ts';
import { AIM_KINDS, type AIMKindName } from '../../../shared/api/kinds.ts';
import {
  AIM_STATUSES,
  RESOURCE_STATUS_VALUES,
  SERVICE_STATUS_VALUES,
} from '../../../shared/constants/status.ts';
import { nodeAt } from './schema-path.ts';

const schemaOf = (kind: AIMKindName) => kindOpenApiSchema(AIM_KINDS[kind]);

describe('defaults in the CRDs', () => {
  it.each([
    ['AIMService', 'spec.replicas', 1],
    ['AIMService', 'spec.storage.pvcHeadroomPercent', 10],
    ['AIMService', 'spec.autoScaling.metrics.[].podmetric.metric.backend', 'opentelemetry'],
    ['AIMService', 'spec.model.custom.hardware.gpu.resourceName', 'amd.com/gpu'],
    ['AIMService', 'status.status', 'Pending'],
    ['AIMArtifact', 'spec.modelDownloadImage', DEFAULT_MODEL_DOWNLOAD_IMAGE],
    ['AIMModel', 'spec.discovery.extractMetadata', true],
    ['AIMModel', 'spec.customTemplates.[].type', 'unoptimized'],
    ['AIMClusterModel', 'spec.discovery.extractMetadata', true],
    ['AIMServiceTemplate', 'spec.caching.enabled', false],
    ['AIMServiceTemplate', 'spec.hardware.gpu.resourceName', 'amd.com/gpu'],
    ['AIMTemplateCache', 'spec.mode', 'Shared'],
    ['AIMRuntimeConfig', 'spec.labelPropagation.enabled', false],
    ['AIMRuntimeConfig', 'spec.storage.pvcHeadroomPercent', 10],
    ['AIMRuntimeConfig', 'spec.routing.gatewayRef.kind', 'Gateway'],
  ] as const)('%s %s defaults to %j', (kind, path, value) => {
    expect(nodeAt(schemaOf(kind), path).default).toEqual(value);
  });

  it('leaves the defaults of alias pairs to the functions, so a stored object keeps what was written', () => {
    // A defaulted createServiceTemplates: true would contradict a written createTemplates: false.
    expect(nodeAt(schemaOf('AIMModel'), 'spec.discovery.createServiceTemplates').default).toBeUndefined();
  });

  it('does not mark defaulted fields as required', () => {
    expect(nodeAt(schemaOf('AIMService'), 'spec').required).toEqual(['model']);
  });
});

describe('enums in the CRDs', () => {
  it.each([
    ['AIMServiceTemplate', 'spec.precision', ['auto', 'fp4', 'fp8', 'fp16', 'fp32', 'bf16', 'int4', 'int8']],
    ['AIMServiceTemplate', 'spec.metric', ['latency', 'throughput']],
    ['AIMServiceTemplate', 'spec.type', ['optimized', 'preview', 'unoptimized']],
    [
      'AIMService',
      'spec.overrides.precision',
      ['auto', 'fp4', 'fp8', 'fp16', 'fp32', 'bf16', 'int4', 'int8'],
    ],
    ['AIMService', 'status.status', [...SERVICE_STATUS_VALUES]],
    ['AIMService', 'status.conditions.[].status', ['True', 'False', 'Unknown']],
    ['AIMService', 'status.componentHealth.[].state', [...AIM_STATUSES]],
    ['AIMService', 'status.componentHealth.[].dependencyType', ['Upstream', 'Downstream']],
    ['AIMService', 'status.componentHealth.[].errorCategories.[]', [...ERROR_CATEGORY_VALUES]],
    [
      'AIMService',
      'status.templateSelection.candidates.[].rejectedAt',
      ['Availability', 'Optimization', 'Overrides', 'GPUAvailability', 'ScopePreference', 'Score'],
    ],
    ['AIMModel', 'status.status', [...RESOURCE_STATUS_VALUES]],
    ['AIMModel', 'status.sourceType', ['Image', 'Custom']],
    ['AIMArtifact', 'status.mode', ['Dedicated', 'Shared']],
    ['AIMTemplateCache', 'spec.templateScope', ['Namespace', 'Cluster', 'Unknown']],
    ['AIMTemplateCache', 'status.status', [...RESOURCE_STATUS_VALUES]],
  ] as const)('%s %s allows exactly %j', (kind, path, values) => {
    expect(nodeAt(schemaOf(kind), path).enum).toEqual(values);
  });
});

describe('Kubernetes extensions in the CRDs', () => {
  it('renders quantities as int-or-string with the quantity pattern', () => {
    const size = nodeAt(schemaOf('AIMArtifact'), 'spec.size');
    expect(size['x-kubernetes-int-or-string']).toBe(true);
    expect(size.anyOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
    expect(new RegExp(size.pattern ?? '').test('16Gi')).toBe(true);
    expect(new RegExp(size.pattern ?? '').test('sixteen')).toBe(false);
  });

  it('keeps AIMService caching free-form: it is a mode name or an object, checked by the schema', () => {
    const caching = nodeAt(schemaOf('AIMService'), 'spec.caching');
    expect(caching.type).toBeUndefined();
    expect(caching['x-kubernetes-preserve-unknown-fields']).toBe(true);
  });

  it('declares both spellings of each documented alias', () => {
    const service = schemaOf('AIMService');
    expect(nodeAt(service, 'spec.overrides.gpuSelector.count').type).toBe('integer');
    expect(nodeAt(service, 'spec.overrides.hardware.gpu.requests').type).toBe('integer');
    const template = schemaOf('AIMServiceTemplate');
    for (const field of ['modelId', 'name', 'sourceUri', 'sourceURI'])
      expect(nodeAt(template, `spec.modelSources.[].${field}`).type, field).toBe('string');
    expect(nodeAt(template, 'spec.modelSources.[]').required).toBeUndefined();
    expect(nodeAt(schemaOf('AIMModel'), 'spec.discovery.createTemplates').type).toBe('boolean');
  });

  it('keeps free-form JSON verbatim', () => {
    const template = schemaOf('AIMServiceTemplate');
    for (const path of [
      'status.profile.engine_args',
      'status.resolvedNodeAffinity',
      'spec.env.[].valueFrom',
    ]) {
      expect(nodeAt(template, path)['x-kubernetes-preserve-unknown-fields'], path).toBe(true);
    }
  });

  it('bounds the lists and strings the spec bounds', () => {
    const model = schemaOf('AIMModel');
    expect(nodeAt(model, 'spec.customTemplates').maxItems).toBe(16);
    expect(nodeAt(model, 'spec.customTemplates.[].env').maxItems).toBe(64);
    expect(nodeAt(model, 'spec.customTemplates.[].name').maxLength).toBe(63);
    expect(nodeAt(model, 'spec.modelSources').maxItems).toBe(1);
    expect(nodeAt(model, 'spec.custom.hardware.gpu.model').maxLength).toBe(64);
    const service = schemaOf('AIMService');
    expect(nodeAt(service, 'spec.model.custom.modelSources').minItems).toBe(1);
    expect(nodeAt(service, 'spec.model.custom.modelSources').maxItems).toBe(1);
    expect(nodeAt(service, 'status.templateSelection.candidates').maxItems).toBe(20);
    expect(nodeAt(service, 'status.componentHealth').maxItems).toBe(32);
  });

  it('merges AIMService componentHealth by component, which every entry must name', () => {
    const list = nodeAt(schemaOf('AIMService'), 'status.componentHealth');
    expect(list['x-kubernetes-list-type']).toBe('map');
    expect(list['x-kubernetes-list-map-keys']).toEqual(['component']);
    expect(list.items?.required).toEqual(['component', 'message', 'reason', 'state']);
    expect(schemaOf('AIMModel').properties?.status?.properties?.componentHealth).toBeUndefined();
  });
});

describe('CEL rules', () => {
  const rulesAt = (kind: AIMKindName, path: string) =>
    AIM_KINDS[kind].celRules
      .filter((rule) => rule.path === path)
      .map(({ rule, message }) => ({ rule, message }));
  const immutable = (message: string) => ({ rule: 'self == oldSelf', message });

  it.each([
    ['AIMServiceTemplate', '.spec.modelName', 'modelName is immutable'],
    ['AIMServiceTemplate', '.spec.metric', 'metric is immutable'],
    ['AIMServiceTemplate', '.spec.precision', 'precision is immutable'],
    ['AIMServiceTemplate', '.spec.hardware', 'hardware is immutable'],
    ['AIMClusterServiceTemplate', '.spec.modelName', 'modelName is immutable'],
    ['AIMClusterServiceTemplate', '.spec.metric', 'metric is immutable'],
    ['AIMClusterServiceTemplate', '.spec.precision', 'precision is immutable'],
    ['AIMClusterServiceTemplate', '.spec.hardware', 'hardware is immutable'],
    ['AIMService', '.spec.model', 'model selection is immutable after creation'],
    ['AIMService', '.spec.template', 'template is immutable after creation'],
    ['AIMService', '.spec.overrides.gpuSelector', 'gpuSelector is immutable'],
    ['AIMService', '.spec.overrides.metric', 'metric is immutable'],
    ['AIMService', '.spec.overrides.precision', 'precision is immutable'],
    ['AIMService', '.spec.overrides.hardware', 'hardware is immutable'],
    ['AIMArtifact', '.spec.sourceUri', 'sourceUri is immutable'],
  ] as const)('%s %s is immutable', (kind, path, message) => {
    expect(rulesAt(kind, path)).toContainEqual(immutable(message));
  });

  it('keeps optional immutable fields from being added or removed later', () => {
    const presence = rulesAt('AIMService', '.spec').map((rule) => rule.rule);
    expect(presence).toEqual([
      'has(self.template) == has(oldSelf.template)',
      'has(self.overrides) == has(oldSelf.overrides)',
    ]);
    expect(rulesAt('AIMService', '.spec.overrides').map((rule) => rule.rule)).toContain(
      'has(self.gpuSelector) == has(oldSelf.gpuSelector)',
    );
    expect(rulesAt('AIMServiceTemplate', '.spec').map((rule) => rule.rule)).toContain(
      'has(self.hardware) == has(oldSelf.hardware)',
    );
  });

  it('rejects both forms of one setting at once', () => {
    expect(rulesAt('AIMService', '.spec.overrides').map((rule) => rule.message)).toContain(
      'gpuSelector and hardware are two forms of one override: set one of them',
    );
    expect(rulesAt('AIMServiceTemplate', '.spec.modelSources[*]')).toEqual([
      {
        rule: 'has(self.sourceUri) != has(self.sourceURI)',
        message: 'exactly one of sourceUri or sourceURI must be set',
      },
    ]);
    expect(rulesAt('AIMModel', '.spec.discovery')[0]?.message).toMatch(
      /^createTemplates and createServiceTemplates/,
    );
  });

  it('requires exactly one of model name, image or custom', () => {
    expect(rulesAt('AIMService', '.spec.model')[0]?.message).toBe(
      'exactly one of name, image or custom must be set',
    );
  });

  it('requires gpu or cpu, and keeps gpu model and minVram apart', () => {
    expect(rulesAt('AIMServiceTemplate', '.spec.hardware')).toContainEqual({
      rule: 'has(self.gpu) || has(self.cpu)',
      message: 'at least one of gpu or cpu must be specified',
    });
    expect(rulesAt('AIMServiceTemplate', '.spec.hardware.gpu')[0]?.message).toBe(
      'model and minVram are mutually exclusive',
    );
  });

  it('applies no cross-field hardware rule to the resolved hardware in status', () => {
    const rules = AIM_KINDS.AIMServiceTemplate.celRules.filter((rule) =>
      rule.path.includes('resolvedHardware'),
    );
    expect(rules).toEqual([]);
  });

  it('carries the AIMModel modelSources/hardware rule on both model kinds', () => {
    for (const kind of ['AIMModel', 'AIMClusterModel'] as const) {
      expect(rulesAt(kind, '.spec')[0]?.message).toMatch(
        /^when using modelSources, hardware must be specified/,
      );
    }
  });
});
