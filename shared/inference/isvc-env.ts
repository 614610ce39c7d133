/**
 * The inference container's environment (spec §10.7.1), built in upstream's order of increasing
 * precedence and then sorted by name:
 *
 *   defaults → runtime config env → AIM_PROFILE_ID / AIM_METRIC / AIM_PRECISION from the template
 *   → template env → AIM_MODEL_ID (templates with in-line model sources) → service env
 *
 * Every level merges by name (`mergeEnv`, AIM_ENGINE_ARGS deep-merged). Upstream appends the
 * profile variables and AIM_MODEL_ID without de-duplicating, so a runtime config that also sets
 * AIM_METRIC yields two entries of which the kubelet uses the last; merging by name gives the same
 * effective value with one entry, which server-side apply needs (env is a list keyed by name).
 */
import type { EnvVar } from '../api/common/env.ts';
import { ENV, ENV_VALUES } from '../constants/env.ts';
import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import { mergeEnv } from '../reconcile/env-merge.ts';

export interface InferenceEnvInputs {
  runtimeConfigEnv?: readonly EnvVar[] | undefined;
  template: {
    profileId?: string | undefined;
    metric?: string | undefined;
    precision?: string | undefined;
    env?: readonly EnvVar[] | undefined;
    modelSources?: readonly { modelId: string }[] | undefined;
  };
  serviceEnv?: readonly EnvVar[] | undefined;
}

function set(name: string, value: string | undefined): EnvVar[] {
  return value === undefined || value === '' ? [] : [{ name, value }];
}

/** Byte-wise, like Go's sort on strings; stable, so equal names keep their order. */
function compareNames(a: EnvVar, b: EnvVar): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function buildInferenceEnv(inputs: InferenceEnvInputs): EnvVar[] {
  const { template } = inputs;
  const defaults: EnvVar[] = [
    { name: ENV.aimCachePath, value: INFERENCE_SERVICE.cacheBasePath },
    { name: ENV.vllmEnableMetrics, value: ENV_VALUES.vllmEnableMetrics },
  ];
  const profile = [
    ...set(ENV.aimProfileId, template.profileId),
    ...set(ENV.aimMetric, template.metric),
    ...set(ENV.aimPrecision, template.precision),
  ];
  const modelId = set(ENV.aimModelId, template.modelSources?.[0]?.modelId);
  return mergeEnv([
    defaults,
    inputs.runtimeConfigEnv,
    profile,
    template.env,
    modelId,
    inputs.serviceEnv,
  ]).sort(compareNames);
}
