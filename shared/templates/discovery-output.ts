/**
 * The discovery job's result (spec §8.4): the JSON array `dry-run --format=json` prints, read from
 * the Succeeded pod's log. The log may carry noise around the array, so when the whole text is not
 * JSON the array is searched for from the end. Element [0] becomes `status.profile` and
 * `status.modelSources`; a log without a usable result is a failed discovery (quirk 14 fixed),
 * and so is a result whose sources the template's status could not hold.
 */
import { z } from 'zod';
import { type AIMModelSource, AIMModelSourceSchema } from '../api/common/model-source.ts';
import type { AIMProfile } from '../api/common/profile.ts';
import { type Infer, lazySchema } from '../api/lazy-schema.ts';
import { formatBinarySI, GIB } from '../quantity/quantity.ts';
import type { DiscoveredGpu } from './resolved-hardware.ts';

export interface DiscoveryOutput {
  profile: AIMProfile;
  modelSources: AIMModelSource[];
  gpu: DiscoveredGpu;
}

export type DiscoveryParseResult = { ok: true; output: DiscoveryOutput } | { ok: false; message: string };

/** Only the log's tail is searched; a dry run prints a few KiB. */
const MAX_SEARCHED_CHARACTERS = 1024 * 1024;
/** Bounds the bracket search on pathological logs (each candidate is one JSON.parse). */
const MAX_PARSE_ATTEMPTS = 4096;

const scalarText = lazySchema(() =>
  z.union([z.string(), z.number(), z.boolean()]).transform((value) => String(value)),
);

const OutputElementSchema = lazySchema(() =>
  z.looseObject({
    filename: z.string().optional(),
    profile: z
      .looseObject({
        model: z.string().optional(),
        quantized_model: z.string().optional(),
        metadata: z
          .looseObject({
            engine: z.string().optional(),
            gpu: z.string().optional(),
            precision: z.string().optional(),
            gpu_count: z
              .int()
              .min(0)
              .max(2 ** 31 - 1)
              .optional(),
            metric: z.string().optional(),
            type: z.string().optional(),
          })
          .optional(),
        engine_args: z.record(z.string(), z.unknown()).optional(),
        env_vars: z.record(z.string(), scalarText()).optional(),
      })
      .optional(),
    models: z
      .array(
        z.looseObject({
          name: z.string(),
          source: z.string(),
          size_gb: z.number().min(0).optional(),
        }),
      )
      .min(1, 'discovery reported no model sources'),
  }),
);
type OutputElement = Infer<typeof OutputElementSchema>;

function isFirstElementObject(value: unknown): value is [Record<string, unknown>, ...unknown[]] {
  return (
    Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null && !Array.isArray(value[0])
  );
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The JSON array in `log`: the whole text if it parses, else the last `]…[` slice (scanning
 * closing brackets from the end, and for each, opening brackets backwards) that parses as an array
 * whose first element is an object. Undefined when there is none.
 */
export function findResultArray(log: string): unknown[] | undefined {
  const text = log.length > MAX_SEARCHED_CHARACTERS ? log.slice(-MAX_SEARCHED_CHARACTERS) : log;
  const whole = tryParse(text.trim());
  if (isFirstElementObject(whole)) return whole;
  let attempts = 0;
  for (let end = text.lastIndexOf(']'); end >= 0; end = text.lastIndexOf(']', end - 1)) {
    for (let start = text.lastIndexOf('[', end); start >= 0; start = text.lastIndexOf('[', start - 1)) {
      if (++attempts > MAX_PARSE_ATTEMPTS) return undefined;
      const candidate = tryParse(text.slice(start, end + 1));
      if (isFirstElementObject(candidate)) return candidate;
      if (start === 0) break;
    }
    if (end === 0) break;
  }
  return undefined;
}

/** int64(size_gb × 1024³) bytes in binary-SI (0.5 → `512Mi`); no size for 0 or an absent size. */
export function sizeFromGigabytes(sizeGb: number | undefined): string | undefined {
  if (sizeGb === undefined || !Number.isFinite(sizeGb) || sizeGb <= 0) return undefined;
  const bytes = Math.trunc(sizeGb * Number(GIB));
  if (!Number.isSafeInteger(bytes) || bytes <= 0) return undefined;
  return formatBinarySI(bytes);
}

function issuesText(error: z.ZodError, prefix: string): string {
  return error.issues
    .map((issue) => `${[prefix, ...issue.path].filter((part) => part !== '').join('.')}: ${issue.message}`)
    .join('; ');
}

function toProfile(element: OutputElement): AIMProfile {
  const source = element.profile ?? {};
  const profile: AIMProfile = {};
  if (source.engine_args !== undefined) profile.engine_args = source.engine_args;
  if (source.env_vars !== undefined) profile.env_vars = source.env_vars;
  const metadata = source.metadata;
  if (metadata !== undefined) {
    const target: NonNullable<AIMProfile['metadata']> = {};
    if (metadata.engine !== undefined) target.engine = metadata.engine;
    if (metadata.gpu !== undefined) target.gpu = metadata.gpu;
    if (metadata.gpu_count !== undefined) target.gpuCount = metadata.gpu_count;
    if (metadata.metric !== undefined) target.metric = metadata.metric;
    if (metadata.precision !== undefined) target.precision = metadata.precision;
    if (metadata.type !== undefined) target.type = metadata.type;
    profile.metadata = target;
  }
  return profile;
}

function toModelSources(
  element: OutputElement,
): { ok: true; sources: AIMModelSource[] } | { ok: false; message: string } {
  const sources: AIMModelSource[] = [];
  for (const [index, model] of element.models.entries()) {
    const source: AIMModelSource = { modelId: model.name, sourceUri: model.source };
    const size = sizeFromGigabytes(model.size_gb);
    if (size !== undefined) source.size = size;
    const checked = AIMModelSourceSchema().safeParse(source);
    if (!checked.success) return { ok: false, message: issuesText(checked.error, `models[${index}]`) };
    sources.push(checked.data);
  }
  return { ok: true, sources };
}

/** Parses a discovery pod's log into what the template's status records. */
export function parseDiscoveryLog(log: string): DiscoveryParseResult {
  const array = findResultArray(log);
  if (array === undefined) {
    return { ok: false, message: 'the discovery log holds no JSON array of profiles' };
  }
  const parsed = OutputElementSchema().safeParse(array[0]);
  if (!parsed.success) {
    return { ok: false, message: `the discovery result is malformed: ${issuesText(parsed.error, '[0]')}` };
  }
  const sources = toModelSources(parsed.data);
  if (!sources.ok) return { ok: false, message: `the discovery result is malformed: ${sources.message}` };
  const metadata = parsed.data.profile?.metadata;
  return {
    ok: true,
    output: {
      profile: toProfile(parsed.data),
      modelSources: sources.sources,
      gpu: { gpuCount: metadata?.gpu_count ?? 0, gpuModel: metadata?.gpu ?? '' },
    },
  };
}
