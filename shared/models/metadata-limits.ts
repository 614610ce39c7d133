/**
 * Bounds on what an image may put into a model's status. Labels are copied verbatim into
 * `status.imageMetadata.originalLabels`, and every recommended deployment becomes a template, so a
 * hostile image could otherwise bloat the object past etcd's size limit or flood the namespace.
 * Real AIM images stay far below these.
 */

export const METADATA_LIMITS = {
  maxLabels: 512,
  maxLabelKeyBytes: 256,
  maxLabelValueBytes: 32 * 1024,
  maxTotalLabelBytes: 256 * 1024,
  maxRecommendedDeployments: 64,
} as const;

export type MetadataLimits = { readonly [K in keyof typeof METADATA_LIMITS]: number };
