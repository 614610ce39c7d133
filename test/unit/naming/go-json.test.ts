import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goEnvVar, goEnvVarList } from '../../../shared/naming/go-env-var.ts';
import { compareUtf8, GoMap, goJson, goMap } from '../../../shared/naming/go-json.ts';

describe('goJson — Go encoding/json semantics', () => {
  it('quotes strings like JSON', () => {
    expect(goJson('default')).toBe('"default"');
    expect(goJson('a"b\\c\n\t')).toBe('"a\\"b\\\\c\\n\\t"');
  });

  it('escapes <, > and & the way Go does for HTML safety', () => {
    expect(goJson('<a&b>')).toBe('"\\u003ca\\u0026b\\u003e"');
  });

  it('escapes U+2028 and U+2029', () => {
    expect(goJson('a\u2028b\u2029')).toBe('"a\\u2028b\\u2029"');
  });

  it('uses short escapes for \\b and \\f and lower-case \\u00XX for other controls', () => {
    expect(goJson('\b\f\u0001\u001f')).toBe('"\\b\\f\\u0001\\u001f"');
  });

  it('writes non-ASCII text literally and a lone surrogate as U+FFFD', () => {
    expect(goJson('é😀')).toBe('"é😀"');
    expect(goJson('a\ud800b')).toBe('"a\ufffdb"');
  });

  it('encodes ints, bigints, booleans and nil', () => {
    expect(goJson(0)).toBe('0');
    expect(goJson(-42)).toBe('-42');
    expect(goJson(2n ** 63n - 1n)).toBe('9223372036854775807');
    expect(goJson(true)).toBe('true');
    expect(goJson(null)).toBe('null');
  });

  it('rejects floats, which Go would format differently', () => {
    expect(() => goJson(1.5)).toThrow(TypeError);
    expect(() => goJson(Number.NaN)).toThrow(TypeError);
  });

  it('encodes slices and structs in field order, omitting undefined fields', () => {
    expect(goJson([])).toBe('[]');
    expect(goJson(['a', 1, null, [true]])).toBe('["a",1,null,[true]]');
    expect(goJson({ name: 'x', value: undefined, count: 2 })).toBe('{"name":"x","count":2}');
    expect(goJson({ z: 1, a: 2 })).toBe('{"z":1,"a":2}');
  });

  it('turns maps into [k1, v1, k2, v2, …] sorted by key', () => {
    expect(goJson(goMap({ b: '2', a: '1' }))).toBe('["a","1","b","2"]');
    expect(goJson(goMap({}))).toBe('[]');
  });

  it('sorts map keys by UTF-8 bytes like Go, not by UTF-16 units', () => {
    // UTF-16 puts 😀 (D83D…) before U+FFFF; UTF-8 puts EF BF BF before F0 9F….
    const map = new GoMap([
      ['😀', 1],
      ['\uffff', 2],
    ]);
    expect(goJson(map)).toBe('["\uffff",2,"😀",1]');
    expect(compareUtf8('\uffff', '😀')).toBeLessThan(0);
  });

  it('rejects class instances other than GoMap', () => {
    expect(() => goJson(new Date() as never)).toThrow(TypeError);
  });

  it('matches JSON.stringify on strings without the Go-only escapes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        fc.pre(!/[<>&\u2028\u2029]/.test(s) && s.isWellFormed());
        expect(goJson(s)).toBe(JSON.stringify(s));
      }),
    );
  });
});

describe('goEnvVar — corev1.EnvVar with omitempty', () => {
  it('drops an empty value', () => {
    expect(goJson(goEnvVar({ name: 'A', value: '' }))).toBe('{"name":"A"}');
    expect(goJson(goEnvVar({ name: 'HF_TOKEN', value: 'my-token' }))).toBe(
      '{"name":"HF_TOKEN","value":"my-token"}',
    );
  });

  it('encodes valueFrom in Go field order, keeping an explicit optional=false', () => {
    const env = {
      name: 'HF_TOKEN',
      valueFrom: { secretKeyRef: { key: 'token', name: 'hf', optional: false } },
    };
    expect(goJson(goEnvVar(env))).toBe(
      '{"name":"HF_TOKEN","valueFrom":{"secretKeyRef":{"name":"hf","key":"token","optional":false}}}',
    );
  });

  it('always writes a resourceFieldRef divisor ("0" when unset)', () => {
    const env = { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } };
    expect(goJson(goEnvVar(env))).toBe(
      '{"name":"CPU","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"0"}}}',
    );
  });

  it('encodes fieldRef and drops unknown valueFrom members', () => {
    const env = { name: 'NS', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' }, bogus: { x: 1 } } };
    expect(goJson(goEnvVar(env))).toBe(
      '{"name":"NS","valueFrom":{"fieldRef":{"fieldPath":"metadata.namespace"}}}',
    );
  });

  it('encodes an absent list as a nil slice', () => {
    expect(goJson(goEnvVarList(undefined))).toBe('null');
    expect(goJson(goEnvVarList([]))).toBe('[]');
  });
});
