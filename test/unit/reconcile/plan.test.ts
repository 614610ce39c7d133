import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isContainedIn, jsonEqual } from '../../../shared/reconcile/json-equal.ts';
import type { ReconcileLogger } from '../../../shared/reconcile/pipeline.ts';
import { executePlan, prepareChildren } from '../../../shared/reconcile/plan.ts';
import { describeIssues, formatIssuePath } from '../../../shared/reconcile/spec-issues.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const parent: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMArtifact',
  metadata: { name: 'art', namespace: 'team', uid: 'u-1', labels: { 'aim.eai.amd.com/service.name': 'svc' } },
};
const obj = (apiVersion: string, kind: string, name: string, namespace = 'team'): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, namespace },
});

describe('executePlan', () => {
  it('applies the children together and reports each one that failed', async () => {
    const kube = new FakeKubeClient();
    const answers: (() => void)[] = [];
    // Every apply waits until all three have been sent: they would deadlock if applied in turn.
    const gated = new Proxy(kube, {
      get(target, property, receiver) {
        if (property !== 'apply') return Reflect.get(target, property, receiver);
        return async (child: KubeObject, options: { fieldManager: string; force?: boolean }) => {
          await new Promise<void>((resolve) => {
            answers.push(resolve);
            if (answers.length === 3) for (const answer of answers) answer();
          });
          if (child.metadata.name === 'broken') throw new Error('refused');
          return target.apply(child, options);
        };
      },
    });
    const execution = await executePlan(
      gated,
      parent,
      {
        apply: [obj('batch/v1', 'Job', 'a'), obj('batch/v1', 'Job', 'broken'), obj('v1', 'ConfigMap', 'c')],
        applyWithoutOwner: [],
        delete: [],
      },
      { controller: 'artifact', fieldManager: 'test' },
    );
    expect(execution.applied.map((child) => child.metadata.name)).toEqual(['a', 'c']);
    expect(execution.failure?.message).toContain('Job team/broken: refused');
  });
});

describe('prepareChildren', () => {
  it('orders children by GVK string, namespace and name, owned or not', () => {
    const children = prepareChildren(
      parent,
      {
        apply: [
          obj('v1', 'PersistentVolumeClaim', 'pvc'),
          obj('batch/v1', 'Job', 'b'),
          obj('batch/v1', 'Job', 'a'),
        ],
        applyWithoutOwner: [
          obj('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rb'),
          obj('batch/v1', 'Job', 'a', 'other'),
        ],
        delete: [],
      },
      { controller: 'artifact' },
    );
    expect(
      children.map((c) => `${c.apiVersion}/${c.kind} ${c.metadata.namespace}/${c.metadata.name}`),
    ).toEqual([
      'batch/v1/Job other/a',
      'batch/v1/Job team/a',
      'batch/v1/Job team/b',
      'rbac.authorization.k8s.io/v1/RoleBinding team/rb',
      'v1/PersistentVolumeClaim team/pvc',
    ]);
    const pvc = children.find((c) => c.kind === 'PersistentVolumeClaim');
    expect(pvc?.metadata.ownerReferences?.[0]).toMatchObject({ uid: 'u-1', controller: true });
    expect(pvc?.metadata.labels?.['aim.eai.amd.com/artifact.name']).toBe('art');
    expect(pvc?.metadata.labels?.['aim.eai.amd.com/service.name']).toBe('svc');
  });

  it('replaces an existing owner reference with the same uid', () => {
    const job = obj('batch/v1', 'Job', 'j');
    job.metadata.ownerReferences = [
      { apiVersion: 'x', kind: 'AIMArtifact', name: 'art', uid: 'u-1', blockOwnerDeletion: true },
    ];
    const [prepared] = prepareChildren(
      parent,
      { apply: [job], applyWithoutOwner: [], delete: [] },
      { controller: 'artifact' },
    );
    expect(prepared?.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'aim.eai.amd.com/v1alpha1',
        kind: 'AIMArtifact',
        name: 'art',
        uid: 'u-1',
        controller: true,
      },
    ]);
  });
});

describe('json comparisons', () => {
  it('jsonEqual ignores key order and undefined keys', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] }, d: undefined }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });

  it('isContainedIn accepts extra observed fields but not changed or reordered ones', () => {
    const observed = {
      spec: { containers: [{ name: 'c', image: 'i', imagePullPolicy: 'IfNotPresent' }] },
      status: {},
    };
    expect(isContainedIn({ spec: { containers: [{ name: 'c', image: 'i' }] } }, observed)).toBe(true);
    expect(isContainedIn({ spec: { containers: [{ name: 'c', image: 'j' }] } }, observed)).toBe(false);
    expect(isContainedIn({ spec: { containers: [] } }, observed)).toBe(false);
  });
});

describe('describeIssues', () => {
  it('names each field by its path', () => {
    const schema = z.object({
      spec: z.object({ env: z.array(z.object({ name: z.string().min(1) })), precision: z.enum(['fp8']) }),
    });
    const result = schema.safeParse({ spec: { env: [{ name: '' }], precision: 'x' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeIssues(result.error.issues)).toBe(
        'spec.env[0].name: Too small: expected string to have >=1 characters; spec.precision: Invalid input: expected "fp8"',
      );
    }
    expect(formatIssuePath([])).toBe('');
  });
});

describe('ReconcileLogger', () => {
  it('is satisfied by a pino logger', () => {
    const logger: ReconcileLogger = pino({ level: 'silent' });
    expect(() => logger.warn({ kind: 'AIMModel' }, 'message')).not.toThrow();
  });
});
