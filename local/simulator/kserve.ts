import { createHash } from 'node:crypto';
import { isNotFound } from '../../shared/kube/errors.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { eachWithConcurrency } from '../../shared/runtime/concurrency.ts';
import { FirstSeen } from './age.ts';
import { FIELD_MANAGER, type SimulatorApi } from './api.ts';
import { EventOnce } from './events.ts';
import { inferenceServiceStatus, inferenceServiceStatusSignature } from './isvc-status.ts';
import type { ThrottledLog } from './log.ts';
import { firstMatching, identityOf } from './match.ts';
import { ISVC_LABEL } from './pod-behaviour.ts';
import { InferenceServiceRuleSchema, type SimulatorRules } from './rules.ts';

/** InferenceServices synced at once in one pass. */
const SYNC_CONCURRENCY = 8;

export const ISVC_GVK = { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' } as const;
const TEMPLATE_HASH_LABEL = 'pod-template-hash';
const DEFAULT_RULE = InferenceServiceRuleSchema.parse({});

/* The PodSpec fields KServe's PredictorSpec inlines and passes on to the predictor pods. */
const POD_SPEC_FIELDS = [
  'containers',
  'initContainers',
  'volumes',
  'affinity',
  'nodeSelector',
  'tolerations',
  'imagePullSecrets',
  'serviceAccountName',
  'securityContext',
  'schedulerName',
  'priorityClassName',
  'runtimeClassName',
  'terminationGracePeriodSeconds',
  'hostIPC',
  'dnsPolicy',
] as const;

/** The predictor pod KServe's Deployment would run, and the hash naming its revision. */
export function predictorPodTemplate(isvc: KubeObject): { spec: Record<string, unknown>; hash: string } {
  const predictor: Record<string, unknown> = isvc.spec?.predictor ?? {};
  const spec: Record<string, unknown> = {};
  for (const field of POD_SPEC_FIELDS) if (predictor[field] !== undefined) spec[field] = predictor[field];
  const containers = Array.isArray(spec.containers) ? (spec.containers as Record<string, unknown>[]) : [];
  spec.containers =
    containers.length > 0
      ? containers.map((c, i) => ({
          ...c,
          name: c.name ?? (i === 0 ? 'kserve-container' : `container-${i}`),
        }))
      : [
          {
            name: 'kserve-container',
            image: 'kserve/sim-model-server:latest',
            args: ['--model_name', isvc.metadata.name],
          },
        ];
  spec.restartPolicy = 'Always';
  const hash = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 10);
  return { spec, hash };
}

export function desiredReplicas(isvc: KubeObject): number {
  const min = isvc.spec?.predictor?.minReplicas;
  return typeof min === 'number' && min >= 0 ? min : 1;
}

/** Pods by the uid of each owner: a pass finds an InferenceService's pods without scanning them all. */
function podsByOwner(pods: readonly KubeObject[]): Map<string, KubeObject[]> {
  const byOwner = new Map<string, KubeObject[]>();
  for (const pod of pods) {
    for (const ref of pod.metadata.ownerReferences ?? []) {
      const owned = byOwner.get(ref.uid) ?? [];
      owned.push(pod);
      byOwner.set(ref.uid, owned);
    }
  }
  return byOwner;
}

/**
 * Plays KServe's controller in Standard mode for every InferenceService: runs its predictor pods
 * (owned by the ISVC, labelled `serving.kserve.io/inferenceservice=<name>`, one per minReplicas;
 * a changed predictor spec replaces them) and writes the status KServe would, per the first
 * matching rule.
 */
export class KServeSimulator {
  readonly #api: SimulatorApi;
  readonly #log: ThrottledLog;
  readonly #firstSeen = new FirstSeen();
  readonly #events = new EventOnce();

  constructor(api: SimulatorApi, log: ThrottledLog) {
    this.#api = api;
    this.#log = log;
  }

  async sync(rules: SimulatorRules, pods: readonly KubeObject[], nowMs: number): Promise<void> {
    let isvcs: KubeObject[];
    try {
      isvcs = (await this.#api.client.list(ISVC_GVK)).items;
    } catch (err) {
      if (isNotFound(err)) {
        this.#log.warn('isvc-crd', {}, 'InferenceService CRD is not installed; KServe simulation idle');
        return;
      }
      throw err;
    }
    const predictorPods = podsByOwner(pods.filter((p) => p.metadata.labels?.[ISVC_LABEL] !== undefined));
    // InferenceServices are independent: a few at a time, so that a pass over 100 of them takes
    // about as long as KServe would for one, not a write round trip per object in turn (it took
    // the simulator 3 s to notice a new InferenceService in bench:platform at N=100).
    const live = isvcs.filter((isvc) => !isvc.metadata.deletionTimestamp);
    await eachWithConcurrency(
      live,
      SYNC_CONCURRENCY,
      (isvc) => this.#syncOne(isvc, rules, predictorPods, nowMs),
      (isvc, err) => {
        const key = `${isvc.metadata.namespace}/${isvc.metadata.name}`;
        this.#log.failure(`isvc/${key}`, err, { inferenceService: key }, 'cannot sync InferenceService');
      },
    );
    const uids = new Set(isvcs.map((i) => i.metadata.uid ?? ''));
    this.#firstSeen.retain(uids);
    this.#events.retain(uids);
  }

  async #syncOne(
    isvc: KubeObject,
    rules: SimulatorRules,
    podsByOwner: ReadonlyMap<string, readonly KubeObject[]>,
    nowMs: number,
  ) {
    const rule = firstMatching(rules.inferenceServices.rules, identityOf(isvc)) ?? DEFAULT_RULE;
    if (rule.event) {
      await this.#events.record(this.#api.client, {
        about: isvc,
        ...rule.event,
        component: 'inferenceservice-controller',
        nowMs,
      });
    }
    const { spec, hash } = predictorPodTemplate(isvc);
    const replicas = desiredReplicas(isvc);
    const owned = (podsByOwner.get(isvc.metadata.uid ?? '') ?? []).filter(
      (p) => !p.metadata.deletionTimestamp,
    );
    const current = owned.filter((p) => p.metadata.labels?.[TEMPLATE_HASH_LABEL] === hash);
    if (rule.createPods) {
      const stale = owned.filter((p) => p.metadata.labels?.[TEMPLATE_HASH_LABEL] !== hash);
      const extra = current.slice(replicas);
      for (const pod of [...stale, ...extra]) {
        // Already gone: this pass's copy came from a watch that has not seen the deletion yet.
        await this.#api.client
          .delete({
            apiVersion: 'v1',
            kind: 'Pod',
            namespace: pod.metadata.namespace ?? 'default',
            name: pod.metadata.name,
          })
          .catch((err: unknown) => {
            if (!isNotFound(err)) throw err;
          });
      }
      for (let i = current.length; i < replicas; i++) await this.#createPod(isvc, spec, hash);
    }
    const status = inferenceServiceStatus({
      isvc,
      rule,
      pods: current.slice(0, replicas),
      desiredReplicas: replicas,
      ageSeconds: this.#firstSeen.ageSeconds(isvc.metadata.uid ?? '', isvc.metadata.creationTimestamp, nowMs),
      nowMs,
    });
    if (inferenceServiceStatusSignature(status) === inferenceServiceStatusSignature(isvc.status)) return;
    await this.#api.patchStatus(
      { ...ISVC_GVK, namespace: isvc.metadata.namespace ?? 'default', name: isvc.metadata.name },
      status,
    );
    const ready = (status.conditions as { type: string; status: string }[]).find((c) => c.type === 'Ready');
    this.#log.log.info(
      { inferenceService: `${isvc.metadata.namespace}/${isvc.metadata.name}`, ready: ready?.status },
      'InferenceService status',
    );
  }

  async #createPod(isvc: KubeObject, spec: Record<string, unknown>, hash: string): Promise<void> {
    const name = isvc.metadata.name;
    const predictor = isvc.spec?.predictor ?? {};
    await this.#api.client.create(
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          // Named like a ReplicaSet's pods (<isvc>-predictor-<hash>-<random>) by generateName.
          name: '',
          ...{ generateName: `${name}-predictor-${hash}-` },
          namespace: isvc.metadata.namespace ?? 'default',
          labels: {
            ...(isvc.metadata.labels ?? {}),
            ...(predictor.labels ?? {}),
            [ISVC_LABEL]: name,
            component: 'predictor',
            app: `isvc.${name}-predictor`,
            [TEMPLATE_HASH_LABEL]: hash,
          },
          annotations: { ...(predictor.annotations ?? {}) },
          ownerReferences: [
            {
              apiVersion: ISVC_GVK.apiVersion,
              kind: ISVC_GVK.kind,
              name,
              uid: isvc.metadata.uid ?? '',
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
        spec,
      },
      { fieldManager: FIELD_MANAGER },
    );
  }
}
