/**
 * The `InferenceService` component (spec §10.8), from the InferenceService KServe reports on and
 * the Warning Events about it. Downstream: while it is merely not ready the service is Starting.
 *
 * Beyond upstream, KServe's model status is read: a predictor whose model failed to load
 * (`FailedToLoad`, `BlockedByFailedLoad`) fails the component with KServe's `lastFailureInfo`,
 * rather than leaving the service Starting while the pods crash. Events older than the
 * InferenceService's last transition to Ready are history, not news, and are ignored.
 */
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { type ComponentHealth, DEPENDENCY_TYPES, type FetchResult } from '../reconcile/health.ts';
import { conditionIn, describeCondition } from './kube-conditions.ts';

/** How the InferenceServiceReady condition begins while there is no InferenceService. */
export const INFERENCE_SERVICE_NOT_FOUND = 'InferenceService not found';

const COMPONENT = SERVICE_COMPONENTS.inferenceService;
const DOWNSTREAM = DEPENDENCY_TYPES.downstream;

export const SERVERLESS_REJECTED_MESSAGE =
  'Knative is not available. Configure KServe to use RawDeployment mode.';

/** KServe's own optimistic-concurrency retries: not failures of the service. */
const TRANSIENT_INTERNAL_ERRORS = ['the object has been modified', 'Operation cannot be fulfilled'];

/** `status.deploymentMode` in both spellings: KServe ≥ 0.16 (`Standard`/`Knative`) and before (`RawDeployment`/`Serverless`). */
export function isKnativeMode(isvc: KubeObject): boolean {
  const mode = isvc.status?.deploymentMode;
  return mode === 'Knative' || mode === 'Serverless';
}

function eventTime(event: KubeObject): number {
  const text =
    event.lastTimestamp ?? event.eventTime ?? event.firstTimestamp ?? event.metadata.creationTimestamp;
  const time = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  return Number.isFinite(time) ? time : 0;
}

/** The most recent event that fails the service, if any still matters. */
function failingEvent(isvc: KubeObject, events: readonly KubeObject[]): ComponentHealth | undefined {
  const ready = conditionIn(isvc.status, 'Ready');
  const readySince =
    ready?.status === 'True' && ready.lastTransitionTime ? Date.parse(ready.lastTransitionTime) : undefined;
  const relevant = events
    .filter((event) => {
      const uid = (event.involvedObject as { uid?: unknown } | undefined)?.uid;
      return uid === undefined || uid === isvc.metadata.uid;
    })
    .filter((event) => readySince === undefined || eventTime(event) > readySince)
    .sort((a, b) => eventTime(b) - eventTime(a));
  for (const event of relevant) {
    if (event.reason === SERVICE_REASONS.serverlessModeRejected) {
      return {
        component: COMPONENT,
        state: 'Failed',
        reason: SERVICE_REASONS.serverlessModeRejected,
        message: SERVERLESS_REJECTED_MESSAGE,
        errors: [],
        dependencyType: DOWNSTREAM,
      };
    }
    const message = typeof event.message === 'string' ? event.message : '';
    if (
      event.type === 'Warning' &&
      event.reason === SERVICE_REASONS.internalError &&
      !TRANSIENT_INTERNAL_ERRORS.some((text) => message.includes(text))
    ) {
      return {
        component: COMPONENT,
        state: 'Failed',
        reason: SERVICE_REASONS.internalError,
        message: `KServe reported an internal error: ${message}`,
        errors: [],
        dependencyType: DOWNSTREAM,
      };
    }
  }
  return undefined;
}

const FAILED_TRANSITIONS = ['BlockedByFailedLoad', 'InvalidSpec'];

function modelLoadFailure(isvc: KubeObject): ComponentHealth | undefined {
  const modelStatus = isvc.status?.modelStatus;
  if (typeof modelStatus !== 'object' || modelStatus === null) return undefined;
  const failed =
    modelStatus.states?.activeModelState === 'FailedToLoad' ||
    modelStatus.states?.targetModelState === 'FailedToLoad' ||
    FAILED_TRANSITIONS.includes(modelStatus.transitionStatus);
  if (!failed) return undefined;
  const info = modelStatus.lastFailureInfo ?? {};
  const exitCode = typeof info.exitCode === 'number' ? ` (exit code ${info.exitCode})` : '';
  const where = typeof info.location === 'string' && info.location !== '' ? ` in ${info.location}` : '';
  const detail =
    typeof info.message === 'string' && info.message !== '' ? info.message : 'the model failed to load';
  return {
    component: COMPONENT,
    state: 'Failed',
    reason:
      typeof info.reason === 'string' && info.reason !== '' ? info.reason : SERVICE_REASONS.modelLoadFailed,
    message: `${detail}${where}${exitCode}`,
    errors: [],
    dependencyType: DOWNSTREAM,
  };
}

function progressMessage(isvc: KubeObject): string {
  const predictor = conditionIn(isvc.status, 'PredictorReady');
  const ready = conditionIn(isvc.status, 'Ready');
  let message: string;
  if (predictor?.status === 'True') {
    const ingress = describeCondition(conditionIn(isvc.status, 'IngressReady'));
    message = `Predictor is ready, waiting for the InferenceService to become Ready${ingress ? ` (ingress: ${ingress})` : ''}`;
  } else {
    const why = describeCondition(predictor?.status === 'False' ? predictor : ready);
    message = why ? `InferenceService is not ready: ${why}` : 'InferenceService is not ready yet';
  }
  return isKnativeMode(isvc)
    ? `${message}; KServe runs it in Knative mode, AIM needs Standard (RawDeployment) mode`
    : message;
}

export interface InferenceServiceHealthInput {
  isvc: FetchResult<KubeObject | undefined>;
  events?: FetchResult<KubeObject[]> | undefined;
  /** Why no InferenceService exists yet (e.g. "template cache"), shown while it is absent. */
  waitingFor?: readonly string[];
}

export function inferenceServiceHealth(input: InferenceServiceHealthInput): ComponentHealth {
  const { isvc } = input;
  if (!isvc.ok) {
    return {
      component: COMPONENT,
      reason: SERVICE_REASONS.fetchError,
      errors: [isvc.error],
      dependencyType: DOWNSTREAM,
    };
  }
  const object = isvc.value;
  if (object === undefined) {
    const waiting = input.waitingFor ?? [];
    return {
      component: COMPONENT,
      state: 'Progressing',
      reason: SERVICE_REASONS.creatingRuntime,
      message:
        waiting.length > 0
          ? `${INFERENCE_SERVICE_NOT_FOUND}; it is created once the ${waiting.join(', ')} ${waiting.length > 1 ? 'are' : 'is'} ready`
          : INFERENCE_SERVICE_NOT_FOUND,
      errors: [],
      dependencyType: DOWNSTREAM,
    };
  }
  const health = inspectInferenceService(object, input.events?.ok ? input.events.value : []);
  // A failed Events read is an infrastructure blip: the state engine keeps the previous condition.
  if (input.events !== undefined && !input.events.ok) health.errors = [...health.errors, input.events.error];
  return health;
}

function inspectInferenceService(object: KubeObject, events: readonly KubeObject[]): ComponentHealth {
  const fromEvent = failingEvent(object, events);
  if (fromEvent !== undefined) return fromEvent;
  if (conditionIn(object.status, 'Ready')?.status === 'True') {
    return {
      component: COMPONENT,
      state: 'Ready',
      reason: SERVICE_REASONS.runtimeReady,
      message: 'InferenceService is ready',
      errors: [],
      dependencyType: DOWNSTREAM,
    };
  }
  const failure = modelLoadFailure(object);
  if (failure !== undefined) return failure;
  return {
    component: COMPONENT,
    state: 'Progressing',
    reason: SERVICE_REASONS.creatingRuntime,
    message: progressMessage(object),
    errors: [],
    dependencyType: DOWNSTREAM,
  };
}

/** Where the service answers: KServe's URL, else its cluster-local address. */
export function inferenceServiceUrl(isvc: KubeObject | undefined): string | undefined {
  const url = isvc?.status?.url;
  if (typeof url === 'string' && url !== '') return url;
  const address = isvc?.status?.address?.url;
  return typeof address === 'string' && address !== '' ? address : undefined;
}
