import { describe, expect, it } from 'vitest';
import { type InvalidSpecInput, invalidSpecEvaluation } from '../../../shared/reconcile/invalid-spec.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const previous = {
  conditions: [
    { type: 'ModelReady', status: 'True', reason: 'ModelResolved', message: '', lastTransitionTime: 'x' },
  ],
  componentHealth: [
    { component: 'Model', state: 'Ready' },
    { component: 'InferenceService', state: 'Progressing' },
  ],
};

function evaluated(overrides: Partial<InvalidSpecInput>) {
  return invalidSpecEvaluation({
    previous,
    generation: 3,
    message: 'spec.replicas: expected number, received string',
    now: NOW,
    ownership: { mode: 'single', conditionTypes: undefined, statusFields: undefined },
    status: 'Failed',
    ...overrides,
  });
}

describe('invalidSpecEvaluation', () => {
  it('is Failed with ConfigValid and Ready False/InvalidSpec naming the problem', () => {
    const evaluation = evaluated({});
    expect(evaluation).toMatchObject({ aimStatus: 'Failed', status: 'Failed', shouldApply: false });
    const byType = Object.fromEntries(evaluation.conditions.map((c) => [c.type, c]));
    for (const type of ['ConfigValid', 'Ready'])
      expect(byType[type]).toMatchObject({
        status: 'False',
        reason: 'InvalidSpec',
        message: 'spec.replicas: expected number, received string',
        observedGeneration: 3,
      });
    expect(byType.ModelReady?.status).toBe('True');
  });

  it("keeps only this writer's component entries, as they were", () => {
    const evaluation = evaluated({
      ownership: { mode: 'summary', conditionTypes: ['InferenceServiceReady'], statusFields: undefined },
    });
    expect(evaluation.componentHealth).toEqual([{ component: 'InferenceService', state: 'Progressing' }]);
  });
});
