import { describe, expect, it } from 'vitest';
import { keepWrittenSetOrder } from '../../../shared/kube/set-order.ts';
import { isContainedIn } from '../../../shared/reconcile/json-equal.ts';

const affinity = (values: string[]) => ({
  spec: {
    predictor: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values }] },
            ],
          },
        },
      },
      containers: [{ name: 'kserve-container', args: ['--b', '--a'] }],
    },
  },
});

describe('keepWrittenSetOrder', () => {
  it("takes the written order of a node selector's values when they are the same set", () => {
    const desired = affinity(['74a1', '74a9', '74b5', '74bd']);
    const written = affinity(['74a9', '74a1', '74bd', '74b5']);
    const kept = keepWrittenSetOrder(desired, written);
    expect(kept).toEqual(written);
    // What decides whether to apply: the written object already holds the desired one.
    expect(isContainedIn(kept, written)).toBe(true);
    expect(isContainedIn(desired, written)).toBe(false);
  });

  it('keeps the desired list when the set differs (a value added or removed)', () => {
    const desired = affinity(['74a1', '74a9', '74b5']);
    expect(keepWrittenSetOrder(desired, affinity(['74a9', '74a1', '74bd', '74b5']))).toEqual(desired);
    expect(keepWrittenSetOrder(desired, affinity(['74a9', '74a1', '74a1']))).toEqual(desired);
  });

  it('leaves ordered lists (container args) and everything without a written counterpart alone', () => {
    const desired = affinity(['74a1', '74a9']);
    const written = structuredClone(desired);
    written.spec.predictor.containers[0]!.args = ['--a', '--b'];
    expect(keepWrittenSetOrder(desired, written).spec.predictor.containers[0]!.args).toEqual(['--b', '--a']);
    expect(keepWrittenSetOrder(desired, undefined)).toBe(desired);
    expect(keepWrittenSetOrder(desired, { spec: {} })).toEqual(desired);
  });
});
