import type { KubeObject } from '../../shared/kube/types.ts';
import { FirstSeen } from './age.ts';
import { FIELD_MANAGER, type SimulatorApi } from './api.ts';
import { inIgnoredNamespace } from './ignored-namespaces.ts';
import type { ThrottledLog } from './log.ts';
import { objectMatches } from './match.ts';
import { type PvcRule, PvcRuleSchema, type SimulatorRules } from './rules.ts';

export const PVC_GVK = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' } as const;
const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
const DEFAULT_RULE = PvcRuleSchema.parse({});

export function pvcRuleFor(rules: readonly PvcRule[], claim: KubeObject): PvcRule {
  const storageClass: string = claim.spec?.storageClassName ?? '';
  return (
    rules.find(
      (rule) =>
        objectMatches(rule.match, {
          namespace: claim.metadata.namespace,
          name: claim.metadata.name,
          labels: claim.metadata.labels,
        }) &&
        (rule.match.storageClass === undefined || rule.match.storageClass === storageClass),
    ) ?? DEFAULT_RULE
  );
}

/** The phase a claim should have now: undefined means leave it as it is. */
export function desiredClaimPhase(rule: PvcRule, currentPhase: string | undefined, ageSeconds: number) {
  if (ageSeconds < rule.afterSeconds) return undefined;
  if (rule.lost) return 'Lost';
  if (rule.bind && currentPhase !== 'Bound' && currentPhase !== 'Lost') return 'Bound';
  return undefined;
}

function claimsInUse(pods: readonly KubeObject[]): Set<string> {
  const inUse = new Set<string>();
  for (const pod of pods) {
    if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
    for (const volume of (pod.spec?.volumes ?? []) as { persistentVolumeClaim?: { claimName?: string } }[]) {
      const claim = volume.persistentVolumeClaim?.claimName;
      if (claim) inUse.add(`${pod.metadata.namespace}/${claim}`);
    }
  }
  return inUse;
}

/**
 * Plays a storage provisioner (claims become Bound with the requested capacity, stay Pending or
 * turn Lost, per rule) and the pvc-protection controller that kube-controller-manager runs in a
 * real cluster (it is not started locally): a deleted claim no running pod uses loses its
 * `kubernetes.io/pvc-protection` finalizer, so it can go away.
 * Returns each claim's phase after this pass, keyed `namespace/name`.
 */
export class PvcProvisioner {
  readonly #api: SimulatorApi;
  readonly #log: ThrottledLog;
  readonly #firstSeen = new FirstSeen();

  constructor(api: SimulatorApi, log: ThrottledLog) {
    this.#api = api;
    this.#log = log;
  }

  async sync(
    rules: SimulatorRules,
    claims: readonly KubeObject[],
    pods: readonly KubeObject[],
    nowMs: number,
  ): Promise<Map<string, string | undefined>> {
    const phases = new Map<string, string | undefined>();
    const inUse = claimsInUse(pods);
    for (const claim of claims) {
      const key = `${claim.metadata.namespace}/${claim.metadata.name}`;
      const namespace = claim.metadata.namespace ?? 'default';
      phases.set(key, claim.status?.phase);
      try {
        if (claim.metadata.deletionTimestamp) {
          const finalizers = claim.metadata.finalizers ?? [];
          if (finalizers.includes(PVC_PROTECTION_FINALIZER) && !inUse.has(key)) {
            await this.#api.client.mergePatch(
              { ...PVC_GVK, namespace, name: claim.metadata.name },
              {
                metadata: {
                  finalizers: finalizers.filter((f) => f !== PVC_PROTECTION_FINALIZER),
                  resourceVersion: claim.metadata.resourceVersion,
                },
              },
              { fieldManager: FIELD_MANAGER },
            );
          }
          continue;
        }
        if (inIgnoredNamespace(rules.ignoredNamespaces, claim)) continue;
        const rule = pvcRuleFor(rules.pvcs.rules, claim);
        const age = this.#firstSeen.ageSeconds(
          claim.metadata.uid ?? key,
          claim.metadata.creationTimestamp,
          nowMs,
        );
        const phase = desiredClaimPhase(rule, claim.status?.phase, age);
        if (phase === undefined || phase === claim.status?.phase) continue;
        const status: Record<string, unknown> = { phase };
        if (phase === 'Bound') {
          status.accessModes = claim.spec?.accessModes ?? ['ReadWriteOnce'];
          status.capacity = { storage: claim.spec?.resources?.requests?.storage ?? '1Gi' };
        }
        await this.#api.patchStatus({ ...PVC_GVK, namespace, name: claim.metadata.name }, status);
        phases.set(key, phase);
        this.#log.log.info({ claim: key, phase, rule: rule.name }, 'PersistentVolumeClaim status');
      } catch (err) {
        this.#log.failure(`pvc/${key}`, err, { claim: key }, 'cannot sync PersistentVolumeClaim');
      }
    }
    this.#firstSeen.retain(new Set(claims.map((c) => c.metadata.uid ?? '')));
    return phases;
  }
}
