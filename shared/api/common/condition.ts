import { z } from 'zod';
import { listMap } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';

/** metav1.Condition's bound on a message; the API server refuses a status write with a longer one. */
export const CONDITION_MESSAGE_MAX_LENGTH = 32768;

export const CONDITION_STATUS_VALUES = ['True', 'False', 'Unknown'] as const;

/** metav1.Condition, with the same bounds and patterns the API server's own types declare. */
export const ConditionSchema = lazySchema(() =>
  z.object({
    type: z
      .string()
      .max(316)
      .regex(
        /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/,
      )
      .describe('Type of condition in CamelCase, e.g. Ready or ModelReady.'),
    status: z.enum(CONDITION_STATUS_VALUES).describe('Status of the condition: True, False or Unknown.'),
    reason: z
      .string()
      .min(1)
      .max(1024)
      .regex(/^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/)
      .describe("Programmatic identifier of the condition's last transition, in CamelCase."),
    message: z
      .string()
      .max(CONDITION_MESSAGE_MAX_LENGTH)
      .describe('Human-readable details about the transition.'),
    lastTransitionTime: z.iso
      .datetime({ offset: true })
      .describe('Last time the condition changed from one status to another.'),
    observedGeneration: z
      .int()
      .min(0)
      .optional()
      .describe('The .metadata.generation the condition was set from.'),
  }),
);
export type Condition = Infer<typeof ConditionSchema>;

/** Conditions merge by `type`, so several writers can each own their own entries. */
export const ConditionListSchema = lazySchema(() =>
  listMap(z.array(ConditionSchema()), ['type']).describe(
    'Latest observations of the object state, one entry per condition type.',
  ),
);
