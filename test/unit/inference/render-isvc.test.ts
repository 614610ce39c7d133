import { describe, expect, it } from 'vitest';
import type { AutoScaling } from '../../../shared/api/autoscaling.ts';
import { cacheVolumesFromArtifacts } from '../../../shared/inference/isvc-volumes.ts';
import {
  type InferenceServiceInputs,
  renderInferenceService,
} from '../../../shared/inference/render-isvc.ts';

const ARTIFACT = 'hf---meta-llama-llama-3-8b-0123456789';
const PVC = `${ARTIFACT}-cache-aa11bb22`;

function inputs(overrides: Partial<InferenceServiceInputs['service']['spec']> = {}): InferenceServiceInputs {
  return {
    isvcName: 'chat-1a2b3c4d',
    service: {
      name: 'chat',
      namespace: 'team-a',
      spec: {
        replicas: 1,
        env: [
          { name: 'HF_HOME', value: '/tmp/hf' },
          { name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":8192}' },
        ],
        resources: { limits: { memory: '64Gi' } },
        imagePullSecrets: [{ name: 'registry-creds' }],
        serviceAccountName: 'inference',
        ...overrides,
      },
    },
    modelImage: 'ghcr.io/amd/llama-3-8b:v1.0.0',
    template: {
      name: 'llama-mi300x-fp16-lat',
      spec: {
        modelName: 'llama-3-8b',
        metric: 'latency',
        precision: 'fp16',
        profileId: 'mi300x-fp16-latency',
        env: [
          { name: 'AIM_ENGINE_ARGS', value: '{"tensor-parallel-size":1,"max-model-len":4096}' },
          { name: 'VLLM_USE_V1', value: '1' },
        ],
        resources: { requests: { cpu: '8' } },
      },
      status: {
        resolvedHardware: { gpu: { requests: 1, resourceName: 'amd.com/gpu' } },
        resolvedNodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  { key: 'amd.com/gpu.device-id', operator: 'In', values: ['74b5', '74a1', '74a5'] },
                ],
              },
            ],
          },
        },
        profile: { metadata: { metric: 'latency', precision: 'fp16' } },
      },
    },
    runtimeConfigEnv: [
      { name: 'HF_HOME', value: '/models' },
      { name: 'AIM_METRIC', value: 'throughput' },
      { name: 'AIM_ENGINE_ARGS', value: '{"gpu-memory-utilization":0.9}' },
    ],
    cacheVolumes: cacheVolumesFromArtifacts({
      [ARTIFACT]: {
        name: ARTIFACT,
        model: 'meta-llama/Llama-3-8B',
        status: 'Ready',
        persistentVolumeClaim: PVC,
      },
      'hf---pending-0000000000': {
        name: 'hf---pending-0000000000',
        model: 'x/y',
        status: 'Progressing',
        persistentVolumeClaim: 'p',
      },
    }),
  };
}

describe('renderInferenceService', () => {
  it('renders the golden InferenceService field by field (spec §10.7)', () => {
    const result = renderInferenceService(inputs());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.isvc).toEqual({
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      metadata: {
        name: 'chat-1a2b3c4d',
        namespace: 'team-a',
        labels: {
          'app.kubernetes.io/component': 'inference',
          'app.kubernetes.io/managed-by': 'aim-engine',
          'aim.eai.amd.com/template': 'llama-mi300x-fp16-lat',
          'aim.eai.amd.com/service': 'chat',
          'aim.eai.amd.com/model': 'llama-3-8b',
          'aim.eai.amd.com/metric': 'latency',
          'aim.eai.amd.com/precision': 'fp16',
        },
        annotations: { 'serving.kserve.io/autoscalerClass': 'none' },
      },
      spec: {
        predictor: {
          minReplicas: 1,
          maxReplicas: 1,
          imagePullSecrets: [{ name: 'registry-creds' }],
          serviceAccountName: 'inference',
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [
                      { key: 'amd.com/gpu.device-id', operator: 'In', values: ['74a1', '74a5', '74b5'] },
                    ],
                  },
                ],
              },
            },
          },
          containers: [
            {
              name: 'kserve-container',
              image: 'ghcr.io/amd/llama-3-8b:v1.0.0',
              ports: [{ containerPort: 8000, name: 'http', protocol: 'TCP' }],
              env: [
                { name: 'AIM_CACHE_PATH', value: '/workspace/cache' },
                {
                  name: 'AIM_ENGINE_ARGS',
                  value: '{"gpu-memory-utilization":0.9,"max-model-len":8192,"tensor-parallel-size":1}',
                },
                { name: 'AIM_METRIC', value: 'latency' },
                { name: 'AIM_PRECISION', value: 'fp16' },
                { name: 'AIM_PROFILE_ID', value: 'mi300x-fp16-latency' },
                { name: 'HF_HOME', value: '/tmp/hf' },
                { name: 'VLLM_ENABLE_METRICS', value: 'true' },
                { name: 'VLLM_USE_V1', value: '1' },
              ],
              resources: {
                limits: { memory: '64Gi', 'amd.com/gpu': '1' },
                requests: { cpu: '8', memory: '32Gi', 'amd.com/gpu': '1' },
              },
              volumeMounts: [
                { name: 'dshm', mountPath: '/dev/shm' },
                { name: ARTIFACT, mountPath: '/workspace/cache/meta-llama/Llama-3-8B' },
              ],
            },
          ],
          volumes: [
            { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
            { name: ARTIFACT, persistentVolumeClaim: { claimName: PVC } },
          ],
        },
      },
    });
  });

  const KEDA_AUTOSCALING: AutoScaling = {
    metrics: [
      {
        type: 'PodMetric',
        podmetric: {
          metric: {
            backend: 'opentelemetry',
            serverAddress: 'keda-otel-scaler.keda.svc:4317',
            metricNames: ['vllm:num_requests_running'],
            query: 'vllm:num_requests_running',
            operationOverTime: 'avg',
          },
          target: { type: 'AverageValue', averageValue: '4' },
        },
      },
    ],
  };

  it('renders KEDA autoscaling: annotations, min/max and predictor.autoScaling', () => {
    const result = renderInferenceService(
      inputs({
        minReplicas: 1,
        maxReplicas: 3,
        autoScaling: KEDA_AUTOSCALING,
      }),
    );
    if (!result.ok) throw new Error('expected a render');
    expect(result.isvc.metadata.annotations).toEqual({
      'serving.kserve.io/autoscalerClass': 'keda',
      'sidecar.opentelemetry.io/inject': 'chat-1a2b3c4d-predictor',
      'prometheus.kserve.io/port': '8000',
    });
    expect(result.isvc.spec.predictor.minReplicas).toBe(1);
    expect(result.isvc.spec.predictor.maxReplicas).toBe(3);
    // Passed on as the service gives it.
    expect(result.isvc.spec.predictor.autoScaling).toEqual(KEDA_AUTOSCALING);
  });

  it('renders fixed replicas without autoScaling (replicas: 3 ⇒ min = max = 3, autoscalerClass none)', () => {
    const result = renderInferenceService(inputs({ replicas: 3 }));
    if (!result.ok) throw new Error('expected a render');
    expect(result.isvc.metadata.annotations).toEqual({ 'serving.kserve.io/autoscalerClass': 'none' });
    expect(result.isvc.spec.predictor).toMatchObject({ minReplicas: 3, maxReplicas: 3 });
    expect(result.isvc.spec.predictor.autoScaling).toBeUndefined();
  });

  it('leaves out what the service does not set: pull secrets, service account, affinity, cache volumes', () => {
    const base = inputs({ imagePullSecrets: [], serviceAccountName: '' });
    const result = renderInferenceService({
      ...base,
      template: { ...base.template, status: { ...base.template.status, resolvedNodeAffinity: undefined } },
      cacheVolumes: [],
    });
    if (!result.ok) throw new Error('expected a render');
    const predictor = result.isvc.spec.predictor;
    expect(Object.keys(predictor).sort()).toEqual(['containers', 'maxReplicas', 'minReplicas', 'volumes']);
    expect(predictor.volumes).toEqual([{ name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } }]);
    expect(predictor.containers[0].volumeMounts).toEqual([{ name: 'dshm', mountPath: '/dev/shm' }]);
  });

  it('adds AIM_MODEL_ID for a template with in-line model sources (custom models)', () => {
    const base = inputs();
    const result = renderInferenceService({
      ...base,
      template: {
        ...base.template,
        spec: {
          ...base.template.spec,
          env: [{ name: 'MAX_MODEL_LEN', value: '2048' }],
          modelSources: [{ modelId: 'inline/test-model' }],
        },
      },
    });
    if (!result.ok) throw new Error('expected a render');
    const env = result.isvc.spec.predictor.containers[0].env as { name: string; value: string }[];
    expect(env).toContainEqual({ name: 'AIM_MODEL_ID', value: 'inline/test-model' });
    expect(env).toContainEqual({ name: 'MAX_MODEL_LEN', value: '2048' });
  });

  it('refuses what the pods cannot carry, naming it', () => {
    const badEnv = renderInferenceService(inputs({ env: [{ name: 'BAD=NAME', value: 'x' }] }));
    expect(badEnv).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({ reason: 'InvalidEnv', message: expect.stringContaining('"BAD=NAME"') }),
      ],
    });
    const badReplicas = renderInferenceService(inputs({ minReplicas: 5, maxReplicas: 2 }));
    expect(badReplicas).toEqual({
      ok: false,
      problems: [{ reason: 'InvalidReplicas', message: 'minReplicas (5) is greater than maxReplicas (2)' }],
    });
    const requestOverLimit = renderInferenceService(inputs({ resources: { requests: { memory: '100Gi' } } }));
    expect(requestOverLimit).toEqual({
      ok: false,
      problems: [
        {
          reason: 'InvalidResources',
          message: 'invalid resources: requests.memory (100Gi) exceeds limits.memory (48Gi)',
        },
      ],
    });
  });
});
