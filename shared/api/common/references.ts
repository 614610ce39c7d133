import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';

export const RESOLVED_REFERENCE_SCOPES = ['Namespace', 'Cluster', 'Merged', 'Unknown'] as const;
export const TEMPLATE_SCOPES = ['Namespace', 'Cluster', 'Unknown'] as const;

export const TemplateScopeSchema = lazySchema(() => z.enum(TEMPLATE_SCOPES));
export type TemplateScope = Infer<typeof TemplateScopeSchema>;

/** What a name resolved to, recorded in status (model, template, runtime config, cache). */
export const AIMResolvedReferenceSchema = lazySchema(() =>
  z
    .object({
      name: z.string().describe('Name of the resolved object.'),
      namespace: z.string().optional().describe('Namespace of the resolved object (namespaced kinds only).'),
      scope: z.enum(RESOLVED_REFERENCE_SCOPES).optional().describe('Where the object was found.'),
      kind: z.string().optional().describe('Kind of the resolved object.'),
      uid: z.string().optional().describe('UID of the resolved object.'),
    })
    .describe('A reference to the object a name resolved to.'),
);
export type AIMResolvedReference = Infer<typeof AIMResolvedReferenceSchema>;

/** A namespaced object reference written to status (a Job, a template cache). */
export const ObjectReferenceSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    namespace: z.string().optional(),
    uid: z.string().optional(),
  }),
);
export type ObjectReference = Infer<typeof ObjectReferenceSchema>;

export const RuntimeConfigNameSchema = lazySchema(() =>
  z
    .string()
    .max(253)
    .describe('Name of the AIMRuntimeConfig / AIMClusterRuntimeConfig to use; empty means "default".'),
);
