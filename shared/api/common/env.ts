import { z } from 'zod';
import { freeFormObject, listMap } from '../crd/extensions.ts';

/** corev1.EnvVar. `valueFrom` is passed through to pods untouched, so it stays loosely typed. */
export const EnvVarSchema = z.object({
  name: z.string().min(1).max(256).describe('Environment variable name.'),
  value: z.string().optional().describe('Literal value.'),
  valueFrom: freeFormObject()
    .optional()
    .describe('Source for the value (corev1.EnvVarSource: secretKeyRef, configMapKeyRef, fieldRef, ...).'),
});
export type EnvVar = z.infer<typeof EnvVarSchema>;

/** An env list merged by `name` under server-side apply; `maxItems` bounds it when given. */
export function envListSchema(maxItems?: number) {
  const list = z.array(EnvVarSchema);
  return listMap(maxItems === undefined ? list : list.max(maxItems), ['name']);
}

export const EnvVarListSchema = envListSchema();
