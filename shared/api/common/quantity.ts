import { z } from 'zod';
import { withK8s } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';

/** The Kubernetes resource.Quantity serialisation (apimachinery's CRD pattern). */
export const QUANTITY_PATTERN =
  /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

/** A Kubernetes quantity such as `16Gi`, `500m` or `2`: a string or an integer. */
export const QuantitySchema = lazySchema(() =>
  withK8s(
    z.union([
      z.int(),
      z.string().regex(QUANTITY_PATTERN, 'must be a Kubernetes quantity, e.g. 16Gi or 500m'),
    ]),
    { intOrString: true },
  ),
);
export type Quantity = Infer<typeof QuantitySchema>;
