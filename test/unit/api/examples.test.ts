import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AIMArtifactSchema } from '../../../shared/api/aim-artifact.ts';
import { AIMClusterModelSchema } from '../../../shared/api/aim-cluster-model.ts';
import { AIMClusterRuntimeConfigSchema } from '../../../shared/api/aim-cluster-runtime-config.ts';
import { AIMClusterServiceTemplateSchema } from '../../../shared/api/aim-cluster-service-template.ts';
import { AIMModelSchema } from '../../../shared/api/aim-model.ts';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { AIMServiceTemplateSchema } from '../../../shared/api/aim-service-template.ts';
import { AIMTemplateCacheSchema } from '../../../shared/api/aim-template-cache.ts';

/*
 * Examples from the product documents (seeds 000-002) and the spec, in the spec's shape. The
 * documents' own spellings (`caching: Always`, `gpuSelector`, `name/sourceURI`, `createTemplates`,
 * a bare `sourceUri`) are checked against these in document-forms.test.ts.
 */

const header = (kind: string, name: string, namespace?: string) =>
  `apiVersion: aim.eai.amd.com/v1alpha1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}`;

describe('seed 000 (services) examples parse', () => {
  const service = (spec: string) =>
    AIMServiceSchema().parse(parse(`${header('AIMService', 'llama-service', 'ml-team')}${spec}`));

  it('deploys by model name with defaults applied', () => {
    const parsed = service('spec:\n  model:\n    name: llama-3-8b\n');
    expect(parsed.spec.model).toEqual({ name: 'llama-3-8b' });
    expect(parsed.spec.replicas).toBe(1);
    expect(parsed.spec.caching).toBeUndefined();
  });

  it('deploys by image URI', () => {
    expect(service('spec:\n  model:\n    image: ghcr.io/amd/llama-3-8b:v1.0.0\n').spec.model.image).toBe(
      'ghcr.io/amd/llama-3-8b:v1.0.0',
    );
  });

  it('deploys with an explicit template, overrides, resources and pull secrets', () => {
    const parsed = service(`spec:
  model:
    name: llama-3-8b
  template:
    name: base-template
  overrides:
    precision: fp8
    metric: latency
  resources:
    requests:
      memory: "64Gi"
      cpu: "16"
    limits:
      memory: "128Gi"
      amd.com/gpu: "4"
  imagePullSecrets:
    - name: registry-credentials
`);
    expect(parsed.spec.template?.name).toBe('base-template');
    expect(parsed.spec.overrides).toEqual({ precision: 'fp8', metric: 'latency' });
    expect(parsed.spec.resources?.limits?.['amd.com/gpu']).toBe('4');
    expect(parsed.spec.imagePullSecrets).toEqual([{ name: 'registry-credentials' }]);
  });

  it('accepts the documented caching modes in the spec shape', () => {
    for (const mode of ['Always', 'Auto', 'Never']) {
      expect(
        service(`spec:\n  model:\n    name: m\n  caching:\n    mode: ${mode}\n`).spec.caching?.mode,
      ).toBe(mode);
    }
    expect(service('spec:\n  model:\n    name: m\n  caching: {}\n').spec.caching?.mode).toBe('Shared');
  });
});

describe('seed 001 (templates) examples parse', () => {
  it('parses the namespaced throughput template with a secret-backed env var', () => {
    const parsed = AIMServiceTemplateSchema().parse(
      parse(`${header('AIMServiceTemplate', 'qwen3-32b-throughput', 'ml-research')}spec:
  modelName: qwen-qwen3-32b
  runtimeConfigName: ml-research
  metric: throughput
  precision: fp8
  hardware:
    gpu:
      requests: 2
      model: MI300X
  env:
    - name: HF_TOKEN
      valueFrom:
        secretKeyRef:
          name: huggingface-creds
          key: token
  imagePullSecrets:
    - name: registry-credentials
`),
    );
    expect(parsed.spec.hardware?.gpu).toEqual({ requests: 2, model: 'MI300X', resourceName: 'amd.com/gpu' });
    expect(parsed.spec.env?.[0]?.valueFrom).toEqual({
      secretKeyRef: { name: 'huggingface-creds', key: 'token' },
    });
  });

  it('parses the static-sources template (in the spec §3.2 modelId/sourceUri/size shape)', () => {
    const parsed = AIMServiceTemplateSchema().parse(
      parse(`${header('AIMServiceTemplate', 'qwen3-32b-static', 'ml-research')}spec:
  modelName: qwen-qwen3-32b
  metric: latency
  precision: fp16
  hardware:
    gpu:
      requests: 1
      model: MI300X
  modelSources:
    - modelId: Qwen/Qwen3-32B
      sourceUri: hf://Qwen/Qwen3-32B
      size: 16Gi
    - modelId: Qwen/tokenizer
      sourceUri: hf://Qwen/Qwen3-32B/tokenizer.json
      size: 2Mi
`),
    );
    expect(parsed.spec.modelSources?.map((source) => source.size)).toEqual(['16Gi', '2Mi']);
  });

  it('parses the cluster latency template', () => {
    const parsed = AIMClusterServiceTemplateSchema().parse(
      parse(`${header('AIMClusterServiceTemplate', 'qwen3-32b-latency')}spec:
  modelName: qwen-qwen3-32b
  runtimeConfigName: platform-default
  metric: latency
  precision: fp16
  hardware:
    gpu:
      requests: 1
      model: MI300X
`),
    );
    expect(parsed.spec.metric).toBe('latency');
    expect('caching' in parsed.spec).toBe(false);
  });
});

describe('seed 002 (models) examples parse', () => {
  const model = (spec: string) =>
    AIMModelSchema().parse(parse(`${header('AIMModel', 'llama-3-8b', 'ml-team')}${spec}`));

  it('parses the basic, private-registry and env examples', () => {
    expect(model('spec:\n  image: ghcr.io/amd/llama-3-8b:v1.0.0\n').spec.image).toBe(
      'ghcr.io/amd/llama-3-8b:v1.0.0',
    );
    expect(
      model(
        'spec:\n  image: private-registry.example.com/models/llama-3-8b:v1.0.0\n  imagePullSecrets:\n    - name: registry-credentials\n',
      ).spec.imagePullSecrets,
    ).toEqual([{ name: 'registry-credentials' }]);
    const withEnv = model(`spec:
  image: ghcr.io/amd/llama-3-8b:v1.0.0
  env:
    - name: HF_TOKEN
      valueFrom:
        secretKeyRef:
          name: hf-credentials
          key: token
`);
    expect(withEnv.spec.env?.[0]?.name).toBe('HF_TOKEN');
  });

  it('parses explicit model sources (with the modelId the spec requires)', () => {
    const parsed = model(`spec:
  image: ghcr.io/amd/aim-base:v1.0.0
  modelSources:
    - modelId: meta-llama/Llama-3-8B
      sourceUri: hf://meta-llama/Llama-3-8B
`);
    expect(parsed.spec.modelSources?.[0]?.sourceUri).toBe('hf://meta-llama/Llama-3-8B');
  });

  it('parses provided image metadata and fills discovery defaults', () => {
    const parsed = model(`spec:
  image: registry.internal/models/llama-3-8b:v1.0.0
  imageMetadata:
    model:
      canonicalName: meta-llama/Llama-3-8B
      recommendedDeployments:
        - gpuModel: MI300X
          gpuCount: 8
          precision: fp8
          metric: latency
    oci:
      title: Llama 3 8B
      vendor: Meta
      licenses: llama3
  discovery:
    createServiceTemplates: true
`);
    expect(parsed.spec.imageMetadata?.model?.recommendedDeployments?.[0]?.gpuCount).toBe(8);
    expect(parsed.spec.discovery).toEqual({ extractMetadata: true, createServiceTemplates: true });
  });

  it('parses the cluster model and the cluster runtime config', () => {
    const clusterModel = AIMClusterModelSchema().parse(
      parse(`${header('AIMClusterModel', 'llama-3-8b')}spec:
  image: ghcr.io/amd/llama-3-8b:v1.0.0
  imagePullSecrets:
    - name: registry-credentials
`),
    );
    expect(clusterModel.kind).toBe('AIMClusterModel');
    const config = AIMClusterRuntimeConfigSchema().parse(
      parse(`${header('AIMClusterRuntimeConfig', 'default')}spec:\n  model:\n    autoDiscovery: true\n`),
    );
    expect(config.spec?.model?.autoDiscovery).toBe(true);
  });
});

describe('spec examples parse', () => {
  it('parses an autoscaled service (spec §10.7.3)', () => {
    const parsed = AIMServiceSchema().parse(
      parse(`${header('AIMService', 'scaled', 'ml-team')}spec:
  model:
    name: llama-3-8b
  minReplicas: 1
  maxReplicas: 3
  autoScaling:
    metrics:
      - type: PodMetric
        podmetric:
          metric:
            metricNames: ["vllm:num_requests_running"]
            query: sum(vllm:num_requests_running)
            operationOverTime: avg
          target:
            type: Value
            value: "1"
`),
    );
    expect(parsed.spec.autoScaling?.metrics?.[0]?.podmetric?.metric.backend).toBe('opentelemetry');
  });

  it('parses a custom-model service with routing and storage', () => {
    const parsed = AIMServiceSchema().parse(
      parse(`${header('AIMService', 'custom', 'ml-team')}spec:
  model:
    custom:
      baseImage: ghcr.io/amd/aim-base:v1.0.0
      modelSources:
        - modelId: HuggingFaceTB/SmolLM2-135M
          sourceUri: hf://HuggingFaceTB/SmolLM2-135M
          size: 512Mi
      hardware:
        gpu:
          requests: 1
          minVram: 64Gi
  routing:
    enabled: true
    pathTemplate: /team-a/{.metadata.name}
    requestTimeout: 3m0s
    gatewayRef:
      name: inference-gateway
      namespace: gateways
  storage:
    defaultStorageClassName: fast
`),
    );
    expect(parsed.spec.routing?.gatewayRef).toEqual({
      group: 'gateway.networking.k8s.io',
      kind: 'Gateway',
      name: 'inference-gateway',
      namespace: 'gateways',
    });
    expect(parsed.spec.storage?.pvcHeadroomPercent).toBe(10);
  });

  it('parses a template cache and an artifact, applying their defaults', () => {
    const cache = AIMTemplateCacheSchema().parse(
      parse(`${header('AIMTemplateCache', 'tpl', 'ml-team')}spec:
  templateName: tpl
  templateScope: Namespace
  env:
    - name: HF_TOKEN
      value: my-token
`),
    );
    expect(cache.spec.mode).toBe('Shared');
    const artifact = AIMArtifactSchema().parse(
      parse(`${header('AIMArtifact', 'smol', 'ml-team')}spec:
  sourceUri: hf://HuggingFaceTB/SmolLM2-135M
  modelId: HuggingFaceTB/SmolLM2-135M
  size: 512Mi
`),
    );
    expect(artifact.spec.modelDownloadImage).toBe('ghcr.io/silogen/aim-artifact-downloader:0.2.0');
  });

  it('parses a template status written by discovery (spec §8.4/§8.5)', () => {
    const parsed = AIMServiceTemplateSchema().parse(
      parse(`${header('AIMServiceTemplate', 'aim-dummy-mi300x', 'ml-team')}spec:
  modelName: aim-dummy
  hardware:
    gpu:
      minVram: 64Gi
status:
  status: Ready
  observedGeneration: 1
  hardwareSummary: MI300X
  resolvedHardware:
    gpu:
      requests: 0
      model: MI300X
      minVram: 64Gi
  resolvedNodeAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      nodeSelectorTerms:
        - matchExpressions:
            - key: amd.com/gpu.device-id
              operator: In
              values: ["74a1", "74a9", "74b5", "74bd"]
  modelSources:
    - modelId: HuggingFaceTB/SmolLM2-135M
      sourceUri: hf://HuggingFaceTB/SmolLM2-135M
      size: 512Mi
  profile:
    engine_args: { "max-model-len": 2048, "enforce-eager": true }
    env_vars: { VLLM_USE_V1: "1" }
    metadata: { engine: vllm, gpu: MI300X, gpuCount: 0, metric: latency, precision: fp8, type: optimized }
  discovery:
    attempts: 1
    lastAttemptTime: "2026-02-25T10:00:00Z"
    lastFailureReason: BackoffLimitExceeded
    specHash: 0123456789abcdef
  conditions:
    - type: Discovered
      status: "True"
      reason: DiscoveryComplete
      message: ""
      lastTransitionTime: "2026-02-25T10:00:00Z"
`),
    );
    expect(parsed.status?.resolvedHardware?.gpu?.model).toBe('MI300X');
    expect(parsed.status?.profile?.engine_args).toEqual({ 'max-model-len': 2048, 'enforce-eager': true });
  });

  it('parses a service status with the template selection explanation', () => {
    const parsed = AIMServiceSchema().parse(
      parse(`${header('AIMService', 'llama-service', 'ml-team')}spec:
  model:
    name: llama-3-8b
status:
  status: Running
  url: http://gateway/ml-team/llama-service
  routing:
    path: /ml-team/llama-service
  templateSelection:
    selected: llama-mi300x-fp8
    selectedScope: Namespace
    reason: Selected
    candidatesConsidered: 2
    omitted: 0
    candidates:
      - name: llama-mi300x-fp8
        scope: Namespace
        status: Ready
        score: "(0,1,0,2)"
        selected: true
      - name: llama-mi210-fp16
        scope: Cluster
        status: Ready
        rejectedAt: GPUAvailability
        reason: MI210 not available in the cluster
  runtime: { currentReplicas: 1, desiredReplicas: 1, minReplicas: 1, maxReplicas: 1, replicas: "1" }
`),
    );
    expect(parsed.status?.templateSelection?.candidates.map((candidate) => candidate.rejectedAt)).toEqual([
      undefined,
      'GPUAvailability',
    ]);
  });

  it('parses a service status with componentHealth and rejects a component listed twice', () => {
    const service = (entries: string) =>
      parse(`${header('AIMService', 'llama-service', 'ml-team')}spec:
  model:
    name: llama-3-8b
status:
  status: Pending
  componentHealth:
${entries}`);
    const model = `    - component: Model
      state: Failed
      dependencyType: Upstream
      reason: ModelNotFound
      message: model "llama-3-8b" not found
      errorCategories: [MissingUpstreamDependency]
      observedGeneration: 1
      lastTransitionTime: "2025-03-01T12:00:00Z"
`;
    const parsed = AIMServiceSchema().parse(service(model));
    expect(parsed.status?.componentHealth?.[0]).toMatchObject({
      component: 'Model',
      state: 'Failed',
      errorCategories: ['MissingUpstreamDependency'],
    });
    expect(AIMServiceSchema().safeParse(service(model + model)).success).toBe(false);
  });
});
