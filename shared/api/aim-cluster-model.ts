import { AIMModelSpecSchema, AIMModelStatusSchema } from './aim-model.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Cluster-wide twin of AIMModel: same spec and status. */
export const AIMClusterModelSpecSchema = AIMModelSpecSchema;
export type AIMClusterModelSpec = Infer<typeof AIMClusterModelSpecSchema>;
export const AIMClusterModelStatusSchema = AIMModelStatusSchema;
export type AIMClusterModelStatus = Infer<typeof AIMClusterModelStatusSchema>;

export const AIMClusterModelSchema = lazySchema(() =>
  aimObjectSchema('AIMClusterModel', AIMClusterModelSpecSchema(), AIMClusterModelStatusSchema()),
);
export type AIMClusterModel = Infer<typeof AIMClusterModelSchema>;
