import { z } from 'zod';
import { RESOURCE_STATUS_VALUES, SERVICE_STATUS_VALUES } from '../../constants/status.ts';
import { lazySchema } from '../lazy-schema.ts';
import { ConditionListSchema } from './condition.ts';

export const ResourceStatusSchema = lazySchema(() =>
  z.enum(RESOURCE_STATUS_VALUES).default('Pending').describe('Overall status derived from the conditions.'),
);

export const ServiceStatusSchema = lazySchema(() =>
  z.enum(SERVICE_STATUS_VALUES).default('Pending').describe('Overall status derived from the conditions.'),
);

/** Every kind's status carries these two, so the state engine can treat them uniformly. */
export const statusBaseShape = lazySchema(() => ({
  observedGeneration: z
    .int()
    .min(0)
    .optional()
    .describe('The .metadata.generation this status was computed from.'),
  conditions: ConditionListSchema().optional(),
}));
