/**
 * Reading a Pod's status off the wire. Pods arrive as untyped objects (events, LIST results), so
 * every accessor tolerates missing or malformed fields instead of trusting a shape.
 */
import type { KubeObject } from '../kube/types.ts';

export interface ContainerWaiting {
  reason?: string;
  message?: string;
}

export interface ContainerTerminated {
  exitCode?: number;
  reason?: string;
  message?: string;
}

export interface ContainerState {
  waiting?: ContainerWaiting;
  running?: Record<string, unknown>;
  terminated?: ContainerTerminated;
}

export interface ContainerStatus {
  name: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readState(value: unknown): ContainerState | undefined {
  if (!isRecord(value)) return undefined;
  const state: ContainerState = {};
  if (isRecord(value.waiting)) {
    state.waiting = {};
    const reason = text(value.waiting.reason);
    const message = text(value.waiting.message);
    if (reason) state.waiting.reason = reason;
    if (message) state.waiting.message = message;
  }
  if (isRecord(value.running)) state.running = value.running;
  if (isRecord(value.terminated)) {
    state.terminated = {};
    const { exitCode } = value.terminated;
    const reason = text(value.terminated.reason);
    const message = text(value.terminated.message);
    if (typeof exitCode === 'number') state.terminated.exitCode = exitCode;
    if (reason) state.terminated.reason = reason;
    if (message) state.terminated.message = message;
  }
  return state;
}

function readStatuses(value: unknown): ContainerStatus[] {
  if (!Array.isArray(value)) return [];
  const statuses: ContainerStatus[] = [];
  for (const raw of value) {
    if (!isRecord(raw)) continue;
    const name = text(raw.name);
    if (name === undefined) continue;
    const status: ContainerStatus = { name };
    if (typeof raw.ready === 'boolean') status.ready = raw.ready;
    if (typeof raw.restartCount === 'number') status.restartCount = raw.restartCount;
    const state = readState(raw.state);
    const lastState = readState(raw.lastState);
    if (state) status.state = state;
    if (lastState) status.lastState = lastState;
    statuses.push(status);
  }
  return statuses;
}

function statusOf(pod: KubeObject): Record<string, unknown> {
  return isRecord(pod.status) ? pod.status : {};
}

export function podPhase(pod: KubeObject): string {
  return text(statusOf(pod).phase) ?? 'Unknown';
}

/** Pod-level reason (e.g. `Evicted`, `DeadlineExceeded`) and message. */
export function podReason(pod: KubeObject): { reason?: string; message?: string } {
  const status = statusOf(pod);
  const result: { reason?: string; message?: string } = {};
  const reason = text(status.reason);
  const message = text(status.message);
  if (reason) result.reason = reason;
  if (message) result.message = message;
  return result;
}

export function containerStatuses(pod: KubeObject): ContainerStatus[] {
  return readStatuses(statusOf(pod).containerStatuses);
}

export function initContainerStatuses(pod: KubeObject): ContainerStatus[] {
  return readStatuses(statusOf(pod).initContainerStatuses);
}

/** Init containers first, as the kubelet runs them. */
export function allContainerStatuses(pod: KubeObject): ContainerStatus[] {
  return [...initContainerStatuses(pod), ...containerStatuses(pod)];
}

/** The pod's `Ready` condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  const conditions = statusOf(pod).conditions;
  if (!Array.isArray(conditions)) return false;
  return conditions.some(
    (condition) => isRecord(condition) && condition.type === 'Ready' && condition.status === 'True',
  );
}
