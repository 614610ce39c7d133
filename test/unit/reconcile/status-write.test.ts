import { describe, expect, it } from 'vitest';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import type { ComponentHealthStatus } from '../../../shared/reconcile/component-health-status.ts';
import type { Condition } from '../../../shared/reconcile/conditions.ts';
import {
  applyStatus,
  desiredStatus,
  domainFieldsOf,
  droppedStatusFields,
  ownsComponent,
  type StatusOwnership,
  statusChanged,
} from '../../../shared/reconcile/status-write.ts';

const resolver: StatusOwnership = {
  mode: 'component',
  conditionTypes: ['ModelReady', 'TemplateReady'],
  statusFields: ['resolvedModel'],
};
const renderer: StatusOwnership = { mode: 'summary', conditionTypes: ['InferenceServiceReady'] };
const single: StatusOwnership = { mode: 'single' };

const condition = (type: string, status: Condition['status'] = 'True'): Condition => ({
  type,
  status,
  reason: 'R',
  message: '',
  lastTransitionTime: '2025-03-01T12:00:00Z',
});
const entry = (
  component: string,
  state: ComponentHealthStatus['state'] = 'Ready',
): ComponentHealthStatus => ({
  component,
  state,
  reason: 'R',
  message: '',
});

describe('ownsComponent', () => {
  it('follows the owned condition types on multi-writer kinds and is never true for a single writer', () => {
    expect(ownsComponent(resolver, 'Model')).toBe(true);
    expect(ownsComponent(resolver, 'InferenceService')).toBe(false);
    expect(ownsComponent(renderer, 'InferenceService')).toBe(true);
    expect(ownsComponent(single, 'Model')).toBe(false);
  });
});

describe('desiredStatus', () => {
  const parts = {
    domain: { resolvedModel: { name: 'm' }, url: 'http://x' },
    conditions: [condition('ModelReady'), condition('InferenceServiceReady'), condition('Ready')],
    componentHealth: [entry('Model'), entry('InferenceService')],
    status: 'Running',
    observedGeneration: 2,
  };

  it('gives a component writer its conditions, component entries and fields only', () => {
    expect(desiredStatus(resolver, parts)).toEqual({
      resolvedModel: { name: 'm' },
      conditions: [condition('ModelReady')],
      componentHealth: [entry('Model')],
    });
  });

  it('gives the summary writer its components plus the summary', () => {
    expect(desiredStatus(renderer, parts)).toEqual({
      conditions: [condition('InferenceServiceReady'), condition('Ready')],
      componentHealth: [entry('InferenceService')],
      status: 'Running',
      observedGeneration: 2,
    });
  });

  it('writes no componentHealth for a single writer, nor an empty list', () => {
    expect(desiredStatus(single, parts)).not.toHaveProperty('componentHealth');
    expect(desiredStatus(resolver, { ...parts, componentHealth: [] })).not.toHaveProperty('componentHealth');
  });
});

describe('statusChanged', () => {
  const stored = {
    conditions: [condition('ModelReady'), condition('InferenceServiceReady')],
    componentHealth: [entry('Model'), entry('InferenceService', 'Progressing')],
  };

  it('ignores other writers’ entries and sees a change in its own', () => {
    const same = { conditions: [condition('ModelReady')], componentHealth: [entry('Model')] };
    expect(statusChanged(resolver, stored, same)).toBe(false);
    const failed = { conditions: [condition('ModelReady')], componentHealth: [entry('Model', 'Failed')] };
    expect(statusChanged(resolver, stored, failed)).toBe(true);
  });

  it('counts an owned entry no longer applied as a change (server-side apply removes it)', () => {
    expect(statusChanged(resolver, stored, { conditions: [condition('ModelReady')] })).toBe(true);
  });

  it('keeps componentHealth out of the domain fields handed to decorate', () => {
    expect(domainFieldsOf({ ...stored, url: 'u' })).toEqual({ url: 'u' });
  });
});

describe('droppedStatusFields', () => {
  it('names the owned fields the stored status has and the desired one leaves out', () => {
    const current = { routing: {}, url: 'http://x', resolvedModel: { name: 'm' }, conditions: [] };
    expect(
      droppedStatusFields({ ...renderer, statusFields: ['routing', 'url'] }, current, { url: 'http://x' }),
    ).toEqual(['routing']);
    expect(droppedStatusFields(resolver, current, {})).toEqual(['resolvedModel']);
    expect(droppedStatusFields(single, current, { url: 'http://x', conditions: [] })).toEqual([
      'routing',
      'resolvedModel',
    ]);
  });
});

describe('applyStatus', () => {
  const service: KubeObject = {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMService',
    metadata: { name: 's', namespace: 'ns', resourceVersion: '7' },
  };
  /** What the API server does when another manager owns a dropped field whole: null, refused. */
  function serverLeavingNull() {
    const calls: [string, unknown][] = [];
    const client = {
      async applyStatus(object: KubeObject) {
        calls.push(['apply', object.metadata.resourceVersion]);
        if (calls.filter(([method]) => method === 'apply').length === 1)
          throw new KubeError({
            reason: 'Invalid',
            statusCode: 422,
            retryable: false,
            message: 'status.routing: Invalid value: "null"',
          });
        return { ...object, metadata: { ...object.metadata, resourceVersion: '9' } };
      },
      async mergePatch(key: { subresource?: string }, patch: unknown) {
        calls.push(['mergePatch', { subresource: key.subresource, patch }]);
        return { ...service, metadata: { ...service.metadata, resourceVersion: '8' } };
      },
    } as unknown as KubeClient;
    return { client, calls };
  }

  it('removes a dropped field another manager owns with a merge patch on the version read, then applies', async () => {
    const { client, calls } = serverLeavingNull();
    const stored = await applyStatus(client, service, { status: 'Running' }, 'aim-isvc-render', ['routing']);
    expect(calls).toEqual([
      ['apply', '7'],
      [
        'mergePatch',
        { subresource: 'status', patch: { metadata: { resourceVersion: '7' }, status: { routing: null } } },
      ],
      ['apply', '8'],
    ]);
    expect(stored.metadata.resourceVersion).toBe('9');
  });

  it('passes the refusal on when it dropped nothing', async () => {
    const { client, calls } = serverLeavingNull();
    await expect(applyStatus(client, service, { status: 'Running' }, 'aim-isvc-render')).rejects.toThrow(
      /Invalid/,
    );
    expect(calls).toEqual([['apply', '7']]);
  });
});
