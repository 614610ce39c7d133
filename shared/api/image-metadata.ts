import { z } from 'zod';
import { type Infer, lazySchema } from './lazy-schema.ts';

/** One deployment an image recommends (OCI label `aim.eai.amd.com/model.recommended-deployments`). */
export const RecommendedDeploymentSchema = lazySchema(() =>
  z.object({
    gpuModel: z.string().optional().describe('GPU model, e.g. MI300X.'),
    gpuCount: z.int32().optional().describe('Number of GPUs.'),
    precision: z.string().optional().describe('Precision, e.g. fp8.'),
    metric: z.string().optional().describe('Optimisation goal: latency or throughput.'),
    profileId: z.string().optional().describe('Profile the image should run (AIM_PROFILE_ID).'),
    description: z.string().optional(),
  }),
);
export type RecommendedDeployment = Infer<typeof RecommendedDeploymentSchema>;

const stringList = () => z.array(z.string()).optional();

export const ImageModelMetadataSchema = lazySchema(() =>
  z.object({
    canonicalName: z.string().optional().describe('Canonical model name, e.g. meta-llama/Llama-3.1-8B.'),
    source: z.string().optional(),
    tags: stringList(),
    versions: stringList(),
    variants: stringList(),
    hfTokenRequired: z.boolean().optional().describe('Downloading the weights needs a Hugging Face token.'),
    title: z.string().optional(),
    descriptionFull: z.string().optional(),
    releaseNotes: z.string().optional(),
    recommendedDeployments: z.array(RecommendedDeploymentSchema()).optional(),
  }),
);

/** The standard `org.opencontainers.image.*` labels. */
export const ImageOciMetadataSchema = lazySchema(() =>
  z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    licenses: z.string().optional(),
    vendor: z.string().optional(),
    authors: z.string().optional(),
    source: z.string().optional(),
    documentation: z.string().optional(),
    created: z.string().optional(),
    revision: z.string().optional(),
    version: z.string().optional(),
  }),
);

/** What an AIM image says about itself through its OCI labels (spec aim-engine.md §7.2). */
export const ImageMetadataSchema = lazySchema(() =>
  z
    .object({
      model: ImageModelMetadataSchema().optional().describe('AIM model labels.'),
      oci: ImageOciMetadataSchema().optional().describe('Standard OCI image labels.'),
      originalLabels: z
        .record(z.string(), z.string())
        .optional()
        .describe('Every label of the image, verbatim.'),
    })
    .describe('Metadata extracted from the image labels.'),
);
export type ImageMetadata = Infer<typeof ImageMetadataSchema>;
