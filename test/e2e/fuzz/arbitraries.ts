/**
 * Generators of AIM objects for the fuzz test and `npm run bench:burst`: all ten kinds, mostly
 * plausible (so that they reach the reconcilers) and often wrong in the ways users are wrong —
 * malformed or unknown images, unknown GPU models, templates naming missing models, models and
 * templates naming each other — plus generic damage (mutations.ts): wrong types, missing fields,
 * huge strings, unicode. Names come from small pools so that references often, not always, hit.
 */
import fc from 'fast-check';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { mutated } from './mutations.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
export const FUZZ_NAMESPACES = ['fuzz-a', 'fuzz-b', 'fuzz-c'] as const;

/** Images the test's local registry serves (fuzz-registry.ts), under names model-inspect mirrors. */
export const SERVED_IMAGES = ['ghcr.io/fuzz/aim-llama:1.0.0', 'docker.io/fuzz/aim-qwen:0.8.1'] as const;

const MODEL_NAMES = Array.from({ length: 12 }, (_, i) => `model-${i}`);
const TEMPLATE_NAMES = Array.from({ length: 12 }, (_, i) => `template-${i}`);
const RUNTIME_CONFIG_NAMES = ['default', 'gpu', 'missing'];
/** Names other objects refer to: an object may take one (the first to do so in its kind and namespace). */
const POOL_NAMES: ReadonlySet<string> = new Set([...MODEL_NAMES, ...TEMPLATE_NAMES, ...RUNTIME_CONFIG_NAMES]);
const modelName = fc.constantFrom(...MODEL_NAMES);
const templateName = fc.constantFrom(...TEMPLATE_NAMES);
const runtimeConfigName = fc.constantFrom(...RUNTIME_CONFIG_NAMES);
const unnamed = fc.constant('x');
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });

const image = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SERVED_IMAGES) },
  // Served registry, image not there: ImageNotFound.
  { weight: 2, arbitrary: fc.constantFrom('ghcr.io/fuzz/aim-missing:9.9.9', 'docker.io/fuzz/nope:latest') },
  // Malformed references the API server accepts (any non-empty string).
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.constantFrom('UPPER/Case:Tag', 'ghcr.io//double/slash:1', 'trailing:', ':::', 'a b c', '@sha256:zz'),
      unicode,
      fc.string({ minLength: 300, maxLength: 600 }),
    ),
  },
  // A registry that never resolves (.invalid): unreachable, at once.
  { weight: 1, arbitrary: fc.constantFrom('registry.fuzz.invalid/org/aim:1') },
);

const gpuModel = fc.constantFrom('MI300X', 'MI325X', 'MI210', 'MI9000', 'H100', 'mi300x', '');
const hardware = fc.oneof(
  fc.record({ gpu: fc.record({ model: gpuModel, requests: fc.integer({ min: 0, max: 16 }) }) }),
  fc.record({ gpu: fc.record({ minVram: fc.constantFrom('64Gi', '192Gi', '1Ti') }) }),
  fc.record({ cpu: fc.record({ requests: fc.constantFrom('1', '500m', '4') }) }),
);
const metric = fc.constantFrom('latency', 'throughput');
const precision = fc.constantFrom('fp16', 'fp8', 'bf16', 'auto');
const modelSource = fc.record({
  modelId: fc.constantFrom('org/model', 'HuggingFaceTB/SmolLM2-135M'),
  sourceUri: fc.constantFrom('hf://org/model', 's3://bucket/weights', 'hf://HuggingFaceTB/SmolLM2-135M'),
  size: fc.constantFrom('1Gi', '20Gi'),
});

const imageMetadata = fc.record({
  model: fc.record({
    canonicalName: fc.constantFrom('org/model', 'meta-llama/Llama-3.1-8B'),
    recommendedDeployments: fc.array(
      fc.record({ gpuModel, gpuCount: fc.integer({ min: 1, max: 8 }), precision, metric }),
      { maxLength: 3 },
    ),
  }),
});

const modelSpec = fc.oneof(
  fc.record(
    { image, runtimeConfigName, imageMetadata, discovery: fc.record({ enabled: fc.boolean() }) },
    { requiredKeys: ['image'] },
  ),
  // Custom model: weights from a source, templates of its own (which name the model back).
  fc.record({
    image,
    modelSources: fc.array(modelSource, { minLength: 1, maxLength: 1 }),
    custom: fc.record({ hardware }),
    customTemplates: fc.array(fc.record({ name: templateName, profile: fc.record({ metric, precision }) }), {
      maxLength: 3,
    }),
  }),
);

const templateSpec = fc.record(
  {
    modelName,
    metric,
    precision,
    hardware,
    runtimeConfigName,
    modelSources: fc.array(modelSource, { maxLength: 2 }),
    caching: fc.record({ enabled: fc.boolean() }),
  },
  { requiredKeys: ['modelName'] },
);

const serviceSpec = fc.record(
  {
    model: fc.oneof(
      fc.record({ name: modelName }),
      fc.record({ image }),
      fc.record({
        custom: fc.record({ modelSources: fc.array(modelSource, { minLength: 1, maxLength: 1 }), hardware }),
      }),
    ),
    template: fc.record({ name: templateName }),
    overrides: fc.record({ metric, precision, hardware }, { requiredKeys: [] }),
    replicas: fc.integer({ min: 0, max: 3 }),
    runtimeConfigName,
    caching: fc.record({ mode: fc.constantFrom('Auto', 'Always', 'Never', 'Shared', 'Dedicated') }),
  },
  { requiredKeys: ['model'] },
);

const runtimeConfigSpec = fc.record(
  {
    routing: fc.record(
      {
        enabled: fc.boolean(),
        pathTemplate: fc.constantFrom(
          '/team/{.metadata.name}',
          '/x/{.metadata.name',
          '/{metadata}',
          '/plain',
        ),
      },
      { requiredKeys: [] },
    ),
    labelPropagation: fc.record({
      enabled: fc.boolean(),
      match: fc.array(fc.constantFrom('team-*', 'app.kubernetes.io/*', 'bad-[', 'x\\'), { maxLength: 3 }),
    }),
    storage: fc.record({ pvcHeadroomPercent: fc.integer({ min: -5, max: 50 }) }, { requiredKeys: [] }),
    env: fc.array(fc.record({ name: fc.constantFrom('HF_HOME', 'A=B', 'X'), value: unicode }), {
      maxLength: 2,
    }),
  },
  { requiredKeys: [] },
);

const templateCacheSpec = fc.record({
  templateName,
  templateScope: fc.constantFrom('Namespace', 'Cluster'),
  modelSources: fc.array(modelSource, { maxLength: 2 }),
  mode: fc.constantFrom('Dedicated', 'Shared'),
});

const artifactSpec = fc.record(
  {
    sourceUri: fc.constantFrom('hf://org/model', 's3://bucket/weights', 'hf://x', 'gs://wrong/scheme'),
    modelId: fc.constantFrom('org/model', 'not-an-id'),
    storageClassName: fc.constantFrom('standard', 'missing-class'),
  },
  { requiredKeys: ['sourceUri'] },
);

const modelSourceSpec = fc.record(
  {
    registry: fc.constantFrom('docker.io', 'ghcr.io', 'registry.fuzz.invalid'),
    filters: fc.array(fc.record({ image: fc.constantFrom('fuzz/aim-*', 'ghcr.io/fuzz/*', 'none/*') }), {
      minLength: 0,
      maxLength: 3,
    }),
    syncInterval: fc.constantFrom('1h', '30m', 'often'),
    maxModels: fc.integer({ min: 0, max: 20 }),
  },
  { requiredKeys: ['filters'] },
);

interface KindArbitrary {
  kind: string;
  namespaced: boolean;
  spec: fc.Arbitrary<unknown>;
  /** A name from the pools references use, or `x` for a unique one. */
  name?: fc.Arbitrary<string>;
  /** Share of the burst. */
  weight: number;
}

export const KIND_ARBITRARIES: readonly KindArbitrary[] = [
  { kind: 'AIMModel', namespaced: true, spec: modelSpec, weight: 18, name: fc.oneof(modelName, unnamed) },
  {
    kind: 'AIMClusterModel',
    namespaced: false,
    spec: modelSpec,
    weight: 12,
    name: fc.oneof(modelName, unnamed),
  },
  {
    kind: 'AIMServiceTemplate',
    namespaced: true,
    spec: templateSpec,
    weight: 14,
    name: fc.oneof(templateName, unnamed),
  },
  {
    kind: 'AIMClusterServiceTemplate',
    namespaced: false,
    spec: templateSpec,
    weight: 8,
    name: fc.oneof(templateName, unnamed),
  },
  { kind: 'AIMService', namespaced: true, spec: serviceSpec, weight: 16 },
  { kind: 'AIMTemplateCache', namespaced: true, spec: templateCacheSpec, weight: 8 },
  { kind: 'AIMArtifact', namespaced: true, spec: artifactSpec, weight: 8 },
  { kind: 'AIMRuntimeConfig', namespaced: true, spec: runtimeConfigSpec, weight: 7, name: runtimeConfigName },
  {
    kind: 'AIMClusterRuntimeConfig',
    namespaced: false,
    spec: runtimeConfigSpec,
    weight: 4,
    name: runtimeConfigName,
  },
  { kind: 'AIMClusterModelSource', namespaced: false, spec: modelSourceSpec, weight: 5 },
];

/** One object of `kind`, possibly damaged; `name` is made unique by the caller's index. */
function objectOf(arb: KindArbitrary): fc.Arbitrary<KubeObject> {
  return fc
    .record({ namespace: fc.constantFrom(...FUZZ_NAMESPACES), spec: arb.spec, name: arb.name ?? unnamed })
    .chain(({ namespace, spec, name }) =>
      mutated({
        apiVersion: AIM,
        kind: arb.kind,
        metadata: { name, ...(arb.namespaced ? { namespace } : {}) },
        spec,
      } as KubeObject),
    );
}

export const aimObject: fc.Arbitrary<KubeObject> = fc.oneof(
  ...KIND_ARBITRARIES.map((arb) => ({ weight: arb.weight, arbitrary: objectOf(arb) })),
);

/**
 * `count` objects from `seed`, deterministic (the same seed gives the same burst). Names are unique:
 * a pool name goes to the first object of its kind and namespace that draws it, every other
 * object is `fuzz-<index>-<kind>`, and a damaged name gets `-<index>` appended.
 */
export function burstObjects(seed: number, count: number): KubeObject[] {
  const objects = fc.sample(aimObject, { seed, numRuns: count });
  const taken = new Set<string>();
  return objects.map((object, index) => {
    const generated = object.metadata.name;
    const slot = `${object.kind}/${object.metadata.namespace ?? ''}/${generated}`;
    let name: string;
    if (POOL_NAMES.has(generated) && !taken.has(slot)) {
      taken.add(slot);
      name = generated;
    } else if (generated === 'x' || POOL_NAMES.has(generated)) {
      name = `fuzz-${index}-${object.kind.toLowerCase()}`;
    } else {
      name = `${generated}-${index}`;
    }
    return { ...object, metadata: { ...object.metadata, name } };
  });
}
