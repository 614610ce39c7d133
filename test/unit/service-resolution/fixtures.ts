/** Objects and a reconcile context for service-resolution tests (FakeKubeClient-backed). */
import type { KubeObject } from '../../../shared/kube/types.ts';
import { componentHealthOf } from '../../../shared/reconcile/component-health-status.ts';
import type { EventRecorder, ReconcileContext } from '../../../shared/reconcile/reconciler.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { conditionsOf } from '../../../shared/reconcile/status-write.ts';
import { summarizeConditions } from '../../../shared/reconcile/summary.ts';
import type { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

export const API = 'aim.eai.amd.com/v1alpha1';
export const NS = 'team';
export const NOW = new Date('2026-05-01T12:00:00Z');

type Fields = Record<string, unknown>;

export function service(
  name: string,
  spec: Fields,
  extra: { status?: Fields; labels?: Record<string, string> } = {},
) {
  const object: KubeObject = {
    apiVersion: API,
    kind: 'AIMService',
    metadata: { name, namespace: NS, ...(extra.labels ? { labels: extra.labels } : {}) },
    spec,
  };
  if (extra.status) object.status = extra.status;
  return object;
}

export function model(name: string, image: string, status = 'Ready', extra: Fields = {}): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMModel',
    metadata: { name, namespace: NS },
    spec: { image, ...extra },
    status: { status },
  };
}

export function clusterModel(name: string, image: string, status = 'Ready'): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMClusterModel',
    metadata: { name },
    spec: { image },
    status: { status },
  };
}

export interface TemplateFields {
  status?: string;
  type?: string;
  gpu?: string;
  gpuCount?: number;
  metric?: string;
  precision?: string;
  spec?: Fields;
  labels?: Record<string, string>;
}

function templateStatus(fields: TemplateFields): Fields {
  return {
    status: fields.status ?? 'Ready',
    profile: {
      metadata: {
        type: fields.type ?? 'optimized',
        gpu: fields.gpu ?? 'MI300X',
        gpuCount: fields.gpuCount ?? 1,
        metric: fields.metric ?? 'latency',
        precision: fields.precision ?? 'fp8',
      },
    },
  };
}

export function template(name: string, modelName: string, fields: TemplateFields = {}): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMServiceTemplate',
    metadata: { name, namespace: NS, ...(fields.labels ? { labels: fields.labels } : {}) },
    spec: { modelName, ...fields.spec },
    status: templateStatus(fields),
  };
}

export function clusterTemplate(name: string, modelName: string, fields: TemplateFields = {}): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMClusterServiceTemplate',
    metadata: { name },
    spec: { modelName, ...fields.spec },
    status: templateStatus(fields),
  };
}

export function gpuNode(name: string, deviceId: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'amd.com/gpu.device-id': deviceId } },
  };
}

export const MI300X_NODE = gpuNode('mi300x-0', '74a1');
export const MI325X_NODE = gpuNode('mi325x-0', '74a5');

export function recorder(): EventRecorder & { events: { type: string; reason: string; message: string }[] } {
  const events: { type: string; reason: string; message: string }[] = [];
  return {
    events,
    async record(_obj, type, reason, message) {
      events.push({ type, reason, message });
    },
  };
}

export function context(client: FakeKubeClient, extra: Partial<ReconcileContext> = {}): ReconcileContext {
  return testContext(client, { fieldManager: 'aim-service-resolve', now: () => NOW, ...extra });
}

/** What the summary writer (isvc-render) derives from the status service-resolve wrote. */
export function summaryOf(status: Fields | undefined) {
  const current = status ?? {};
  return summarizeConditions(conditionsOf(current), {
    now: NOW,
    components: componentHealthOf(current),
    statusMapping: aimServiceStatus,
  });
}

export function conditionOf(status: Fields | undefined, type: string) {
  return conditionsOf(status ?? {}).find((condition) => condition.type === type);
}
