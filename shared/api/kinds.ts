import { AIMArtifactSchema, AIMArtifactSpecSchema, AIMArtifactStatusSchema } from './aim-artifact.ts';
import {
  AIMClusterModelSchema,
  AIMClusterModelSpecSchema,
  AIMClusterModelStatusSchema,
} from './aim-cluster-model.ts';
import {
  AIMClusterModelSourceSchema,
  AIMClusterModelSourceSpecSchema,
  AIMClusterModelSourceStatusSchema,
} from './aim-cluster-model-source.ts';
import {
  AIMClusterRuntimeConfigSchema,
  AIMClusterRuntimeConfigSpecSchema,
  AIMClusterRuntimeConfigStatusSchema,
} from './aim-cluster-runtime-config.ts';
import {
  AIMClusterServiceTemplateSchema,
  AIMClusterServiceTemplateSpecSchema,
  AIMClusterServiceTemplateStatusSchema,
} from './aim-cluster-service-template.ts';
import { AIMModelSchema, AIMModelSpecSchema, AIMModelStatusSchema } from './aim-model.ts';
import {
  AIMRuntimeConfigSchema,
  AIMRuntimeConfigSpecSchema,
  AIMRuntimeConfigStatusSchema,
} from './aim-runtime-config.ts';
import { AIMServiceSchema, AIMServiceSpecSchema, AIMServiceStatusSchema } from './aim-service.ts';
import {
  AIMServiceTemplateSchema,
  AIMServiceTemplateSpecSchema,
  AIMServiceTemplateStatusSchema,
} from './aim-service-template.ts';
import {
  AIMTemplateCacheSchema,
  AIMTemplateCacheSpecSchema,
  AIMTemplateCacheStatusSchema,
} from './aim-template-cache.ts';
import type { PrinterColumn } from './crd/types.ts';
import { type AIMKindDefinition, defineKind } from './kind-definition.ts';

export { AIM_CATEGORIES, type AIMKindDefinition, type KindScope } from './kind-definition.ts';

const statusColumn: PrinterColumn = { name: 'Status', type: 'string', jsonPath: '.status.status' };
const ageColumn: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

const modelColumns: PrinterColumn[] = [
  statusColumn,
  { name: 'Source', type: 'string', jsonPath: '.status.sourceType', description: 'Image or Custom' },
  { name: 'Image', type: 'string', jsonPath: '.spec.image' },
  { name: 'Model', type: 'string', jsonPath: '.status.imageMetadata.model.canonicalName' },
  ageColumn,
];

const templateColumns: PrinterColumn[] = [
  { name: 'Model', type: 'string', jsonPath: '.spec.modelName' },
  statusColumn,
  { name: 'Hardware', type: 'string', jsonPath: '.status.hardwareSummary' },
  { name: 'Metric', type: 'string', jsonPath: '.status.profile.metadata.metric' },
  { name: 'Precision', type: 'string', jsonPath: '.status.profile.metadata.precision' },
  ageColumn,
];

const runtimeConfigColumns: PrinterColumn[] = [
  statusColumn,
  { name: 'Routing', type: 'boolean', jsonPath: '.spec.routing.enabled' },
  { name: 'Storage Class', type: 'string', jsonPath: '.spec.storage.defaultStorageClassName' },
  ageColumn,
];

export const AIM_KINDS = {
  AIMService: defineKind({
    kind: 'AIMService',
    description: 'An inference endpoint: serves an AIM model through a KServe InferenceService.',
    plural: 'aimservices',
    scope: 'Namespaced',
    shortNames: ['aimsvc'],
    printerColumns: [
      statusColumn,
      { name: 'Model', type: 'string', jsonPath: '.status.resolvedModel.name' },
      { name: 'Template', type: 'string', jsonPath: '.status.resolvedTemplate.name' },
      { name: 'Replicas', type: 'string', jsonPath: '.status.runtime.replicas' },
      { name: 'URL', type: 'string', jsonPath: '.status.url', priority: 1 },
      ageColumn,
    ],
    schema: AIMServiceSchema,
    specSchema: AIMServiceSpecSchema,
    statusSchema: AIMServiceStatusSchema,
  }),
  AIMModel: defineKind({
    kind: 'AIMModel',
    description:
      'A model catalog entry: one AIM container image, its metadata and the templates derived from it.',
    plural: 'aimmodels',
    scope: 'Namespaced',
    shortNames: ['aimmdl'],
    printerColumns: modelColumns,
    schema: AIMModelSchema,
    specSchema: AIMModelSpecSchema,
    statusSchema: AIMModelStatusSchema,
  }),
  AIMClusterModel: defineKind({
    kind: 'AIMClusterModel',
    description:
      'A cluster-wide model catalog entry: one AIM container image, its metadata and its templates.',
    plural: 'aimclustermodels',
    scope: 'Cluster',
    shortNames: ['aimclmdl'],
    printerColumns: modelColumns,
    schema: AIMClusterModelSchema,
    specSchema: AIMClusterModelSpecSchema,
    statusSchema: AIMClusterModelStatusSchema,
  }),
  AIMServiceTemplate: defineKind({
    kind: 'AIMServiceTemplate',
    description:
      'A runtime profile of a model (metric, precision, hardware), discovered by a dry run of the image.',
    plural: 'aimservicetemplates',
    scope: 'Namespaced',
    shortNames: ['aimtpl'],
    printerColumns: templateColumns,
    schema: AIMServiceTemplateSchema,
    specSchema: AIMServiceTemplateSpecSchema,
    statusSchema: AIMServiceTemplateStatusSchema,
  }),
  AIMClusterServiceTemplate: defineKind({
    kind: 'AIMClusterServiceTemplate',
    description: 'A cluster-wide runtime profile of a model (metric, precision, hardware).',
    plural: 'aimclusterservicetemplates',
    scope: 'Cluster',
    shortNames: ['aimcltpl'],
    printerColumns: templateColumns,
    schema: AIMClusterServiceTemplateSchema,
    specSchema: AIMClusterServiceTemplateSpecSchema,
    statusSchema: AIMClusterServiceTemplateStatusSchema,
  }),
  AIMTemplateCache: defineKind({
    kind: 'AIMTemplateCache',
    description: 'Pre-downloads every model source of a template into AIMArtifacts.',
    plural: 'aimtemplatecaches',
    scope: 'Namespaced',
    shortNames: ['aimtc'],
    printerColumns: [
      { name: 'Template', type: 'string', jsonPath: '.spec.templateName' },
      { name: 'Scope', type: 'string', jsonPath: '.spec.templateScope' },
      { name: 'Mode', type: 'string', jsonPath: '.spec.mode' },
      statusColumn,
      ageColumn,
    ],
    schema: AIMTemplateCacheSchema,
    specSchema: AIMTemplateCacheSpecSchema,
    statusSchema: AIMTemplateCacheStatusSchema,
  }),
  AIMArtifact: defineKind({
    kind: 'AIMArtifact',
    description: 'One model source downloaded onto one PersistentVolumeClaim (formerly AIMModelCache).',
    plural: 'aimartifacts',
    scope: 'Namespaced',
    // `aimmodelcache` keeps the product documents' `kubectl get aimmodelcache` working after the rename.
    shortNames: ['aimart', 'aimmodelcache'],
    printerColumns: [
      statusColumn,
      { name: 'Mode', type: 'string', jsonPath: '.status.mode' },
      { name: 'Size', type: 'string', jsonPath: '.status.displaySize' },
      { name: 'Progress', type: 'string', jsonPath: '.status.progress.displayPercentage' },
      { name: 'Protocol', type: 'string', jsonPath: '.status.download.protocol', priority: 1 },
      { name: 'Attempt', type: 'integer', jsonPath: '.status.download.attempt', priority: 1 },
      { name: 'Source', type: 'string', jsonPath: '.spec.sourceUri', priority: 1 },
      ageColumn,
    ],
    schema: AIMArtifactSchema,
    specSchema: AIMArtifactSpecSchema,
    statusSchema: AIMArtifactStatusSchema,
  }),
  AIMRuntimeConfig: defineKind({
    kind: 'AIMRuntimeConfig',
    description: 'Namespace defaults for AIM resources: storage, routing, environment and label propagation.',
    plural: 'aimruntimeconfigs',
    scope: 'Namespaced',
    shortNames: ['aimrc'],
    printerColumns: runtimeConfigColumns,
    schema: AIMRuntimeConfigSchema,
    specSchema: AIMRuntimeConfigSpecSchema,
    statusSchema: AIMRuntimeConfigStatusSchema,
  }),
  AIMClusterRuntimeConfig: defineKind({
    kind: 'AIMClusterRuntimeConfig',
    description:
      'Cluster defaults for AIM resources; a namespaced AIMRuntimeConfig of the same name overrides them.',
    plural: 'aimclusterruntimeconfigs',
    scope: 'Cluster',
    shortNames: ['aimclrc'],
    printerColumns: runtimeConfigColumns,
    schema: AIMClusterRuntimeConfigSchema,
    specSchema: AIMClusterRuntimeConfigSpecSchema,
    statusSchema: AIMClusterRuntimeConfigStatusSchema,
  }),
  AIMClusterModelSource: defineKind({
    kind: 'AIMClusterModelSource',
    description:
      'Lists a registry periodically and creates an AIMClusterModel per matching image (append-only).',
    plural: 'aimclustermodelsources',
    scope: 'Cluster',
    shortNames: ['aimclsrc'],
    printerColumns: [
      statusColumn,
      { name: 'Registry', type: 'string', jsonPath: '.spec.registry' },
      { name: 'Models', type: 'integer', jsonPath: '.status.discoveredModels', description: 'created' },
      { name: 'Available', type: 'integer', jsonPath: '.status.availableModels', description: 'matching' },
      { name: 'Limit Reached', type: 'boolean', jsonPath: '.status.modelsLimitReached' },
      { name: 'Last Sync', type: 'date', jsonPath: '.status.lastSyncTime' },
      { name: 'Max', type: 'integer', jsonPath: '.spec.maxModels', priority: 1 },
      { name: 'Interval', type: 'string', jsonPath: '.spec.syncInterval', priority: 1 },
      ageColumn,
    ],
    schema: AIMClusterModelSourceSchema,
    specSchema: AIMClusterModelSourceSpecSchema,
    statusSchema: AIMClusterModelSourceStatusSchema,
  }),
} as const;

export type AIMKindName = keyof typeof AIM_KINDS;

/** Every kind, in a stable order. */
export const AIM_KIND_LIST: readonly AIMKindDefinition[] = Object.values(AIM_KINDS);

export function isAIMKind(kind: string): kind is AIMKindName {
  return Object.hasOwn(AIM_KINDS, kind);
}

/** The definition of `kind`, or undefined when it is not an AIM kind. */
export function aimKind(kind: string): AIMKindDefinition | undefined {
  return isAIMKind(kind) ? AIM_KINDS[kind] : undefined;
}
