import { z } from 'zod';
import { freeFormObject, listMap } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';

/**
 * What Kubernetes accepts as an environment variable name in a pod (RelaxedEnvironmentVariable-
 * Validation, GA in 1.34): printable ASCII except `=`. Checked here so that a name no pod could
 * carry is rejected when the object is written, not when KServe fails to create the pods.
 */
export const ENV_VAR_NAME_PATTERN = /^[\x20-\x3c\x3e-\x7e]+$/;

/** corev1.EnvVar. `valueFrom` is passed through to pods untouched, so it stays loosely typed. */
export const EnvVarSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .min(1)
      .max(256)
      .regex(ENV_VAR_NAME_PATTERN, 'must be printable ASCII without "="')
      .describe('Environment variable name.'),
    value: z.string().optional().describe('Literal value.'),
    valueFrom: freeFormObject()
      .optional()
      .describe('Source for the value (corev1.EnvVarSource: secretKeyRef, configMapKeyRef, fieldRef, ...).'),
  }),
);
export type EnvVar = Infer<typeof EnvVarSchema>;

/** An env list merged by `name` under server-side apply; `maxItems` bounds it when given. */
export function envListSchema(maxItems?: number) {
  const list = z.array(EnvVarSchema());
  return listMap(maxItems === undefined ? list : list.max(maxItems), ['name']);
}

export const EnvVarListSchema = lazySchema(() => envListSchema());
