import { stringify } from 'yaml';
import type { z } from 'zod';
import { AIM_KIND_LIST, type AIMKindDefinition } from '../kinds.ts';
import { toOpenApiSchema } from './openapi.ts';
import { structuralViolations } from './structural.ts';
import type { CustomResourceDefinition, JSONSchemaProps } from './types.ts';

/** Where the generated CRDs live, relative to the repository root. */
export const CRD_OUTPUT_DIR = 'manifests/crds';

export interface GeneratedFile {
  /** File name inside CRD_OUTPUT_DIR. */
  name: string;
  content: string;
}

const HEADER =
  '# Generated from the zod schemas in shared/api by scripts/generate-crds.ts. Do not edit: run `npm run gen:crds`.\n';

function isSpecRequired(definition: AIMKindDefinition): boolean {
  const shape = (definition.schema as unknown as z.ZodObject).shape;
  return shape.spec !== undefined && shape.spec._zod.optin === undefined;
}

/** The openAPIV3Schema of a kind: the fixed envelope plus the converted spec and status. */
export function kindOpenApiSchema(definition: AIMKindDefinition): JSONSchemaProps {
  const schema: JSONSchemaProps = {
    type: 'object',
    description: definition.description,
    properties: {
      apiVersion: {
        type: 'string',
        description: 'APIVersion defines the versioned schema of this representation of an object.',
      },
      kind: {
        type: 'string',
        description: 'Kind is a string value representing the REST resource this object represents.',
      },
      metadata: { type: 'object' },
      spec: toOpenApiSchema(definition.specSchema, '.spec'),
      status: toOpenApiSchema(definition.statusSchema, '.status'),
    },
  };
  if (isSpecRequired(definition)) schema.required = ['spec'];
  return schema;
}

export function crdFor(definition: AIMKindDefinition): CustomResourceDefinition {
  const openAPIV3Schema = kindOpenApiSchema(definition);
  const violations = structuralViolations(openAPIV3Schema);
  if (violations.length > 0) {
    throw new Error(`${definition.kind}: the generated schema is not valid:\n  ${violations.join('\n  ')}`);
  }
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${definition.plural}.${definition.group}` },
    spec: {
      group: definition.group,
      names: {
        kind: definition.kind,
        listKind: definition.listKind,
        plural: definition.plural,
        singular: definition.singular,
        shortNames: [...definition.shortNames],
        categories: [...definition.categories],
      },
      scope: definition.scope,
      versions: [
        {
          name: definition.version,
          served: true,
          storage: true,
          schema: { openAPIV3Schema },
          subresources: { status: {} },
          additionalPrinterColumns: definition.printerColumns.map((column) => ({ ...column })),
        },
      ],
    },
  };
}

/** Map keys sorted, arrays kept in order: the same input always yields the same bytes. */
function toYaml(value: unknown): string {
  return stringify(value, { sortMapEntries: true, lineWidth: 0 });
}

export function crdFileName(definition: AIMKindDefinition): string {
  return `${definition.group}_${definition.plural}.yaml`;
}

/**
 * kustomize's third recognized name for a kustomization (beside kustomization.yaml/.yml). Without
 * an extension `kubectl apply -f manifests/crds/` skips it (that reads only .json, .yaml and
 * .yml), so the directory works both with `-f` and with `-k`: a kustomization.yaml there made
 * `apply -f` exit 1 (a Kustomization is no API object).
 */
export const CRD_KUSTOMIZATION_FILE = 'Kustomization';

/** Every CRD file plus the kustomization listing them, sorted by file name. */
export function renderCrdFiles(definitions: readonly AIMKindDefinition[] = AIM_KIND_LIST): GeneratedFile[] {
  const crds = definitions
    .map((definition) => ({ name: crdFileName(definition), content: HEADER + toYaml(crdFor(definition)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: crds.map((file) => file.name),
  };
  return [...crds, { name: CRD_KUSTOMIZATION_FILE, content: HEADER + toYaml(kustomization) }];
}
