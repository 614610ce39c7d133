import { HPA_GVK } from '../../shared/inference/hpa-health.ts';
import { isNotFound } from '../../shared/kube/errors.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { eachWithConcurrency } from '../../shared/runtime/concurrency.ts';
import type { SimulatorApi } from './api.ts';
import type { ThrottledLog } from './log.ts';
import { rfc3339 } from './pod-lifecycle.ts';

export const SCALED_OBJECT_GVK = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject' } as const;
/** KEDA's operator writes the HPAs it derives under this field manager. */
const KEDA_MANAGER = 'keda-operator';

/**
 * KEDA's name for the HPA it derives from a ScaledObject. Spelled here as KEDA does, not taken from
 * the product's naming: isvc-render must find the HPA under the name KEDA really gives it.
 */
export function kedaHpaName(scaledObject: string): string {
  return `keda-hpa-${scaledObject}`;
}

interface Trigger {
  type?: string;
  metadata?: Record<string, string>;
}

/**
 * The HPA KEDA derives from a ScaledObject: its target Deployment, the replica bounds, one
 * External metric per trigger (`s<i>-<type>`, selected by the ScaledObject's name, the trigger's
 * threshold as the per-pod target), owned by the ScaledObject.
 */
export function derivedHpa(scaledObject: KubeObject): KubeObject {
  const name = scaledObject.metadata.name;
  const spec = scaledObject.spec ?? {};
  const triggers: Trigger[] = spec.triggers ?? [];
  const minReplicas = typeof spec.minReplicaCount === 'number' ? spec.minReplicaCount : 1;
  return {
    apiVersion: HPA_GVK.apiVersion,
    kind: HPA_GVK.kind,
    metadata: {
      name: kedaHpaName(name),
      namespace: scaledObject.metadata.namespace ?? 'default',
      labels: { 'app.kubernetes.io/managed-by': 'keda-operator', 'scaledobject.keda.sh/name': name },
      ownerReferences: [
        {
          apiVersion: SCALED_OBJECT_GVK.apiVersion,
          kind: SCALED_OBJECT_GVK.kind,
          name,
          uid: scaledObject.metadata.uid ?? '',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.scaleTargetRef?.name ?? name },
      minReplicas,
      maxReplicas: typeof spec.maxReplicaCount === 'number' ? spec.maxReplicaCount : 100,
      metrics: triggers.map((trigger, i) => ({
        type: 'External',
        external: {
          metric: {
            name: `s${i}-${trigger.type ?? 'metric'}`,
            selector: { matchLabels: { 'scaledobject.keda.sh/name': name } },
          },
          target: { type: 'AverageValue', averageValue: trigger.metadata?.threshold ?? '1' },
        },
      })),
    },
  };
}

/** The HPA's status as the HPA controller reports an active, unconstrained autoscaler. */
export function hpaStatus(hpa: KubeObject, currentReplicas: number, nowMs: number): Record<string, unknown> {
  const min = hpa.spec?.minReplicas ?? 1;
  const time = rfc3339(nowMs);
  const condition = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    reason,
    message,
    lastTransitionTime: time,
  });
  return {
    currentReplicas,
    desiredReplicas: Math.max(min, currentReplicas),
    conditions: [
      condition('AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size'),
      condition(
        'ScalingActive',
        'True',
        'ValidMetricFound',
        'the HPA was able to successfully calculate a replica count',
      ),
      condition(
        'ScalingLimited',
        'False',
        'DesiredWithinRange',
        'the desired count is within the acceptable range',
      ),
    ],
  };
}

function sameSpec(a: KubeObject | undefined, b: KubeObject): boolean {
  return a !== undefined && JSON.stringify(a.spec) === JSON.stringify(b.spec);
}

/**
 * Plays KEDA (which cannot run here without its metrics servers): for each ScaledObject, the HPA
 * it derives, with the status of an autoscaler that has found its metrics. The Deployment's
 * replicas are left to KServe.
 */
export class KedaSimulator {
  readonly #api: SimulatorApi;
  readonly #log: ThrottledLog;

  constructor(api: SimulatorApi, log: ThrottledLog) {
    this.#api = api;
    this.#log = log;
  }

  async sync(nowMs: number): Promise<void> {
    const client = this.#api.client;
    const scaledObjects = (await client.list(SCALED_OBJECT_GVK)).items.filter(
      (so) => !so.metadata.deletionTimestamp,
    );
    await eachWithConcurrency(
      scaledObjects,
      8,
      async (so) => {
        const desired = derivedHpa(so);
        const key = {
          ...HPA_GVK,
          namespace: desired.metadata.namespace ?? 'default',
          name: desired.metadata.name,
        };
        const existing = await client.get(key).catch((err: unknown) => {
          if (isNotFound(err)) return undefined;
          throw err;
        });
        const hpa = sameSpec(existing, desired)
          ? (existing as KubeObject)
          : await client.apply(desired, { fieldManager: KEDA_MANAGER, force: true });
        const target = await client
          .get({
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            namespace: key.namespace,
            name: hpa.spec.scaleTargetRef.name,
          })
          .catch(() => undefined);
        const status = hpaStatus(hpa, target?.status?.replicas ?? 0, nowMs);
        const current = hpa.status ?? {};
        const unchanged =
          current.currentReplicas === status.currentReplicas &&
          current.desiredReplicas === status.desiredReplicas &&
          (current.conditions ?? []).length === 3;
        if (unchanged) return;
        await this.#api.patchStatus(key, status);
      },
      (so, err) => {
        const key = `${so.metadata.namespace}/${so.metadata.name}`;
        this.#log.failure(
          `keda/${key}`,
          err,
          { scaledObject: key },
          'cannot derive the HPA of a ScaledObject',
        );
      },
    );
  }
}
