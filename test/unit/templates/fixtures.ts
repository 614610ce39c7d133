/** Objects and a pipeline harness for the template reconciler tests. */
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import type { EventRecorder, ReconcileContext } from '../../../shared/reconcile/reconciler.ts';
import { testContext } from '../../support/reconcile-context.ts';

export const NS = 'team-a';
export const OPERATOR_NS = 'aim-system';
export const IMAGE = 'ghcr.io/amd/aim-dummy:0.1.0';

export function model(name = 'llama', spec: Record<string, unknown> = {}, namespace = NS): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMModel',
    metadata: { name, namespace },
    spec: { image: IMAGE, ...spec },
    status: { status: 'Ready', conditions: [] },
  };
}

export function clusterModel(name = 'llama', spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMClusterModel',
    metadata: { name },
    spec: { image: IMAGE, ...spec },
    status: { status: 'Ready', conditions: [] },
  };
}

export function template(
  name: string,
  spec: Record<string, unknown> = {},
  options: { namespace?: string; labels?: Record<string, string>; status?: Record<string, unknown> } = {},
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMServiceTemplate',
    metadata: {
      name,
      namespace: options.namespace ?? NS,
      generation: 1,
      ...(options.labels ? { labels: options.labels } : {}),
    },
    spec: { modelName: 'llama', ...spec },
    ...(options.status ? { status: options.status } : {}),
  };
}

export function clusterTemplate(name: string, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMClusterServiceTemplate',
    metadata: { name, generation: 1 },
    spec: { modelName: 'llama', ...spec },
  };
}

export function gpuNode(
  name: string,
  deviceId: string,
  extraLabels: Record<string, string> = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'amd.com/gpu.device-id': deviceId, ...extraLabels } },
  };
}

export const GPU_MI300X = { gpu: { requests: 1, model: 'MI300X' } };

export interface RecordedEvent {
  object: string;
  type: string;
  reason: string;
  message: string;
}

export function recordingRecorder(events: RecordedEvent[]): EventRecorder {
  return {
    async record(object, type, reason, message) {
      events.push({ object: object.metadata.name, type, reason, message });
    },
  };
}

export function context(
  client: ReconcileContext['client'],
  now: () => Date,
  extra: Partial<ReconcileContext> = {},
): ReconcileContext {
  return testContext(client, {
    fieldManager: 'aim-template-discover',
    now,
    operatorNamespace: OPERATOR_NS,
    ...extra,
  });
}

/** aim-dummy's discovery result for an MI300X × 1 template (spec §8.4 example). */
export const DRY_RUN_RESULT = [
  {
    filename: 'vllm-mi300x-fp8-tp1-latency.yaml',
    profile: {
      model: 'HuggingFaceTB/SmolLM2-135M',
      quantized_model: 'HuggingFaceTB/SmolLM2-135M',
      metadata: {
        engine: 'vllm',
        gpu: 'MI300X',
        precision: 'fp8',
        gpu_count: 1,
        metric: 'latency',
        type: 'optimized',
      },
      engine_args: { 'max-model-len': 2048, 'tensor-parallel-size': 1 },
      env_vars: { VLLM_USE_TRITON_FLASH_ATTN: '0' },
    },
    models: [{ name: 'HuggingFaceTB/SmolLM2-135M', source: 'hf://HuggingFaceTB/SmolLM2-135M', size_gb: 0.5 }],
  },
];

/** The profile metadata `DRY_RUN_RESULT` yields once parsed. */
export const DRY_RUN_METADATA = {
  engine: 'vllm',
  gpu: 'MI300X',
  gpuCount: 1,
  metric: 'latency',
  precision: 'fp8',
  type: 'optimized',
};

/** The discovery job's log: the result with noise around it. */
export const DRY_RUN_LOG = [
  'INFO  aim-runtime: loading profile catalogue [profiles]',
  JSON.stringify(DRY_RUN_RESULT, null, 2),
  '[done]',
].join('\n');
