import type { DryRunRule } from './rules.ts';

const DEFAULT_MODELS = [
  { name: 'HuggingFaceTB/SmolLM2-135M', source: 'hf://HuggingFaceTB/SmolLM2-135M', sizeGb: 0.5 },
];

const DEFAULT_NOISE = [
  'INFO  aim-runtime: loading profile catalogue from /workspace/aim-runtime/profiles',
  'WARNING aim-runtime: dry run requested, no engine will be started',
];

/** The discovery output's inputs: the template's env on the discovery pod (spec aim-engine.md §8.4). */
export interface DryRunEnv {
  AIM_GPU_MODEL?: string;
  AIM_GPU_COUNT?: string;
  AIM_METRIC?: string;
  AIM_PRECISION?: string;
  AIM_PROFILE_ID?: string;
}

/** One element of `dry-run --format=json`'s array, shaped like the aim-dummy image's output. */
export function dryRunProfile(env: DryRunEnv, rule: DryRunRule = {}): Record<string, unknown> {
  const gpu = rule.gpu ?? env.AIM_GPU_MODEL ?? 'MI300X';
  const gpuCount = rule.gpuCount ?? (Number.parseInt(env.AIM_GPU_COUNT ?? '', 10) || 1);
  const precision = rule.precision ?? env.AIM_PRECISION ?? 'fp8';
  const metric = rule.metric ?? env.AIM_METRIC ?? 'latency';
  const engine = rule.engine ?? 'vllm';
  const profileId = env.AIM_PROFILE_ID;
  const type = rule.type ?? (profileId?.includes('unopt') ? 'unoptimized' : 'optimized');
  const model = (rule.models ?? DEFAULT_MODELS)[0]?.name ?? 'unknown/model';
  return {
    filename: `${profileId ?? `${engine}-${gpu.toLowerCase()}-${precision}-tp${gpuCount}-${metric}`}.yaml`,
    profile: {
      model,
      quantized_model: model,
      metadata: { engine, gpu, precision, gpu_count: gpuCount, metric, type },
      engine_args: rule.engineArgs ?? {
        'gpu-memory-utilization': 0.9,
        'max-model-len': 2048,
        'tensor-parallel-size': gpuCount,
      },
      env_vars: rule.envVars ?? { VLLM_USE_TRITON_FLASH_ATTN: '0' },
    },
    models: (rule.models ?? DEFAULT_MODELS).map((m) => ({
      name: m.name,
      source: m.source,
      size_gb: m.sizeGb,
    })),
  };
}

/** The discovery container's whole log: noise lines, then the JSON array on the last lines. */
export function renderDryRunLog(env: DryRunEnv, rule: DryRunRule = {}): string {
  const noise = rule.noise ?? DEFAULT_NOISE;
  const json = JSON.stringify([dryRunProfile(env, rule)], null, 2);
  return `${[...noise, json].join('\n')}\n`;
}
