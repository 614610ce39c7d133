import { describe, expect, it } from 'vitest';
import { isClearRejection, type Rejection } from '../../../scripts/bench/burst/post.ts';
import { statusReason, type Tracked } from '../../../scripts/bench/burst/status-watch.ts';
import { summarise } from '../../../scripts/bench/burst/summary.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

function model(generation: number, status?: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMModel',
    metadata: { name: 'm', namespace: 'ns', generation },
    ...(status ? { status } : {}),
  } as KubeObject;
}

const ready = { type: 'Ready', status: 'False', reason: 'ImageNotFound' };

describe('statusReason: what counts as "a status of its own" in the burst', () => {
  it('needs observedGeneration equal to the generation, a top-level status and a Ready reason', () => {
    expect(statusReason(model(2, { observedGeneration: 2, status: 'Degraded', conditions: [ready] }))).toBe(
      'ImageNotFound',
    );
    expect(statusReason(model(2))).toBeUndefined();
    expect(
      statusReason(model(2, { observedGeneration: 1, status: 'Degraded', conditions: [ready] })),
    ).toBeUndefined();
    expect(statusReason(model(2, { observedGeneration: 2, conditions: [ready] }))).toBeUndefined();
    expect(
      statusReason(
        model(2, { observedGeneration: 2, status: 'Ready', conditions: [{ ...ready, reason: '' }] }),
      ),
    ).toBeUndefined();
    expect(
      statusReason(model(2, { observedGeneration: 2, status: 'Ready', conditions: [] })),
    ).toBeUndefined();
  });
});

describe('isClearRejection', () => {
  const rejection = (statusCode: number | undefined, message: string, fields: string[] = []): Rejection => ({
    object: model(1),
    statusCode,
    message,
    fields,
  });

  it('accepts a 4xx that names a field, in its message or its causes', () => {
    expect(isClearRejection(rejection(422, 'AIMModel "m" is invalid: spec.image: Required value'))).toBe(
      true,
    );
    expect(isClearRejection(rejection(422, 'is invalid', ['spec.filters']))).toBe(true);
    expect(isClearRejection(rejection(422, 'metadata.name: Invalid value: "UPPER"'))).toBe(true);
  });

  it('refuses a 5xx, a missing code, or a 4xx that names no field', () => {
    expect(isClearRejection(rejection(500, 'spec.image: Internal error'))).toBe(false);
    expect(isClearRejection(rejection(undefined, 'spec.image'))).toBe(false);
    expect(isClearRejection(rejection(400, 'the request could not be handled'))).toBe(false);
  });
});

describe('summarise', () => {
  it('reports per kind the time to status and what had none within the target', () => {
    const tracked = (acceptedAt: number, settledAt?: number): Tracked => ({
      object: model(1),
      acceptedAt,
      ...(settledAt !== undefined ? { settledAt } : {}),
    });
    const summary = summarise(
      [{ object: model(1), statusCode: 422, message: 'spec.image', fields: [] }],
      [tracked(0, 1_000), tracked(0, 3_000), tracked(0, 12_000), tracked(0)],
      10_000,
    );
    expect(summary.byKind.AIMModel).toEqual({
      posted: 5,
      rejected: 1,
      accepted: 4,
      p50Ms: 3_000,
      p99Ms: 12_000,
      maxMs: 12_000,
      withoutStatusAfterTarget: 2,
      withoutStatus: 1,
    });
  });
});
