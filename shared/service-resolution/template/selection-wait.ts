/**
 * How long auto-selection waits for a contender (a template still being discovered that could
 * win, selection/contenders.ts): until its creation plus `AIM_TEMPLATE_SELECTION_WAIT_MS`
 * (default 120 s; 0: never, upstream's behaviour). The deadline is read off the template, not
 * the moment a reconcile happened to run, so every reconcile of every service agrees on it; and
 * a template whose discovery is stuck holds no service for longer than the bound.
 */
import { wholeNumber } from '../../config/whole-number.ts';
import type { KubeObject } from '../../kube/types.ts';
import type { SelectionResult } from '../selection/select-template.ts';

export const TEMPLATE_SELECTION_WAIT_ENV = 'AIM_TEMPLATE_SELECTION_WAIT_MS';
export const DEFAULT_TEMPLATE_SELECTION_WAIT_MS = 120_000;

export function templateSelectionWaitMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumber(
    env,
    TEMPLATE_SELECTION_WAIT_ENV,
    DEFAULT_TEMPLATE_SELECTION_WAIT_MS,
    ' of milliseconds',
  );
}

/** The instant a resolution runs at, and how long a contender is waited for. */
export interface SelectionClock {
  now: Date;
  waitMs: number;
}

/** Until when `template` is waited for (epoch ms); undefined when its creation is unknown. */
export function waitDeadline(template: KubeObject, waitMs: number): number | undefined {
  const created = Date.parse(template.metadata.creationTimestamp ?? '');
  return Number.isFinite(created) ? created + waitMs : undefined;
}

/** `selectTemplate`'s `awaitCandidate` for `templates` (in candidate order) at `clock.now`. */
export function awaitUntilDeadline(
  templates: readonly { object: KubeObject }[],
  clock: SelectionClock,
): (_candidate: unknown, index: number) => boolean {
  const now = clock.now.getTime();
  return (_candidate, index) => {
    const deadline = waitDeadline(templates[index]!.object, clock.waitMs);
    return deadline !== undefined && now < deadline;
  };
}

export interface SelectionWait {
  /** The earliest deadline of the contenders waited for: the selection is looked at again then. */
  recheckAt: Date;
  /** The latest: by then it decides among the Ready candidates, whatever is still being discovered. */
  decideBy: Date;
}

/** The deadlines of an `Awaiting` selection's contenders; undefined when none is known. */
export function selectionWait(
  selection: SelectionResult,
  templates: readonly { object: KubeObject }[],
  clock: SelectionClock,
): SelectionWait | undefined {
  const deadlines: number[] = [];
  for (const verdict of selection.awaited) {
    const index = selection.verdicts.indexOf(verdict);
    const deadline = waitDeadline(templates[index]!.object, clock.waitMs);
    if (deadline !== undefined) deadlines.push(deadline);
  }
  if (deadlines.length === 0) return undefined;
  return { recheckAt: new Date(Math.min(...deadlines)), decideBy: new Date(Math.max(...deadlines)) };
}
