import { z } from 'zod';
import { AIM_STATUSES } from '../../constants/status.ts';
import { listMap } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { CONDITION_MESSAGE_MAX_LENGTH } from './condition.ts';

/** Error categories of spec §5.2 (the state engine's `ERROR_CATEGORIES` holds the same values). */
export const ERROR_CATEGORY_VALUES = [
  'Infrastructure',
  'Auth',
  'InvalidSpec',
  'MissingUpstreamDependency',
  'MissingDownstreamDependency',
  'ResourceExhaustion',
  'Unknown',
] as const;
export type ComponentErrorCategory = (typeof ERROR_CATEGORY_VALUES)[number];

export const DEPENDENCY_TYPE_VALUES = ['Upstream', 'Downstream'] as const;
export type ComponentDependencyType = (typeof DEPENDENCY_TYPE_VALUES)[number];

/** Far more than any kind has components; bounds the list for the API server's CEL cost estimate. */
export const MAX_COMPONENT_HEALTH_ENTRIES = 32;

/**
 * One component of an object as its writer last saw it. On a kind with several status writers
 * each writer applies the entries of its own components (the list merges by `component`), which is
 * how the writer of the summary learns the other components' states and error categories.
 */
export const ComponentHealthStatusSchema = lazySchema(() =>
  z
    .object({
      component: z
        .string()
        .min(1)
        .max(311)
        .regex(/^[A-Za-z0-9][-A-Za-z0-9_.]*$/)
        .describe('Component name; its condition is `<component>Ready`.'),
      state: z.enum(AIM_STATUSES).describe("The component's own state."),
      dependencyType: z
        .enum(DEPENDENCY_TYPE_VALUES)
        .optional()
        .describe(
          'Upstream: something the object needs (not ready ⇒ Pending). Downstream: something it creates (not ready ⇒ Progressing).',
        ),
      reason: z.string().max(1024).describe('Programmatic reason, as on the component condition.'),
      message: z
        .string()
        .max(CONDITION_MESSAGE_MAX_LENGTH)
        .describe('Human-readable details, as on the component condition.'),
      errorCategories: z
        .array(z.enum(ERROR_CATEGORY_VALUES))
        .max(ERROR_CATEGORY_VALUES.length)
        .optional()
        .describe('Distinct categories of the errors observed for this component, in first-seen order.'),
      observedGeneration: z
        .int()
        .min(0)
        .optional()
        .describe('The .metadata.generation this entry was computed from.'),
      lastTransitionTime: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('Last time the component changed state.'),
    })
    .describe('Health of one component.'),
);
export type ComponentHealthStatus = Infer<typeof ComponentHealthStatusSchema>;

/** Merges by `component`, so several writers can each own the entries of their components. */
export const ComponentHealthListSchema = lazySchema(() =>
  listMap(z.array(ComponentHealthStatusSchema()).max(MAX_COMPONENT_HEALTH_ENTRIES), ['component']).describe(
    'Health of each component, one entry per component; shows which component blocks readiness.',
  ),
);
