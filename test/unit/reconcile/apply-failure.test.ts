import { describe, expect, it } from 'vitest';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeErrorReason } from '../../../shared/kube/types.ts';
import { childRejectionHealth, isRejection } from '../../../shared/reconcile/apply-failure.ts';

const error = (reason: KubeErrorReason, statusCode: number, message: string) =>
  new KubeError({
    reason,
    statusCode,
    retryable: false,
    message: `PATCH /x: ${message}`,
    details: { message },
  });

const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: 'team', name: 'c' };

describe('which failed applies are the API server refusing the child', () => {
  it('counts validation and admission denials, not RBAC, conflicts or outages', () => {
    expect(
      isRejection(error('Invalid', 422, 'PersistentVolumeClaim "c" is invalid: spec.x: Invalid value')),
    ).toBe(true);
    expect(isRejection(error('BadRequest', 400, 'bad'))).toBe(true);
    expect(
      isRejection(
        error('Forbidden', 403, 'admission webhook "validate.kyverno.svc" denied the request: no such class'),
      ),
    ).toBe(true);
    expect(
      isRejection(
        error(
          'Forbidden',
          403,
          "persistentvolumeclaims \"c\" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: retired",
        ),
      ),
    ).toBe(true);
    expect(
      isRejection(
        error(
          'Forbidden',
          403,
          'persistentvolumeclaims is forbidden: User "system:serviceaccount:x:y" cannot create',
        ),
      ),
    ).toBe(false);
    expect(isRejection(error('Conflict', 409, 'conflict'))).toBe(false);
    expect(isRejection(error('InternalError', 500, 'etcd'))).toBe(false);
    expect(isRejection(new Error('Invalid'))).toBe(false);
  });

  it('words one blocking health entry after every rejected child, none without one', () => {
    const health = childRejectionHealth([
      {
        key: pvc,
        err: error(
          'Invalid',
          422,
          'PersistentVolumeClaim "c" is invalid: spec.storageClassName: Invalid value: "X"',
        ),
      },
      { key: { ...pvc, kind: 'Job', apiVersion: 'batch/v1' }, err: error('InternalError', 500, 'etcd') },
    ]);
    expect(health?.component).toBe('');
    expect(health?.errors).toHaveLength(1);
    expect((health?.errors[0] as Error | undefined)?.message).toBe(
      'PersistentVolumeClaim team/c was rejected by the API server: PersistentVolumeClaim "c" is invalid: spec.storageClassName: Invalid value: "X"',
    );
    expect(childRejectionHealth([{ key: pvc, err: error('InternalError', 500, 'etcd') }])).toBeUndefined();
  });
});
