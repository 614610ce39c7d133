import { describe, expect, it } from 'vitest';
import type { ComponentHealthStatus } from '../../../shared/reconcile/component-health-status.ts';
import type { Condition } from '../../../shared/reconcile/conditions.ts';
import {
  desiredStatus,
  domainFieldsOf,
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
