import { z } from 'zod';
import { ObjectMetaSchema } from './common/meta.ts';
import { AIM_API_VERSION } from './group.ts';

/** The envelope every AIM object shares: apiVersion, kind, metadata, spec and an optional status. */
export function aimObjectSchema<Kind extends string, Spec extends z.ZodType, Status extends z.ZodType>(
  kind: Kind,
  spec: Spec,
  status: Status,
) {
  return z.object({
    apiVersion: z.literal(AIM_API_VERSION),
    kind: z.literal(kind),
    metadata: ObjectMetaSchema(),
    spec,
    status: status.optional(),
  });
}
