import { freeFormObject } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';

/**
 * corev1.NodeAffinity, kept verbatim: the functions copy it into the InferenceService and never
 * inspect it field by field, so the API server's own Pod validation is the one that matters.
 */
export const NodeAffinitySchema = lazySchema(() =>
  freeFormObject().describe('Node affinity (corev1.NodeAffinity) used verbatim for the inference pods.'),
);
export type NodeAffinity = Infer<typeof NodeAffinitySchema>;
