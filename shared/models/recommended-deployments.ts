/**
 * `model.recommendedDeployments` label parsing (spec §7.2, quirk 13 kept compatible): trim; every
 * `'` becomes `"` (Python-dict style labels — apostrophes inside descriptions therefore break
 * parsing, as upstream); a value not starting with `[` is wrapped in `[...]` (comma-separated
 * objects); then decoded like Go's encoding/json into the deployment struct: keys match field
 * names case-insensitively, unknown keys are ignored, `null` leaves a field empty, a value of the
 * wrong type is an error.
 */

import { METRIC_VALUES, PRECISION_VALUES } from '../api/common/runtime-parameters.ts';
import type { RecommendedDeployment } from '../api/image-metadata.ts';
import { InvalidImageMetadataError } from './metadata-error.ts';
import { METADATA_LIMITS } from './metadata-limits.ts';

const STRING_FIELDS = ['gpuModel', 'precision', 'metric', 'profileId', 'description'] as const;
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

function fieldFor(key: string): keyof RecommendedDeployment | undefined {
  const lower = key.toLowerCase();
  if (lower === 'gpucount') return 'gpuCount';
  return STRING_FIELDS.find((field) => field.toLowerCase() === lower);
}

function decodeEntry(value: unknown, index: number): RecommendedDeployment {
  const where = `recommendedDeployments[${index}]`;
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidImageMetadataError(`${where} is not an object`);
  }
  const deployment: RecommendedDeployment = {};
  // Go prefers an exact key match over a case-insensitive one; exact keys are applied last.
  const entries = Object.entries(value as Record<string, unknown>).sort(
    ([a], [b]) => Number(fieldFor(a) === a) - Number(fieldFor(b) === b),
  );
  for (const [key, item] of entries) {
    const field = fieldFor(key);
    if (field === undefined || item === null) continue;
    if (field === 'gpuCount') {
      if (typeof item !== 'number' || !Number.isInteger(item) || item < INT32_MIN || item > INT32_MAX) {
        throw new InvalidImageMetadataError(
          `${where}.gpuCount must be a whole number, got ${JSON.stringify(item)}`,
        );
      }
      if (item !== 0) deployment.gpuCount = item;
      else delete deployment.gpuCount;
    } else {
      if (typeof item !== 'string') {
        throw new InvalidImageMetadataError(`${where}.${field} must be a string, got ${typeof item}`);
      }
      if (item !== '') deployment[field] = item;
      else delete deployment[field];
    }
  }
  return deployment;
}

/** Decodes the label value; throws InvalidImageMetadataError naming what is wrong. */
export function parseRecommendedDeployments(label: string): RecommendedDeployment[] {
  let text = label.trim().replaceAll("'", '"');
  if (!text.startsWith('[')) text = `[${text}]`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new InvalidImageMetadataError(
      `recommendedDeployments label is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!Array.isArray(parsed))
    throw new InvalidImageMetadataError('recommendedDeployments label is not a JSON array');
  if (parsed.length > METADATA_LIMITS.maxRecommendedDeployments) {
    throw new InvalidImageMetadataError(
      `recommendedDeployments lists ${parsed.length} deployments; at most ${METADATA_LIMITS.maxRecommendedDeployments} are accepted`,
    );
  }
  return parsed.map(decodeEntry);
}

const MAX_GPU_MODEL_LENGTH = 64;
const MAX_PROFILE_ID_LENGTH = 253;

/**
 * What would make a template from this deployment invalid (the template CRD only accepts known
 * metrics and precisions); empty when every deployment is usable.
 */
export function deploymentProblems(deployments: readonly RecommendedDeployment[]): string[] {
  const problems: string[] = [];
  deployments.forEach((deployment, index) => {
    const where = `recommendedDeployments[${index}]`;
    const { metric, precision, gpuCount, gpuModel, profileId } = deployment;
    if (metric && !(METRIC_VALUES as readonly string[]).includes(metric)) {
      problems.push(`${where}.metric ${JSON.stringify(metric)} is not one of ${METRIC_VALUES.join(', ')}`);
    }
    if (precision && !(PRECISION_VALUES as readonly string[]).includes(precision)) {
      problems.push(
        `${where}.precision ${JSON.stringify(precision)} is not one of ${PRECISION_VALUES.join(', ')}`,
      );
    }
    if (gpuCount !== undefined && gpuCount < 0) problems.push(`${where}.gpuCount must not be negative`);
    if (gpuModel !== undefined && gpuModel.length > MAX_GPU_MODEL_LENGTH) {
      problems.push(`${where}.gpuModel is longer than ${MAX_GPU_MODEL_LENGTH} characters`);
    }
    if (profileId !== undefined && profileId.length > MAX_PROFILE_ID_LENGTH) {
      problems.push(`${where}.profileId is longer than ${MAX_PROFILE_ID_LENGTH} characters`);
    }
  });
  return problems;
}
