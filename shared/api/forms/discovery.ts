import { z } from 'zod';
import { withRule } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/**
 * AIMModel `spec.discovery`. The Models page writes `createTemplates`, the spec
 * `createServiceTemplates`; both are accepted and parse to `createServiceTemplates`. The default of
 * `createServiceTemplates` is applied here rather than by the API server, so a stored object never
 * carries a defaulted `createServiceTemplates: true` next to the user's `createTemplates: false`.
 */
export const ModelDiscoverySchema = lazySchema(() =>
  withRule(
    z
      .strictObject(
        {
          extractMetadata: z
            .boolean()
            .default(true)
            .describe('Read the image labels from the registry; false skips metadata extraction.'),
          createServiceTemplates: z
            .boolean()
            .optional()
            .describe(
              'Create service templates from the recommended deployments of the image (default true).',
            ),
          createTemplates: z
            .boolean()
            .optional()
            .describe("The product documents' name for createServiceTemplates."),
        },
        { error: unknownFieldsError(['extractMetadata', 'createServiceTemplates', 'createTemplates']) },
      )
      .describe('What the model controller derives from the image.'),
    {
      rule: '!has(self.createTemplates) || !has(self.createServiceTemplates) || self.createTemplates == self.createServiceTemplates',
      message:
        'createTemplates and createServiceTemplates are one setting: set one, or both to the same value',
    },
    (discovery) =>
      discovery.createTemplates === undefined ||
      discovery.createServiceTemplates === undefined ||
      discovery.createTemplates === discovery.createServiceTemplates,
    ['createTemplates'],
  ).transform((discovery) => ({
    extractMetadata: discovery.extractMetadata,
    createServiceTemplates: discovery.createServiceTemplates ?? discovery.createTemplates ?? true,
  })),
);
export type ModelDiscovery = Infer<typeof ModelDiscoverySchema>;
