import { z } from 'zod';
import { envListSchema } from '../common/env.ts';
import {
  type AIMModelSource,
  MODEL_ID_PATTERN,
  ModelIdSchema,
  SourceUriSchema,
} from '../common/model-source.ts';
import { QuantitySchema } from '../common/quantity.ts';
import { withRule } from '../crd/extensions.ts';
import { lazySchema } from '../lazy-schema.ts';
import { unknownFieldsError } from './unknown-fields.ts';

const ACCEPTED_FIELDS = ['modelId', 'name', 'sourceUri', 'sourceURI', 'size', 'env'];

/** Characters a model id segment may hold; everything else becomes `-`. */
const toSegment = (text: string, allowDots: boolean) =>
  text.replace(allowDots ? /[^a-zA-Z0-9._-]/g : /[^a-zA-Z0-9_-]/g, '-');

/**
 * The `org/name` model id of a source the user gave no id for. `hf://org/name/...` → `org/name`;
 * `s3://bucket/.../last` → `bucket/last`. A display `name` that is not itself an id (the Templates
 * page's `name: tokenizer`) becomes the second segment, so two files of one repository keep
 * distinct ids. Undefined when the URI has no two segments to build an id from.
 */
export function deriveModelId(sourceUri: string, name?: string): string | undefined {
  const path = sourceUri
    .replace(/^[a-z0-9]+:\/\//, '')
    .split('/')
    .filter(Boolean);
  const org = path[0];
  const second = name ?? (sourceUri.startsWith('hf://') ? path[1] : path.at(-1));
  if (org === undefined || second === undefined || path.length < 2) return undefined;
  const id = `${toSegment(org, false)}/${toSegment(second, true)}`;
  return MODEL_ID_PATTERN.test(id) ? id : undefined;
}

/**
 * A model source as users write it. Next to the spec's `{modelId, sourceUri, size, env}` it accepts
 * the Templates page's `{name, sourceURI, size}` and the Models page's bare `{sourceUri}`; parsed,
 * every form becomes the spec's, with a model id derived from the URI when none was given.
 */
export const AIMModelSourceInputSchema = lazySchema(() =>
  withRule(
    z
      .strictObject(
        {
          modelId: ModelIdSchema().optional(),
          name: z
            .string()
            .min(1)
            .max(256)
            .optional()
            .describe("Name of the source: its model id when in org/name form (documents' form of modelId)."),
          sourceUri: SourceUriSchema().optional(),
          sourceURI: SourceUriSchema().optional().describe("The documents' spelling of sourceUri."),
          size: QuantitySchema().optional().describe('Expected size of the source, e.g. 16Gi.'),
          env: envListSchema().optional().describe('Environment for downloading this source.'),
        },
        { error: unknownFieldsError(ACCEPTED_FIELDS) },
      )
      .describe('A model source to download.'),
    {
      rule: 'has(self.sourceUri) != has(self.sourceURI)',
      message: 'exactly one of sourceUri or sourceURI must be set',
    },
    (source) => (source.sourceUri === undefined) !== (source.sourceURI === undefined),
    ['sourceUri'],
  ).transform((source, ctx): AIMModelSource => {
    const sourceUri = (source.sourceUri ?? source.sourceURI) as string;
    const named = source.name !== undefined && MODEL_ID_PATTERN.test(source.name) ? source.name : undefined;
    const modelId = source.modelId ?? named ?? deriveModelId(sourceUri, source.name);
    if (modelId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['modelId'],
        message: `modelId is required: ${sourceUri} has no org/name to derive one from`,
      });
      return z.NEVER;
    }
    return {
      modelId,
      sourceUri,
      ...(source.size !== undefined ? { size: source.size } : {}),
      ...(source.env !== undefined ? { env: source.env } : {}),
    };
  }),
);
