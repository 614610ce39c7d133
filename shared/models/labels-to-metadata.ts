/**
 * Image labels (and manifest annotations) → `ImageMetadata` (spec §7.2). Labels win over
 * annotations; annotations only fill fields the labels leave empty (some builders put
 * `org.opencontainers.image.*` only there). `originalLabels` keeps every label verbatim.
 */
import type { ImageMetadata, RecommendedDeployment } from '../api/image-metadata.ts';
import { type AmdLabelField, amdLabelKeys, OCI_LABEL_FIELDS, OCI_LABEL_PREFIX } from './image-labels.ts';
import { InvalidImageMetadataError, quoteKey } from './metadata-error.ts';
import { METADATA_LIMITS, type MetadataLimits } from './metadata-limits.ts';
import { deploymentProblems, parseRecommendedDeployments } from './recommended-deployments.ts';

type ModelMetadata = NonNullable<ImageMetadata['model']>;
type OciMetadata = NonNullable<ImageMetadata['oci']>;

/** Go's strconv.ParseBool; anything else is undefined (upstream ignores invalid values). */
export function parseGoBool(value: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

/** Comma-separated list: items trimmed, empty items dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Throws InvalidImageMetadataError when a label set is larger than an image may reasonably carry. */
export function checkLabelBounds(
  labels: Readonly<Record<string, string>>,
  what: string,
  limits: MetadataLimits = METADATA_LIMITS,
): void {
  const entries = Object.entries(labels);
  if (entries.length > limits.maxLabels) {
    throw new InvalidImageMetadataError(
      `the image has ${entries.length} ${what}; at most ${limits.maxLabels} are accepted`,
    );
  }
  let total = 0;
  for (const [key, value] of entries) {
    const keyBytes = byteLength(key);
    const valueBytes = byteLength(value);
    if (keyBytes > limits.maxLabelKeyBytes) {
      throw new InvalidImageMetadataError(
        `${what} key ${quoteKey(key)} is ${keyBytes} bytes; at most ${limits.maxLabelKeyBytes} are accepted`,
      );
    }
    if (valueBytes > limits.maxLabelValueBytes) {
      throw new InvalidImageMetadataError(
        `${what} ${quoteKey(key)} is ${valueBytes} bytes; at most ${limits.maxLabelValueBytes} are accepted`,
      );
    }
    total += keyBytes + valueBytes;
  }
  if (total > limits.maxTotalLabelBytes) {
    throw new InvalidImageMetadataError(
      `the image's ${what} add up to ${total} bytes; at most ${limits.maxTotalLabelBytes} are accepted`,
    );
  }
}

class LabelLookup {
  readonly #sources: readonly Readonly<Record<string, string>>[];

  constructor(...sources: Readonly<Record<string, string>>[]) {
    this.#sources = sources;
  }

  /** First non-empty value of `keys`, labels before annotations. */
  first(keys: readonly string[]): string | undefined {
    for (const source of this.#sources) {
      for (const key of keys) {
        const value = source[key];
        if (value !== undefined && value.trim() !== '') return value;
      }
    }
    return undefined;
  }

  amd(field: AmdLabelField): string | undefined {
    return this.first(amdLabelKeys(field));
  }
}

function modelMetadata(lookup: LabelLookup): ModelMetadata {
  const model: ModelMetadata = {};
  const text = (field: 'canonicalName' | 'source' | 'title' | 'descriptionFull' | 'releaseNotes') => {
    const value = lookup.amd(field);
    if (value !== undefined) model[field] = value;
  };
  text('canonicalName');
  text('source');
  text('title');
  text('descriptionFull');
  text('releaseNotes');
  for (const field of ['tags', 'versions', 'variants'] as const) {
    const value = lookup.amd(field);
    if (value !== undefined) {
      const items = splitList(value);
      if (items.length > 0) model[field] = items;
    }
  }
  const hfToken = lookup.amd('hfTokenRequired');
  const required = hfToken === undefined ? undefined : parseGoBool(hfToken.trim());
  if (required !== undefined) model.hfTokenRequired = required;
  const deployments = lookup.amd('recommendedDeployments');
  if (deployments !== undefined) {
    const parsed: RecommendedDeployment[] = parseRecommendedDeployments(deployments);
    const problems = deploymentProblems(parsed);
    if (problems.length > 0) throw new InvalidImageMetadataError(problems.join('; '));
    if (parsed.length > 0) model.recommendedDeployments = parsed;
  }
  return model;
}

function ociMetadata(lookup: LabelLookup): OciMetadata {
  const oci: OciMetadata = {};
  for (const field of OCI_LABEL_FIELDS) {
    const value = lookup.first([`${OCI_LABEL_PREFIX}${field}`]);
    if (value !== undefined) oci[field] = value;
  }
  return oci;
}

/**
 * The metadata of an image from its labels and manifest annotations. Throws
 * InvalidImageMetadataError for oversized label sets or an unusable recommendedDeployments label.
 */
export function metadataFromLabels(
  labels: Readonly<Record<string, string>>,
  annotations: Readonly<Record<string, string>> = {},
  limits: MetadataLimits = METADATA_LIMITS,
): ImageMetadata {
  checkLabelBounds(labels, 'labels', limits);
  checkLabelBounds(annotations, 'annotations', limits);
  const lookup = new LabelLookup(labels, annotations);
  const metadata: ImageMetadata = {};
  const model = modelMetadata(lookup);
  if (Object.keys(model).length > 0) metadata.model = model;
  const oci = ociMetadata(lookup);
  if (Object.keys(oci).length > 0) metadata.oci = oci;
  if (Object.keys(labels).length > 0) metadata.originalLabels = { ...labels };
  return metadata;
}
