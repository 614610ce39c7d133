import { describe, expect, it } from 'vitest';
import {
  matchesFieldSelector,
  matchesLabelSelector,
  parseLabelSelector,
} from '../../../shared/kube/selectors.ts';

const labels = { app: 'aim', tier: 'gpu', 'aim.eai.amd.com/template': 't1' };

describe('label selectors', () => {
  it('parses every supported requirement form', () => {
    expect(parseLabelSelector('a=b, c==d,e!=f,g,!h,i in (x, y),j notin (z)')).toEqual([
      { key: 'a', operator: 'Equals', value: 'b' },
      { key: 'c', operator: 'Equals', value: 'd' },
      { key: 'e', operator: 'NotEquals', value: 'f' },
      { key: 'g', operator: 'Exists' },
      { key: 'h', operator: 'DoesNotExist' },
      { key: 'i', operator: 'In', values: ['x', 'y'] },
      { key: 'j', operator: 'NotIn', values: ['z'] },
    ]);
    expect(() => parseLabelSelector('a>1')).toThrow(/unsupported/);
  });

  it.each([
    ['app=aim', true],
    ['app=other', false],
    ['app=aim,tier=gpu', true],
    ['app=aim,tier=cpu', false],
    ['tier!=cpu', true],
    ['missing!=x', true],
    ['aim.eai.amd.com/template', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['tier in (cpu,gpu)', true],
    ['missing in (a)', false],
    ['tier notin (gpu)', false],
    ['missing notin (gpu)', true],
    ['', true],
  ])('%s → %s', (selector, expected) => {
    expect(matchesLabelSelector(selector, labels)).toBe(expected);
  });

  it('treats absent labels as an empty set', () => {
    expect(matchesLabelSelector('app', undefined)).toBe(false);
    expect(matchesLabelSelector('!app', undefined)).toBe(true);
  });
});

describe('field selectors', () => {
  const event = {
    metadata: { name: 'e1', namespace: 'ns' },
    involvedObject: { kind: 'InferenceService', name: 'isvc' },
  };

  it('matches dotted paths with = == and !=', () => {
    expect(matchesFieldSelector('metadata.name=e1', event)).toBe(true);
    expect(matchesFieldSelector('metadata.namespace==ns,involvedObject.name=isvc', event)).toBe(true);
    expect(matchesFieldSelector('involvedObject.kind!=InferenceService', event)).toBe(false);
    expect(matchesFieldSelector('spec.nodeName=', event)).toBe(true);
    expect(matchesFieldSelector('metadata.name=other', event)).toBe(false);
  });
});
