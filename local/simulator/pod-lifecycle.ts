import { createHash } from 'node:crypto';
import type { KubeObject } from '../../shared/kube/types.ts';
import type { PodBehaviour } from './pod-behaviour.ts';
import { CRASH_LOOP_BACKOFF_SECONDS, podStageAt } from './pod-stage.ts';

/*
 * "What is this pod's status now?" as a pure function of its behaviour and the time since it was
 * bound. Times inside the status are derived from the bind time, so computing it twice gives the
 * same object and the kubelet only writes when something actually changed.
 */

export const POD_IP = '127.0.0.1';
/** How long a failing pull shows ErrImagePull before the kubelet backs off. */
export const ERR_IMAGE_PULL_SECONDS = 1;

export interface PodCondition {
  type: string;
  status: 'True' | 'False';
  reason?: string;
  message?: string;
  lastTransitionTime: string;
  lastProbeTime: null;
}

export type ContainerState =
  | { waiting: { reason: string; message?: string } }
  | { running: { startedAt: string } }
  | {
      terminated: {
        exitCode: number;
        reason: string;
        message?: string;
        startedAt: string;
        finishedAt: string;
        containerID: string;
      };
    };

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  containerID?: string;
  ready: boolean;
  started: boolean;
  restartCount: number;
  state: ContainerState;
  lastState: ContainerState | Record<string, never>;
}

export interface PodStatus {
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  conditions: PodCondition[];
  containerStatuses: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  hostIP: string;
  hostIPs: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime: string;
}

/** RFC 3339 at whole seconds, as the API server stores metav1.Time. */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

interface ContainerSpecView {
  name: string;
  image: string;
}

function specContainers(pod: KubeObject, field: 'containers' | 'initContainers'): ContainerSpecView[] {
  const list: unknown = pod.spec?.[field];
  if (!Array.isArray(list)) return [];
  return list.map((c: { name?: unknown; image?: unknown }) => ({
    name: String(c.name ?? ''),
    image: String(c.image ?? ''),
  }));
}

function condition(
  type: string,
  ok: boolean,
  sinceMs: number,
  reason?: string,
  message?: string,
): PodCondition {
  const result: PodCondition = {
    type,
    status: ok ? 'True' : 'False',
    lastTransitionTime: rfc3339(sinceMs),
    lastProbeTime: null,
  };
  if (!ok && reason) result.reason = reason;
  if (!ok && message) result.message = message;
  return result;
}

export function podStatusAt(
  pod: KubeObject,
  behaviour: PodBehaviour,
  boundAtMs: number,
  nowMs: number,
): PodStatus {
  const elapsed = Math.max(0, (nowMs - boundAtMs) / 1000);
  const stage = podStageAt(behaviour, elapsed);
  const uid = pod.metadata.uid ?? pod.metadata.name;
  const startedMs = boundAtMs + behaviour.startAfterSeconds * 1000;
  const exitMs = startedMs + behaviour.runSeconds * 1000;
  const containers = specContainers(pod, 'containers');
  const containerId = (name: string) => `containerd://${hex(`${uid}/${name}`)}`;
  const imageId = (image: string) => `sha256:${hex(image)}`;
  const terminated = (name: string) => ({
    terminated: {
      exitCode: behaviour.exit.code,
      reason: behaviour.exit.reason,
      ...(behaviour.exit.message !== undefined ? { message: behaviour.exit.message } : {}),
      startedAt: rfc3339(startedMs),
      finishedAt: rfc3339(exitMs),
      containerID: containerId(name),
    },
  });

  const containerStatuses = containers.map((c): ContainerStatus => {
    const base = { name: c.name, image: c.image, imageID: '', ready: false, started: false, restartCount: 0 };
    if (stage.kind === 'pulling' && behaviour.pullFailing.includes(c.name)) {
      const message = behaviour.pullError ?? 'image pull failed';
      const waiting =
        elapsed < ERR_IMAGE_PULL_SECONDS
          ? { reason: 'ErrImagePull', message }
          : {
              reason: 'ImagePullBackOff',
              message: `Back-off pulling image "${c.image}": ErrImagePull: ${message}`,
            };
      return { ...base, state: { waiting }, lastState: {} };
    }
    if (stage.kind === 'creating' || (stage.kind === 'pulling' && elapsed < behaviour.startAfterSeconds)) {
      return { ...base, state: { waiting: { reason: 'ContainerCreating' } }, lastState: {} };
    }
    const started = { ...base, imageID: imageId(c.image), containerID: containerId(c.name) };
    if (stage.kind === 'running' || stage.kind === 'pulling') {
      const ready = stage.kind === 'running' && stage.ready;
      return {
        ...started,
        ready,
        started: true,
        state: { running: { startedAt: rfc3339(startedMs) } },
        lastState: {},
      };
    }
    if (stage.terminal) return { ...started, state: terminated(c.name), lastState: {} };
    const backOff = `back-off ${CRASH_LOOP_BACKOFF_SECONDS}s restarting failed container=${c.name} pod=${pod.metadata.name}_${pod.metadata.namespace}(${uid})`;
    return {
      ...started,
      restartCount: stage.restarts,
      state: { waiting: { reason: 'CrashLoopBackOff', message: backOff } },
      lastState: terminated(c.name),
    };
  });

  const inits = specContainers(pod, 'initContainers');
  const initialized = elapsed >= behaviour.startAfterSeconds;
  const initContainerStatuses = inits.map(
    (c): ContainerStatus => ({
      name: c.name,
      image: c.image,
      imageID: initialized ? imageId(c.image) : '',
      ready: initialized,
      started: false,
      restartCount: 0,
      state: initialized
        ? {
            terminated: {
              exitCode: 0,
              reason: 'Completed',
              startedAt: rfc3339(boundAtMs),
              finishedAt: rfc3339(startedMs),
              containerID: containerId(c.name),
            },
          }
        : { waiting: { reason: 'PodInitializing' } },
      lastState: {},
    }),
  );

  let phase: PodStatus['phase'] = 'Pending';
  if (stage.kind === 'running' || (stage.kind === 'exited' && !stage.terminal)) phase = 'Running';
  if (stage.kind === 'exited' && stage.terminal) phase = behaviour.exit.code === 0 ? 'Succeeded' : 'Failed';

  const unready = containerStatuses.filter((s) => !s.ready).map((s) => s.name);
  const allReady = containerStatuses.length > 0 && unready.length === 0;
  let notReadyReason = 'ContainersNotReady';
  if (phase === 'Succeeded') notReadyReason = 'PodCompleted';
  if (phase === 'Failed') notReadyReason = 'PodFailed';
  const notReadyMessage =
    phase === 'Pending' || phase === 'Running'
      ? `containers with unready status: [${unready.join(' ')}]`
      : undefined;
  const readySinceMs =
    stage.kind === 'running'
      ? startedMs + behaviour.readyAfterSeconds * 1000
      : stage.kind === 'exited'
        ? exitMs
        : boundAtMs;

  const status: PodStatus = {
    phase,
    conditions: [
      condition('PodReadyToStartContainers', true, boundAtMs),
      condition(
        'Initialized',
        initialized || inits.length === 0,
        initialized ? startedMs : boundAtMs,
        'ContainersNotInitialized',
      ),
      condition('Ready', allReady, readySinceMs, notReadyReason, notReadyMessage),
      condition('ContainersReady', allReady, readySinceMs, notReadyReason, notReadyMessage),
      condition('PodScheduled', true, boundAtMs),
    ],
    containerStatuses,
    hostIP: POD_IP,
    hostIPs: [{ ip: POD_IP }],
    startTime: rfc3339(boundAtMs),
  };
  if (inits.length > 0) status.initContainerStatuses = initContainerStatuses;
  if (phase !== 'Pending' || stage.kind === 'pulling') {
    status.podIP = POD_IP;
    status.podIPs = [{ ip: POD_IP }];
  }
  return status;
}
