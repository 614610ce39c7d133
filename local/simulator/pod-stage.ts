import type { PodBehaviour } from './pod-behaviour.ts';

/*
 * The pod's timeline as a pure function of its behaviour: its stage at a given second after
 * binding, and when its containers start (so their output, e.g. logs, exists).
 */

/** The kubelet's crash-loop back-off between restarts (fixed; the real one doubles up to 5 min). */
export const CRASH_LOOP_BACKOFF_SECONDS = 10;

/** Where a pod's containers are in their run, at `elapsed` seconds after binding. */
export type PodStage =
  | { kind: 'pulling' }
  | { kind: 'creating' }
  | { kind: 'running'; ready: boolean }
  | { kind: 'exited'; terminal: boolean; restarts: number };

export function podStageAt(behaviour: PodBehaviour, elapsedSeconds: number): PodStage {
  if (behaviour.pullFailing.length > 0) return { kind: 'pulling' };
  const startAt = behaviour.startAfterSeconds;
  if (elapsedSeconds < startAt) return { kind: 'creating' };
  const exitAt = startAt + behaviour.runSeconds;
  if (behaviour.longRunning || elapsedSeconds < exitAt) {
    return { kind: 'running', ready: elapsedSeconds >= startAt + behaviour.readyAfterSeconds };
  }
  const terminal =
    behaviour.restartPolicy === 'Never' ||
    (behaviour.restartPolicy === 'OnFailure' && behaviour.exit.code === 0);
  const restarts = terminal ? 0 : 1 + Math.floor((elapsedSeconds - exitAt) / CRASH_LOOP_BACKOFF_SECONDS);
  return { kind: 'exited', terminal, restarts };
}

/** Seconds after binding when a container's output exists (undefined: it never starts). */
export function containerStartSeconds(behaviour: PodBehaviour, container: string): number | undefined {
  if (behaviour.pullFailing.includes(container)) return undefined;
  return behaviour.startAfterSeconds;
}
