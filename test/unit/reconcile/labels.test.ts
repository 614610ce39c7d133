import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../shared/cache/frozen.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import {
  applyControllerLabels,
  globMatch,
  labelChild,
  propagateLabels,
} from '../../../shared/reconcile/labels.ts';

const parent: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: {
    name: 'svc',
    namespace: 'team',
    labels: {
      'aim.eai.amd.com/service': 'svc',
      'aim.eai.amd.com/service.name': 'svc',
      'app.kubernetes.io/part-of': 'shop',
      team: 'red',
    },
  },
};

const child = (kind = 'AIMTemplateCache', labels?: Record<string, string>): KubeObject => ({
  apiVersion: kind === 'Job' ? 'batch/v1' : 'aim.eai.amd.com/v1alpha1',
  kind,
  metadata: { name: 'c', namespace: 'team', ...(labels ? { labels } : {}) },
  spec: {},
});

describe('globMatch (filepath.Match semantics)', () => {
  it.each([
    ['app.kubernetes.io/*', 'app.kubernetes.io/part-of', true],
    ['*', 'app.kubernetes.io/part-of', false],
    ['*', 'team', true],
    ['te?m', 'team', true],
    ['te?m', 'teams', false],
    ['[a-t]eam', 'team', true],
    ['[^t]eam', 'team', false],
    ['team\\*', 'team*', true],
    ['[', 'x', false],
  ])('%s ~ %s → %s', (pattern, key, expected) => expect(globMatch(pattern, key)).toBe(expected));
});

describe('propagateLabels (spec §5.6)', () => {
  it('always copies aim.eai.amd.com/* labels and nothing else when propagation is off', () => {
    const result = propagateLabels(parent, child());
    expect(result.metadata.labels).toEqual({
      'aim.eai.amd.com/service': 'svc',
      'aim.eai.amd.com/service.name': 'svc',
    });
  });

  it('copies glob matches only when enabled, and never overwrites the child', () => {
    const config = { labelPropagation: { enabled: true, match: ['app.kubernetes.io/*', 'te*'] } };
    const result = propagateLabels(parent, child('AIMTemplateCache', { team: 'blue' }), config);
    expect(result.metadata.labels).toEqual({
      team: 'blue',
      'aim.eai.amd.com/service': 'svc',
      'aim.eai.amd.com/service.name': 'svc',
      'app.kubernetes.io/part-of': 'shop',
    });
    const disabled = propagateLabels(parent, child(), { labelPropagation: { enabled: false, match: ['*'] } });
    expect(disabled.metadata.labels).not.toHaveProperty('team');
  });

  it('copies propagated labels into a Job pod template without overwriting it', () => {
    const job = child('Job');
    job.spec = { template: { metadata: { labels: { 'aim.eai.amd.com/service': 'pod-own' } } } };
    const result = propagateLabels(parent, job);
    expect(result.spec.template.metadata.labels).toEqual({
      'aim.eai.amd.com/service': 'pod-own',
      'aim.eai.amd.com/service.name': 'svc',
    });
  });
});

describe('applyControllerLabels', () => {
  it('adds managed-by and <controller>.name unless the builder set them', () => {
    expect(applyControllerLabels(child(), 'service', 'svc').metadata.labels).toEqual({
      'app.kubernetes.io/managed-by': 'aim-service-controller',
      'aim.eai.amd.com/service.name': 'svc',
    });
    const built = child('AIMTemplateCache', { 'app.kubernetes.io/managed-by': 'aim-engine' });
    expect(
      applyControllerLabels(built, 'service', 'svc').metadata.labels?.['app.kubernetes.io/managed-by'],
    ).toBe('aim-engine');
  });

  it('copies every Job label except managed-by into the pod template', () => {
    const result = labelChild(parent, child('Job', { 'aim.eai.amd.com/component': 'download' }), 'artifact');
    expect(result.spec.template.metadata.labels).toEqual({
      'aim.eai.amd.com/component': 'download',
      'aim.eai.amd.com/service': 'svc',
      'aim.eai.amd.com/service.name': 'svc',
      'aim.eai.amd.com/artifact.name': 'svc',
    });
    expect(result.metadata.labels?.['app.kubernetes.io/managed-by']).toBe('aim-artifact-controller');
  });

  it('leaves the child it was given as it was, even a frozen one, and copies only what it changes', () => {
    const job = child('Job', { 'aim.eai.amd.com/component': 'download' });
    job.spec = {
      backoffLimit: 2,
      template: { metadata: { labels: { keep: 'me' } }, spec: { containers: [] } },
    };
    const given = deepFreeze(structuredClone(job));
    const result = labelChild(parent, given, 'artifact');
    expect(given).toEqual(job);
    expect(result.metadata).not.toBe(given.metadata);
    expect(result.spec.template.metadata.labels).toMatchObject({
      keep: 'me',
      'aim.eai.amd.com/service': 'svc',
    });
    // What labelling does not touch is shared, not copied.
    expect(result.spec.template.spec).toBe(given.spec.template.spec);
    // What callers set afterwards (owner references) lands on the copy.
    result.metadata.ownerReferences = [];
    expect(given.metadata.ownerReferences).toBeUndefined();
  });
});
