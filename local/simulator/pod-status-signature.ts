/*
 * The kubelet writes a pod status only when it changed; this says what counts as a change.
 */

function stateSignature(state: unknown): string {
  if (!state || typeof state !== 'object') return '-';
  const s = state as Record<string, Record<string, unknown> | undefined>;
  if (s.waiting) return `waiting:${s.waiting.reason ?? ''}`;
  if (s.running) return 'running';
  if (s.terminated) return `terminated:${s.terminated.exitCode}:${s.terminated.reason ?? ''}`;
  return '-';
}

/**
 * The parts of a pod status that matter for "has anything changed" (timestamps excluded, so a
 * status the API server echoed back compares equal to the one computed again).
 */
export function podStatusSignature(status: unknown): string {
  if (!status || typeof status !== 'object') return '';
  const s = status as {
    phase?: string;
    podIP?: string;
    conditions?: { type?: string; status?: string; reason?: string }[];
    containerStatuses?: Record<string, unknown>[];
    initContainerStatuses?: Record<string, unknown>[];
  };
  const conditions = (s.conditions ?? [])
    .filter((c) => c.type !== 'DisruptionTarget')
    .map((c) => `${c.type}=${c.status}/${c.reason ?? ''}`)
    .sort();
  const containers = (list: Record<string, unknown>[] | undefined) =>
    (list ?? [])
      .map(
        (c) =>
          `${c.name}:${c.ready}:${c.restartCount}:${stateSignature(c.state)}:${stateSignature(c.lastState)}`,
      )
      .sort();
  return JSON.stringify([
    s.phase ?? '',
    s.podIP ?? '',
    conditions,
    containers(s.containerStatuses),
    containers(s.initContainerStatuses),
  ]);
}
