import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';

/** A DNS subdomain (RFC 1123, as Kubernetes names many things), or "" where "none" is meant. */
export const DNS_SUBDOMAIN_OR_EMPTY_PATTERN =
  /^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const OwnerReferenceSchema = lazySchema(() =>
  z.looseObject({
    apiVersion: z.string(),
    kind: z.string(),
    name: z.string(),
    uid: z.string(),
    controller: z.boolean().optional(),
    blockOwnerDeletion: z.boolean().optional(),
  }),
);

/**
 * Object metadata as the API server returns it. Loose on purpose: the API server owns its shape
 * (the CRD may only declare `type: object` here), so unknown keys pass through untouched.
 */
export const ObjectMetaSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    generateName: z.string().optional(),
    namespace: z.string().optional(),
    uid: z.string().optional(),
    resourceVersion: z.string().optional(),
    generation: z.int().optional(),
    creationTimestamp: z.string().optional(),
    deletionTimestamp: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
    ownerReferences: z.array(OwnerReferenceSchema()).optional(),
    finalizers: z.array(z.string()).optional(),
  }),
);
export type ObjectMeta = Infer<typeof ObjectMetaSchema>;

/** corev1.LocalObjectReference (e.g. an image pull secret). */
export const LocalObjectReferenceSchema = lazySchema(() =>
  z
    .object({
      name: z.string().max(253).default('').describe('Name of the referent in the same namespace.'),
    })
    .describe('A reference to an object in the same namespace.'),
);
export type LocalObjectReference = Infer<typeof LocalObjectReferenceSchema>;

export const ImagePullSecretsSchema = lazySchema(() =>
  z.array(LocalObjectReferenceSchema()).describe('Secrets used to pull container images.'),
);
