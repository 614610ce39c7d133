import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { DNS_SUBDOMAIN_OR_EMPTY_PATTERN } from './meta.ts';

/** Go's time.Duration string form (`30s`, `3m0s`, `1h30m`), as metav1.Duration serialises. */
export const DURATION_PATTERN = /^(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|ms|s|m|h))+)$/;

export const DurationSchema = lazySchema(() =>
  z.string().regex(DURATION_PATTERN, 'must be a duration such as 30s or 3m0s'),
);

/** Gateway API `ParentReference` (gateway.networking.k8s.io/v1), with its own defaults and bounds. */
export const ParentReferenceSchema = lazySchema(() =>
  z
    .object({
      group: z
        .string()
        .max(253)
        .regex(DNS_SUBDOMAIN_OR_EMPTY_PATTERN)
        .default('gateway.networking.k8s.io')
        .describe('API group of the parent.'),
      kind: z
        .string()
        .min(1)
        .max(63)
        .regex(/^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$/)
        .default('Gateway')
        .describe('Kind of the parent.'),
      namespace: z
        .string()
        .min(1)
        .max(63)
        .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
        .optional()
        .describe('Namespace of the parent; defaults to the route namespace.'),
      name: z.string().min(1).max(253).describe('Name of the parent.'),
      sectionName: z
        .string()
        .min(1)
        .max(253)
        .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/)
        .optional()
        .describe('Listener name within the parent.'),
      port: z.int32().min(1).max(65535).optional().describe('Network port the route targets.'),
    })
    .describe('The Gateway the HTTPRoute attaches to.'),
);
export type ParentReference = Infer<typeof ParentReferenceSchema>;

/** AIMRuntimeRoutingConfig: how an AIMService is exposed through the Gateway API. */
export const RoutingConfigSchema = lazySchema(() =>
  z
    .object({
      enabled: z.boolean().optional().describe('Create an HTTPRoute for the service.'),
      gatewayRef: ParentReferenceSchema().optional(),
      pathTemplate: z
        .string()
        .optional()
        .describe(
          'Route path template; {.jsonpath} placeholders are filled from the AIMService, e.g. /team-a/{.metadata.name}. Default /<namespace>/<uid>.',
        ),
      requestTimeout: DurationSchema().optional().describe('HTTPRoute request timeout, e.g. 3m0s.'),
      annotations: z
        .record(z.string(), z.string())
        .optional()
        .describe('Annotations added to the HTTPRoute.'),
    })
    .describe('Gateway API routing configuration.'),
);
export type RoutingConfig = Infer<typeof RoutingConfigSchema>;
