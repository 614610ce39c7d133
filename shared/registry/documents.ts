/**
 * The parts of registry documents the client reads (image-spec manifest.md, image-index.md,
 * config.md), as zod schemas: loose, because registries add fields, but strict about the fields
 * used, so a hostile or broken answer fails with a message naming the field.
 */
import { z } from 'zod';
import { type Infer, lazySchema } from '../api/lazy-schema.ts';

const DigestSchema = lazySchema(() =>
  z.string().regex(/^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/, 'not a digest'),
);
const StringMapSchema = lazySchema(() => z.record(z.string(), z.string()));

export const IndexSchema = lazySchema(() =>
  z.looseObject({
    mediaType: z.string().optional(),
    manifests: z.array(
      z.looseObject({
        mediaType: z.string().optional(),
        digest: DigestSchema(),
        size: z.number().optional(),
        platform: z
          .looseObject({
            os: z.string().optional(),
            architecture: z.string().optional(),
            variant: z.string().optional(),
          })
          .optional(),
        annotations: StringMapSchema().optional(),
      }),
    ),
    annotations: StringMapSchema().optional(),
  }),
);
export type ImageIndex = Infer<typeof IndexSchema>;

export const ManifestSchema = lazySchema(() =>
  z.looseObject({
    schemaVersion: z.literal(2),
    mediaType: z.string().optional(),
    config: z.looseObject({
      mediaType: z.string().optional(),
      digest: DigestSchema(),
      size: z.number().optional(),
    }),
    annotations: StringMapSchema().optional(),
  }),
);
export type ImageManifest = Infer<typeof ManifestSchema>;

const LabelsSchema = lazySchema(() => StringMapSchema().nullable().optional());

/** `config.Labels`, or Docker's legacy `container_config.Labels`. */
export const ConfigSchema = lazySchema(() =>
  z.looseObject({
    config: z.looseObject({ Labels: LabelsSchema() }).nullable().optional(),
    container_config: z.looseObject({ Labels: LabelsSchema() }).nullable().optional(),
  }),
);
export type ImageConfig = Infer<typeof ConfigSchema>;

/** The first problem of a failed parse: `manifests[0].digest: not a digest`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'malformed';
  const path = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('');
  return `${path.replace(/^\./, '') || '(document)'}: ${issue.message}`;
}

/** `body` as JSON, or undefined. */
export function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
}
