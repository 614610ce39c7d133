/**
 * What the functions and the broker did around one API server fault: whether every function's
 * process survived it, and how the broker's failed attempts and dead letters read in the window.
 */
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export interface FaultWindow {
  /** pid per function when the fault began. */
  pids: Map<string, number | undefined>;
  failedBefore: number;
  deadBefore: number;
}

export function openWindow(platform: LocalPlatform): FaultWindow {
  return {
    pids: new Map(platform.functions.map((fn) => [fn.name, fn.process.child.pid])),
    failedBefore: platform.broker?.failedAttempts.length ?? 0,
    deadBefore: platform.broker?.deadLetters.length ?? 0,
  };
}

export interface WindowReport {
  /** Functions whose process exited or was replaced. */
  crashed: string[];
  /** Failed delivery attempts in the window, by reason (e.g. "HTTP 503": 12). */
  failures: Record<string, number>;
  deadLetters: number;
}

export function closeWindow(platform: LocalPlatform, window: FaultWindow): WindowReport {
  const crashed = platform.functions
    .filter(
      (fn) =>
        fn.process.child.exitCode !== null ||
        fn.process.child.signalCode !== null ||
        window.pids.get(fn.name) !== fn.process.child.pid,
    )
    .map((fn) => fn.name);
  const failures: Record<string, number> = {};
  for (const attempt of platform.broker?.failedAttempts.slice(window.failedBefore) ?? []) {
    // Transport errors name a port; keep only their kind so the figures group.
    const reason = attempt.reason.startsWith('transport error') ? 'transport error' : attempt.reason;
    failures[reason] = (failures[reason] ?? 0) + 1;
  }
  return {
    crashed,
    failures,
    deadLetters: (platform.broker?.deadLetters.length ?? 0) - window.deadBefore,
  };
}

/** Retries `apply` through transport errors and 5xx (the API server is down or coming back). */
export async function applyThroughOutage(client: KubeClient, object: KubeObject, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await client.apply(object, { fieldManager: 'e2e-workload', force: true });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
