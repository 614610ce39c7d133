import { z } from 'zod';
import { withK8s } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/** Requested caching modes; Always/Auto mean Shared and Never means Dedicated (spec §10.6). */
export const CACHING_MODES = ['Dedicated', 'Shared', 'Auto', 'Always', 'Never'] as const;

const CachingModeSchema = lazySchema(() => z.enum(CACHING_MODES));

const CACHING_FORMS = `a mode (${CACHING_MODES.join(', ')}) or {mode: <mode>}`;

/** The spec's form: `caching: {mode: Always}`. */
const CachingObjectSchema = lazySchema(() =>
  z.strictObject(
    {
      mode: CachingModeSchema()
        .default('Shared')
        .describe('Shared reuses a namespace-wide template cache; Dedicated gives the service its own.'),
    },
    { error: unknownFieldsError(['mode', `or the shorthand caching: <mode>`]) },
  ),
);

/**
 * AIMService `spec.caching` as users write it: the Services page's shorthand `caching: Always`
 * (also `Auto`, `Never`) or the spec's `caching: {mode: Always}`. Parsed, both become
 * `{mode}`, so reconcilers see one form; the stored object keeps what the user wrote.
 *
 * A string-or-object field has no typed structural schema, so the CRD keeps it as free-form
 * (`x-kubernetes-preserve-unknown-fields`) and this schema is the check: a wrong value fails the
 * parse in the functions, which report `ConfigValid=False InvalidSpec` naming the field. CEL cannot
 * see untyped data, so the API server cannot enforce immutability here either.
 */
export const ServiceCachingSchema = lazySchema(() =>
  withK8s(z.union([CachingModeSchema(), CachingObjectSchema()], { error: `must be ${CACHING_FORMS}` }), {
    preserveUnknownFields: true,
  })
    .transform((value) => (typeof value === 'string' ? { mode: value } : value))
    .describe(`How model weights are cached: ${CACHING_FORMS}.`),
);
export type ServiceCaching = Infer<typeof ServiceCachingSchema>;
