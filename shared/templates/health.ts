/**
 * The components of a template (spec §8.2), in upstream order: RuntimeConfig, Model/ClusterModel,
 * DiscoveryJob and DiscoveryPods while discovery is outstanding, GPU when one is required. GPU
 * missing ⇒ NotAvailable, which outranks everything but Failed.
 */
import { TEMPLATE_COMPONENTS, TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import {
  type ComponentHealth,
  DEPENDENCY_TYPES,
  type HealthInspection,
  toComponentHealth,
  toDownstreamComponentHealth,
} from '../reconcile/health.ts';
import { runtimeConfigHealth } from '../reconcile/runtime-config.ts';
import { inspectJob, jobPhase } from '../workloads/job-inspector.ts';
import { inspectPods } from '../workloads/pods-inspector.ts';
import { nextAttemptTime } from './circuit-breaker.ts';
import type { DiscoveryAdmission } from './discovery-admission.ts';
import { templateDiscoverySpecHash } from './discovery-job.ts';
import type { DiscoveryObservation, TemplateFetched } from './fetched.ts';
import { modelHealth } from './model-health.ts';
import { gpuVerdict, modelImage } from './template-facts.ts';

function pendingJob(message: string): HealthInspection {
  return { state: 'Pending', reason: TEMPLATE_REASONS.jobNotCreated, message };
}

/** Why no Job exists after this reconcile tried (or did not try) to start one. */
function withoutJob(
  fetched: TemplateFetched,
  admission: DiscoveryAdmission | undefined,
  now: Date,
): HealthInspection {
  switch (admission?.outcome) {
    case 'no-slot':
      return pendingJob(
        `Waiting for a free discovery slot: ${admission.active} of ${admission.limit} discovery jobs are active`,
      );
    case 'lock-timeout':
      return pendingJob('Waiting for the discovery lock held by another instance');
    case 'stale':
      return pendingJob('The template changed while the discovery job was being started; retrying');
    case 'exists':
      return pendingJob('A discovery job of the same name exists but does not belong to this template');
    case 'failed':
      return { errors: [admission.error] };
    case 'created':
    case undefined:
      break;
  }
  const { template } = fetched;
  const state = template.status?.discovery;
  const image = modelImage(fetched.model);
  const next =
    image === undefined ? undefined : nextAttemptTime(state, templateDiscoverySpecHash(template, image));
  if (next !== undefined && state !== undefined && now.getTime() < next.getTime()) {
    return {
      state: 'Failed',
      reason: TEMPLATE_REASONS.discoveryFailed,
      message: `Discovery attempt ${state.attempts ?? 0} failed: ${state.lastFailureReason ?? 'unknown failure'}; next attempt after ${next.toISOString()}`,
    };
  }
  return pendingJob('Discovery job not created yet: waiting for the model and runtime config');
}

function discoveryJobHealth(
  fetched: TemplateFetched,
  discovery: DiscoveryObservation,
  now: Date,
): ComponentHealth {
  return toDownstreamComponentHealth(TEMPLATE_COMPONENTS.discoveryJob, discovery.jobs, () => {
    const job = discovery.job;
    if (job === undefined) return withoutJob(fetched, discovery.admission, now);
    if (jobPhase(job) !== 'Complete') return inspectJob(job);
    const output = discovery.output;
    if (output === undefined || output.ok) return inspectJob(job);
    return { errors: [output.error] };
  });
}

function discoveryPodsHealth(discovery: DiscoveryObservation): ComponentHealth | undefined {
  const pods = discovery.pods;
  if (discovery.job === undefined || pods === undefined) return undefined;
  if (pods.ok && pods.value.pods.length === 0) return undefined;
  const health = toComponentHealth(TEMPLATE_COMPONENTS.discoveryPods, pods, inspectPods);
  return { ...health, dependencyType: DEPENDENCY_TYPES.downstream };
}

function gpuHealth(fetched: TemplateFetched): ComponentHealth | undefined {
  const verdict = gpuVerdict(fetched.template, fetched.gpu);
  const component = TEMPLATE_COMPONENTS.gpu;
  switch (verdict.kind) {
    case 'not-required':
      return undefined;
    case 'unknown': {
      const cause = verdict.error instanceof Error ? verdict.error.message : String(verdict.error);
      return {
        component,
        errors: [
          new StateError(
            ERROR_CATEGORIES.infrastructure,
            TEMPLATE_REASONS.gpuCheckFailed,
            `Checking GPU availability failed: ${cause}`,
            { cause: verdict.error },
          ),
        ],
      };
    }
    case 'checked':
      return { component, errors: [], ...verdict.availability };
  }
}

export function templateHealth(fetched: TemplateFetched, now: Date): ComponentHealth[] {
  const health: ComponentHealth[] = [
    runtimeConfigHealth(fetched.runtimeConfig, { upstream: false }),
    modelHealth(fetched.scope, fetched.template, fetched.model),
  ];
  const discovery = fetched.discovery;
  if (discovery !== undefined) {
    health.push(discoveryJobHealth(fetched, discovery, now));
    const pods = discoveryPodsHealth(discovery);
    if (pods !== undefined) health.push(pods);
  }
  const gpu = gpuHealth(fetched);
  if (gpu !== undefined) health.push(gpu);
  return health;
}
