/**
 * When isvc-render's status of a service whose InferenceService it has just made waits for that
 * InferenceService to turn Ready. The service already says Starting; written at once, the write
 * that made the InferenceService (cache Ready, "creating runtime") was followed a second or two
 * later by the one that says Running — one status write per service, and an event to every
 * function watching AIMServices, while a hundred new InferenceServices queue behind each other
 * on the API server (docs/performance.md). Until the InferenceService is NEW_ISVC_WINDOW_MS old,
 * the change waits; the InferenceService's and its pods' events reconcile the service again, and
 * the reconcile is requeued for the window's end should none come. An InferenceService that
 * fails turns the service Degraded or Failed, which the pipeline never holds.
 */
import { creationWindowLeftMs } from '../kube/objects.ts';
import type { InferenceDecision } from './render-decision.ts';

/** From the InferenceService's creation; past it every change is written as it comes. */
export const NEW_ISVC_WINDOW_MS = 5_000;

export function newInferenceServiceHoldMs(decision: InferenceDecision, applied: boolean, now: Date): number {
  if (decision.desired === undefined) return 0;
  if (decision.existing === undefined) return applied ? NEW_ISVC_WINDOW_MS : 0;
  return creationWindowLeftMs(decision.existing, NEW_ISVC_WINDOW_MS, now);
}
