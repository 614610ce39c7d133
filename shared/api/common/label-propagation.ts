import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';

export const LabelPropagationSchema = lazySchema(() =>
  z
    .object({
      enabled: z.boolean().default(false).describe('Copy matching parent labels onto child resources.'),
      match: z
        .array(z.string())
        .optional()
        .describe('Label key globs (* and ?) to propagate; aim.eai.amd.com/* labels always propagate.'),
    })
    .describe('Which labels are copied from a parent to the resources created for it.'),
);
export type LabelPropagation = Infer<typeof LabelPropagationSchema>;
