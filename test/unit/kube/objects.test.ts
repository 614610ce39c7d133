import { describe, expect, it } from 'vitest';
import { describeObject, gvkOf, gvkString, labelSelector, objectKey } from '../../../shared/kube/objects.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const model: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMModel',
  metadata: { name: 'llama', namespace: 'team', uid: 'u1' },
  spec: {},
};

describe('object helpers', () => {
  it('derive key, gvk and descriptions', () => {
    expect(objectKey(model)).toEqual({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMModel',
      namespace: 'team',
      name: 'llama',
    });
    expect(objectKey({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } })).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      name: 'n',
    });
    expect(gvkOf(model)).toEqual({ apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' });
    expect(gvkString(model)).toBe('aim.eai.amd.com/v1alpha1/AIMModel');
    expect(describeObject(objectKey(model))).toBe('AIMModel team/llama');
  });
});

describe('labelSelector', () => {
  it('joins sorted key=value pairs', () => {
    expect(labelSelector({ 'aim.eai.amd.com/template': 't-1', app: 'x' })).toBe(
      'aim.eai.amd.com/template=t-1,app=x',
    );
    expect(labelSelector({ a: 'b' })).toBe('a=b');
    expect(labelSelector({ empty: '' })).toBe('empty=');
    expect(labelSelector({})).toBe('');
  });

  it('rejects keys and values a label cannot hold', () => {
    expect(() => labelSelector({ a: 'b,c=d' })).toThrow(/invalid label value/);
    expect(() => labelSelector({ a: 'x'.repeat(64) })).toThrow(/invalid label value/);
    expect(() => labelSelector({ 'a b': 'c' })).toThrow(/invalid label key/);
    expect(() => labelSelector({ 'Bad_Prefix/name': 'c' })).toThrow(/invalid label key/);
    expect(() => labelSelector({ '-a': 'c' })).toThrow(/invalid label key/);
  });
});
