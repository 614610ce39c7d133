/**
 * Template status decoration (spec §8.5): the resolved model, the sources and profile (copied
 * from the spec, or discovered), the resolved hardware and its summary, the node affinity, the
 * latest discovery Job, the circuit breaker state and the `Discovered` condition.
 *
 * Differences from upstream, on purpose: a successful discovery sets `Discovered=True
 * DiscoveryComplete` and keeps it (quirk 1); an unusable result counts as a failed attempt (quirk
 * 14); the node affinity follows the current GPU inventory (it depends on it for `minVram`).
 */

import type { DiscoveryState } from '../api/aim-service-template.ts';
import type { AIMProfile } from '../api/common/profile.ts';
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import { buildNodeAffinity } from '../gpu/node-affinity.ts';
import { keepWrittenSetOrder } from '../kube/set-order.ts';
import type { KubeObject } from '../kube/types.ts';
import { canonicalModelSources } from '../quantity/canonical-fields.ts';
import { isStateError } from '../reconcile/categorize.ts';
import type { ConditionSet } from '../reconcile/conditions.ts';
import { jobFailure, jobPhase } from '../workloads/job-inspector.ts';
import { nextAttemptTime, recordDiscoveryFailure } from './circuit-breaker.ts';
import { templateDiscoverySpecHash } from './discovery-job.ts';
import type { DiscoveryObservation, TemplateFetched } from './fetched.ts';
import { hardwareSummary, resolveHardware } from './resolved-hardware.ts';
import { type AnyTemplate, hasInlineModelSources } from './scope.ts';
import { gpuVerdict, isDiscoveryDone, modelImage } from './template-facts.ts';

type Status = Record<string, unknown>;

function setOrDelete(status: Status, field: string, value: unknown): void {
  if (value === undefined || value === '') delete status[field];
  else status[field] = value;
}

function inlineProfile(template: AnyTemplate): AIMProfile {
  const { spec } = template;
  const metadata: NonNullable<AIMProfile['metadata']> = {};
  const gpu = spec.hardware?.gpu;
  if (gpu !== undefined) {
    metadata.gpuCount = gpu.requests ?? 0;
    if (gpu.model) metadata.gpu = gpu.model;
  }
  if (spec.metric) metadata.metric = spec.metric;
  if (spec.precision) metadata.precision = spec.precision;
  if (spec.type) metadata.type = spec.type;
  return { metadata };
}

/**
 * Node affinity from the spec's hardware and the current inventory; untouched when the inventory is
 * unknown. The device ids keep the order already written when they are the same set: the Go
 * operator renders an InferenceService's affinity from this field, so after going back to it a
 * re-sorted list would roll every predictor.
 */
function refreshNodeAffinity(status: Status, fetched: TemplateFetched): void {
  const verdict = gpuVerdict(fetched.template, fetched.gpu);
  if (verdict.kind === 'unknown') return;
  const inventory = verdict.kind === 'checked' ? verdict.inventory : new Map();
  const affinity = buildNodeAffinity(fetched.template.spec.hardware, inventory);
  setOrDelete(
    status,
    'resolvedNodeAffinity',
    keepWrittenSetOrder(affinity, fetched.template.status?.resolvedNodeAffinity),
  );
}

/** A failure of the newest Job worth counting: it failed, or it completed without a usable result. */
function attemptFailure(discovery: DiscoveryObservation): { job: KubeObject; reason: string } | undefined {
  const job = discovery.job;
  if (job === undefined) return undefined;
  const phase = jobPhase(job);
  if (phase === 'Failed') return { job, reason: jobFailure(job)?.message ?? 'Unknown failure' };
  const output = discovery.output;
  if (phase === 'Complete' && output !== undefined && !output.ok && isStateError(output.error)) {
    return { job, reason: output.error.message };
  }
  return undefined;
}

function waitingMessage(fetched: TemplateFetched, discovery: DiscoveryObservation | undefined): string {
  if (discovery === undefined) return 'Discovery waits until the required GPU is available';
  const admission = discovery.admission;
  if (admission?.outcome === 'no-slot') {
    return `Waiting for a free discovery slot: ${admission.active} of ${admission.limit} discovery jobs are active`;
  }
  if (admission?.outcome === 'lock-timeout') return 'Waiting for the discovery lock to start a discovery job';
  const job = discovery.job;
  if (job !== undefined && jobPhase(job) === 'Running')
    return `Discovery job ${job.metadata.name} is running`;
  if (modelImage(fetched.model) === undefined) return 'Waiting for the model before discovery can start';
  return 'Waiting for discovery to complete';
}

function setDiscovered(
  conditions: ConditionSet,
  status: 'True' | 'False',
  reason: string,
  message: string,
): void {
  conditions.set(CONDITION_TYPES.discovered, status, reason, message);
}

export function decorateTemplateStatus(
  status: Status,
  conditions: ConditionSet,
  fetched: TemplateFetched,
  now: Date,
): void {
  const { template, model } = fetched;
  if (model.ok) {
    const { name, namespace } = model.value.metadata;
    status.resolvedModel = namespace ? { name, namespace } : { name };
  }

  if (hasInlineModelSources(template)) {
    const hardware = resolveHardware(undefined, template.spec.hardware);
    status.modelSources = canonicalModelSources(template.spec.modelSources);
    status.profile = inlineProfile(template);
    setOrDelete(status, 'resolvedHardware', hardware);
    setOrDelete(status, 'hardwareSummary', hardwareSummary(hardware));
    refreshNodeAffinity(status, fetched);
    delete status.discovery;
    setDiscovered(
      conditions,
      'True',
      TEMPLATE_REASONS.inlineModelSources,
      'Model sources provided in-line in spec',
    );
    return;
  }

  if (isDiscoveryDone(template) && fetched.discovery === undefined) {
    // Never regress a finished discovery; only the affinity follows the inventory.
    if (status.modelSources !== undefined) refreshNodeAffinity(status, fetched);
    return;
  }

  const discovery = fetched.discovery;
  const image = modelImage(model);
  const specHash = image === undefined ? undefined : templateDiscoverySpecHash(template, image);
  let state = template.status?.discovery as DiscoveryState | undefined;
  const failure = discovery === undefined ? undefined : attemptFailure(discovery);
  if (discovery?.job !== undefined) {
    const { name, namespace } = discovery.job.metadata;
    status.discoveryJob = namespace ? { name, namespace } : { name };
    if (failure !== undefined && specHash !== undefined) {
      state = recordDiscoveryFailure(
        state,
        { jobCreationTimestamp: failure.job.metadata.creationTimestamp, reason: failure.reason },
        specHash,
        now,
      );
      status.discovery = state;
    }
  }

  const output = discovery?.output;
  if (output?.ok) {
    const { modelSources, profile, gpu } = output.value;
    const hardware = resolveHardware(gpu, template.spec.hardware);
    status.modelSources = modelSources;
    status.profile = profile;
    setOrDelete(status, 'resolvedHardware', hardware);
    setOrDelete(status, 'hardwareSummary', hardwareSummary(hardware));
    refreshNodeAffinity(status, fetched);
    const count = modelSources.length;
    setDiscovered(
      conditions,
      'True',
      TEMPLATE_REASONS.discoveryComplete,
      `Discovery job ${discovery?.job?.metadata.name ?? ''} found ${count} model source${count === 1 ? '' : 's'}`,
    );
    return;
  }

  const next = specHash === undefined ? undefined : nextAttemptTime(state, specHash);
  const backingOff = next !== undefined && now.getTime() < next.getTime();
  if (failure !== undefined || backingOff) {
    const when = backingOff
      ? `next attempt after ${next.toISOString()}`
      : 'retrying once the failed job is gone';
    setDiscovered(
      conditions,
      'False',
      TEMPLATE_REASONS.discoveryFailed,
      `Discovery attempt ${state?.attempts ?? 0} failed: ${state?.lastFailureReason ?? failure?.reason ?? 'unknown failure'}; ${when}`,
    );
    return;
  }
  setDiscovered(conditions, 'False', TEMPLATE_REASONS.awaitingDiscovery, waitingMessage(fetched, discovery));
}
