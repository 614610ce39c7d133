import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { envListSchema } from './env.ts';
import { QuantitySchema } from './quantity.ts';

export const MODEL_ID_PATTERN = /^[a-zA-Z0-9_-]+\/[a-zA-Z0-9._-]+$/;
export const SOURCE_URI_PATTERN = /^(hf|s3):\/\/[^ \t\r\n]+$/;

export const ModelIdSchema = lazySchema(() =>
  z
    .string()
    .max(256)
    .regex(MODEL_ID_PATTERN, 'must look like org/name')
    .describe('Model identifier in org/name form, e.g. meta-llama/Llama-3.1-8B.'),
);

export const SourceUriSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(2048)
    .regex(SOURCE_URI_PATTERN, 'must be an hf:// or s3:// URI')
    .describe('Where the model weights come from: hf://org/name or s3://bucket/path.'),
);

/** One downloadable model artifact (weights, tokenizer, ...). */
export const AIMModelSourceSchema = lazySchema(() =>
  z
    .object({
      modelId: ModelIdSchema(),
      sourceUri: SourceUriSchema(),
      size: QuantitySchema().optional().describe('Expected size of the source, e.g. 16Gi.'),
      env: envListSchema().optional().describe('Environment for downloading this source.'),
    })
    .describe('A model source to download.'),
);
export type AIMModelSource = Infer<typeof AIMModelSourceSchema>;
