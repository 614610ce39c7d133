import type { z } from 'zod';
import { freeFormObject } from '../crd/extensions.ts';

/**
 * corev1.NodeAffinity, kept verbatim: the functions copy it into the InferenceService and never
 * inspect it field by field, so the API server's own Pod validation is the one that matters.
 */
export const NodeAffinitySchema = freeFormObject().describe(
  'Node affinity (corev1.NodeAffinity) used verbatim for the inference pods.',
);
export type NodeAffinity = z.infer<typeof NodeAffinitySchema>;
