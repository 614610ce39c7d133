/**
 * The shape of a kind's definition (kinds.ts holds the ten) and how one is made: names for the
 * Kubernetes client, schemas built only when first read (lazy-schema.ts), CEL rules derived once.
 */
import type { z } from 'zod';
import { type CelRuleAt, listCelRules } from './crd/cel-rules.ts';
import { toOpenApiSchema } from './crd/openapi.ts';
import type { PrinterColumn } from './crd/types.ts';
import { AIM_API_VERSION, AIM_GROUP, AIM_VERSION } from './group.ts';

export type KindScope = 'Namespaced' | 'Cluster';

/**
 * Everything the CRD generator, the Kubernetes client and the functions need to know about a kind.
 * The schemas are built when first read (lazy-schema.ts): the client needs only names.
 */
export interface AIMKindDefinition<Schema extends z.ZodType = z.ZodType> {
  group: typeof AIM_GROUP;
  version: typeof AIM_VERSION;
  apiVersion: typeof AIM_API_VERSION;
  kind: string;
  /** One sentence for `kubectl explain`. */
  description: string;
  listKind: string;
  plural: string;
  singular: string;
  scope: KindScope;
  shortNames: readonly string[];
  categories: readonly string[];
  printerColumns: readonly PrinterColumn[];
  /** The whole object (apiVersion, kind, metadata, spec, status). */
  readonly schema: Schema;
  readonly specSchema: z.ZodType;
  readonly statusSchema: z.ZodType;
  /** The CEL rules on `.spec`, as the CRD declares them. */
  readonly celRules: readonly CelRuleAt[];
}

interface KindInput<Schema extends z.ZodType> {
  kind: string;
  description: string;
  plural: string;
  scope: KindScope;
  shortNames: readonly string[];
  printerColumns: readonly PrinterColumn[];
  /** Builders of the schemas (lazy-schema.ts): called when the definition's schemas are first read. */
  schema: () => Schema;
  specSchema: () => z.ZodType;
  statusSchema: () => z.ZodType;
}

export const AIM_CATEGORIES = ['aim', 'all'] as const;

export function defineKind<Schema extends z.ZodType>(input: KindInput<Schema>): AIMKindDefinition<Schema> {
  const { schema, specSchema, statusSchema, ...names } = input;
  let celRules: CelRuleAt[] | undefined;
  return {
    group: AIM_GROUP,
    version: AIM_VERSION,
    apiVersion: AIM_API_VERSION,
    listKind: `${input.kind}List`,
    singular: input.kind.toLowerCase(),
    categories: AIM_CATEGORIES,
    ...names,
    get schema() {
      return schema();
    },
    get specSchema() {
      return specSchema();
    },
    get statusSchema() {
      return statusSchema();
    },
    get celRules() {
      celRules ??= listCelRules(toOpenApiSchema(specSchema()), '.spec');
      return celRules;
    },
  };
}
