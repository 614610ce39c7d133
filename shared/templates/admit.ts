/**
 * The admit step of a template reconcile: when the launch decision says so, build the discovery Job
 * and create it under the global limit. What happened (created, no slot, lock busy, ...) becomes
 * part of what plan, health and decorate see, so the status written by this very reconcile tells
 * the truth about the Job.
 */
import type { KubeObject } from '../kube/types.ts';
import { fetched as fetchedValue } from '../reconcile/health.ts';
import type { ReconcileContext } from '../reconcile/reconciler.ts';
import { admitDiscoveryJob, type DiscoveryLimiter } from './discovery-admission.ts';
import { buildDiscoveryJob, type DiscoveryModel } from './discovery-job.ts';
import { decideDiscoveryLaunch } from './discovery-launch.ts';
import type { DiscoveryObservation, TemplateFetched } from './fetched.ts';
import { discoveryNamespace } from './scope.ts';

function discoveryModel(model: KubeObject, image: string): DiscoveryModel {
  const spec = (model.spec ?? {}) as Record<string, unknown>;
  const result: DiscoveryModel = { image };
  if (Array.isArray(spec.imagePullSecrets)) {
    result.imagePullSecrets = spec.imagePullSecrets.filter(
      (secret): secret is { name: string } =>
        typeof secret === 'object' && secret !== null && typeof secret.name === 'string',
    );
  }
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName !== '') {
    result.serviceAccountName = spec.serviceAccountName;
  }
  return result;
}

function isControlledBy(job: KubeObject, uid: string | undefined): boolean {
  return (job.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === uid);
}

export async function admitTemplateDiscovery(
  ctx: ReconcileContext,
  limiter: DiscoveryLimiter,
  fetched: TemplateFetched,
  now: Date,
): Promise<TemplateFetched> {
  const decision = decideDiscoveryLaunch(fetched, now);
  if (!decision.launch || !fetched.model.ok || fetched.discovery === undefined) return fetched;
  const { scope, template, object } = fetched;
  const runtimeConfig = fetched.runtimeConfig.ok ? fetched.runtimeConfig.value?.spec : undefined;
  const job = buildDiscoveryJob({
    scope,
    template,
    object,
    model: discoveryModel(fetched.model.value, decision.image),
    namespace: discoveryNamespace(scope, template, ctx.operatorNamespace),
    runtimeConfig,
  });
  const admission = await admitDiscoveryJob(ctx.client, limiter, {
    template: object,
    job,
    lockNamespace: ctx.operatorNamespace,
    fieldManager: ctx.fieldManager,
    now,
  });
  const discovery: DiscoveryObservation = { ...fetched.discovery, admission };
  const started =
    admission.outcome === 'created' || admission.outcome === 'exists' ? admission.job : undefined;
  if (started !== undefined && isControlledBy(started, object.metadata.uid)) {
    discovery.job = started;
    discovery.jobs = fetchedValue([started]);
    // Just created: its pods do not exist yet.
    discovery.pods = fetchedValue({ pods: [], events: [], logs: new Map<string, string>() });
  }
  return { ...fetched, discovery };
}
