import { describe, expect, it } from 'vitest';
import { NEW_ISVC_WINDOW_MS, newInferenceServiceHoldMs } from '../../../shared/inference/new-isvc-hold.ts';
import type { InferenceDecision } from '../../../shared/inference/render-decision.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const CREATED = '2026-05-01T12:00:00Z';
const at = (ms: number) => new Date(Date.parse(CREATED) + ms);
const isvc = (creationTimestamp?: string): KubeObject => ({
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: 'chat', namespace: 'team', ...(creationTimestamp ? { creationTimestamp } : {}) },
});

function decision(desired: KubeObject | undefined, existing: KubeObject | undefined): InferenceDecision {
  return {
    desired,
    existing,
    problems: [],
    waitingFor: [],
    inputErrors: [],
    scaling: {},
  } as unknown as InferenceDecision;
}

describe("isvc-render's hold of a service whose InferenceService is new", () => {
  it('holds for the whole window once this reconcile made it', () => {
    expect(newInferenceServiceHoldMs(decision(isvc(), undefined), true, at(0))).toBe(NEW_ISVC_WINDOW_MS);
  });

  it('does not hold when the InferenceService was to be made but was not', () => {
    expect(newInferenceServiceHoldMs(decision(isvc(), undefined), false, at(0))).toBe(0);
  });

  it('holds for the rest of the window from its creation, then no longer', () => {
    const existing = isvc(CREATED);
    expect(newInferenceServiceHoldMs(decision(isvc(), existing), false, at(1_500))).toBe(
      NEW_ISVC_WINDOW_MS - 1_500,
    );
    expect(newInferenceServiceHoldMs(decision(isvc(), existing), false, at(NEW_ISVC_WINDOW_MS))).toBe(0);
    expect(newInferenceServiceHoldMs(decision(isvc(), isvc()), false, at(0))).toBe(0);
  });

  it('does not hold when no InferenceService is rendered', () => {
    expect(newInferenceServiceHoldMs(decision(undefined, isvc(CREATED)), true, at(0))).toBe(0);
  });
});
