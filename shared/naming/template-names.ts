import { DERIVED_TEMPLATE_SUFFIX, TEMPLATE_NAME_MAX_LENGTH } from '../constants/limits.ts';
import { generateDerivedName } from './derived-name.ts';
import type { GoJsonValue } from './go-json.ts';

/** One entry of an image's recommendedDeployments label (spec §4.1). */
export interface RecommendedDeploymentInput {
  gpuModel?: string;
  gpuCount?: number;
  metric?: string;
  precision?: string;
}

/** Template names carry a 4-character hash and stay within the Kubernetes name limit. */
const SHORT_HASH = { hashLen: 4, maxLen: TEMPLATE_NAME_MAX_LENGTH } as const;
const FULL_HASH = { maxLen: TEMPLATE_NAME_MAX_LENGTH } as const;

const METRIC_SHORTHAND: ReadonlyMap<string, string> = new Map([
  ['latency', 'lat'],
  ['throughput', 'thr'],
]);

/**
 * Template generated from a recommended deployment (spec §14.4): the full image reference, then
 * `<count>x-<gpu>` (or `<gpu>`, or `x<count>`), metric shorthand and precision; hash over
 * `model-image[-gpu][-x<count>][-metric][-precision]`, 4 hex characters.
 */
export function generateTemplateName(
  modelName: string,
  image: string,
  deployment: RecommendedDeploymentInput,
): string {
  const gpu = deployment.gpuModel ?? '';
  const count = deployment.gpuCount ?? 0;
  const metric = deployment.metric ?? '';
  const precision = deployment.precision ?? '';

  const suffix: string[] = [];
  if (count > 0 && gpu !== '') suffix.push(`${count}x-${gpu}`);
  else if (gpu !== '') suffix.push(gpu);
  else if (count > 0) suffix.push(`x${count}`);
  if (metric !== '') suffix.push(METRIC_SHORTHAND.get(metric) ?? metric);
  if (precision !== '') suffix.push(precision);

  let hashInput = `${modelName}-${image}`;
  if (gpu !== '') hashInput += `-${gpu}`;
  if (count > 0) hashInput += `-x${count}`;
  if (metric !== '') hashInput += `-${metric}`;
  if (precision !== '') hashInput += `-${precision}`;

  return generateDerivedName([image, suffix.join('-')], [hashInput], SHORT_HASH);
}

/** The parts of an AIMModel `customTemplates[]` entry that name it (spec §4.1). */
export interface CustomTemplateInput {
  name?: string;
  profile?: { metric?: string; precision?: string };
  hardware?: { gpu?: { requests?: number; model?: string } };
}

const CUSTOM_PART = 'custom';

/**
 * Template for `customTemplates[index]`, or the model's single auto template when `ct` is undefined
 * (spec §14.5): `<model>-custom[-name][-precision][-gpu]-<hash8>` over model, index, name and the
 * profile / GPU fields when those blocks are present.
 */
export function generateCustomTemplateName(
  modelName: string,
  ct: CustomTemplateInput | undefined,
  index: number,
): string {
  if (ct === undefined) return generateDerivedName([modelName, CUSTOM_PART], [modelName, index], FULL_HASH);

  const parts = [modelName, CUSTOM_PART];
  for (const optional of [ct.name, ct.profile?.precision, ct.hardware?.gpu?.model]) {
    if (optional) parts.push(optional);
  }
  const hashInputs: GoJsonValue[] = [modelName, index, ct.name ?? ''];
  if (ct.profile) hashInputs.push(ct.profile.precision ?? '', ct.profile.metric ?? '');
  if (ct.hardware?.gpu) hashInputs.push(ct.hardware.gpu.requests ?? 0, ct.hardware.gpu.model ?? '');
  return generateDerivedName(parts, hashInputs, FULL_HASH);
}

/** `AIMService.spec.overrides` (spec §4.3). */
export interface TemplateOverridesInput {
  metric?: string;
  precision?: string;
  hardware?: { gpu?: { model?: string; requests?: number } };
}

/** `-ovr-` marks derived names; as a name part it is the bare `ovr`. */
const OVERRIDE_PART = DERIVED_TEMPLATE_SUFFIX.replaceAll('-', '');

/**
 * Name of the template an AIMService derives for `spec.overrides` (spec §14.2):
 * `<base>-ovr[-gpu][-<n>gpu][-precision][-metric]-<hash4>` with `("gpu", model, "count", n,
 * "precision", p, "metric", m)` hashed, each pair only when that override is set. Without any set
 * override the base name is returned unchanged.
 */
export function derivedTemplateName(base: string, overrides: TemplateOverridesInput | undefined): string {
  const gpuModel = overrides?.hardware?.gpu?.model ?? '';
  const gpuCount = overrides?.hardware?.gpu?.requests ?? 0;
  const precision = overrides?.precision ?? '';
  const metric = overrides?.metric ?? '';

  const parts = [base, OVERRIDE_PART];
  const hashInputs: GoJsonValue[] = [];
  if (gpuModel !== '') {
    parts.push(gpuModel.toLowerCase());
    hashInputs.push('gpu', gpuModel);
  }
  if (gpuCount > 0) {
    parts.push(`${gpuCount}gpu`);
    hashInputs.push('count', gpuCount);
  }
  if (precision !== '') {
    parts.push(precision);
    hashInputs.push('precision', precision);
  }
  if (metric !== '') {
    parts.push(metric);
    hashInputs.push('metric', metric);
  }
  if (hashInputs.length === 0) return base;
  return generateDerivedName(parts, hashInputs, SHORT_HASH);
}
