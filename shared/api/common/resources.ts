import { z } from 'zod';
import { listMap } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { QuantitySchema } from './quantity.ts';

const ResourceListSchema = lazySchema(() => z.record(z.string(), QuantitySchema()));

/** corev1.ResourceRequirements. */
export const ResourceRequirementsSchema = lazySchema(() =>
  z
    .object({
      limits: ResourceListSchema().optional().describe('Maximum amount of compute resources allowed.'),
      requests: ResourceListSchema().optional().describe('Minimum amount of compute resources required.'),
      claims: listMap(z.array(z.object({ name: z.string().min(1), request: z.string().optional() })), [
        'name',
      ])
        .optional()
        .describe('Dynamic resource claims (corev1.ResourceClaim).'),
    })
    .describe('Compute resource requirements of the inference container.'),
);
export type ResourceRequirements = Infer<typeof ResourceRequirementsSchema>;
