import { describe, expect, it } from 'vitest';
import {
  headroomPercent,
  parseCheckSizeOutput,
  parseSpecSize,
  pvcSizeBytes,
  resolveArtifactSize,
} from '../../../shared/caching/artifact-size.ts';
import { formatBinarySI } from '../../../shared/quantity/quantity.ts';

const GI = 1024n ** 3n;

describe('PVC sizing (spec §12.1)', () => {
  it.each([
    [100n * 1024n * 1024n, 10, '1Gi'],
    [9_094_593_249n, 10, '10Gi'],
    [9_094_593_249n, 0, '9Gi'],
    [10n * GI, 10, '11Gi'],
    [10n * GI, 0, '10Gi'],
    [1n, 10, '1Gi'],
  ])('%s bytes with %s%% headroom → %s', (bytes, headroom, expected) => {
    expect(formatBinarySI(pvcSizeBytes(bytes, headroom))).toBe(expected);
  });

  it('defaults the headroom to 10 % and ignores unusable values', () => {
    expect(headroomPercent(undefined)).toBe(10);
    expect(headroomPercent(25)).toBe(25);
    expect(headroomPercent(0)).toBe(0);
    expect(headroomPercent(-5)).toBe(10);
  });
});

describe('spec sizes', () => {
  it('reads quantities and treats zero or absence as unknown', () => {
    expect(parseSpecSize('100Mi')).toEqual({ kind: 'known', bytes: 104_857_600n, source: 'spec' });
    expect(parseSpecSize(9_094_593_249)).toEqual({ kind: 'known', bytes: 9_094_593_249n, source: 'spec' });
    expect(parseSpecSize(undefined)).toEqual({ kind: 'unknown' });
    expect(parseSpecSize('0')).toEqual({ kind: 'unknown' });
    expect(parseSpecSize(0)).toEqual({ kind: 'unknown' });
  });

  it.each(['-5Gi', '2Pi', '1E', 'lots'])('rejects %s with a message naming it', (size) => {
    const result = parseSpecSize(size);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.message).toContain(size);
  });

  it('prefers the spec size, then a size discovered now, then one discovered before', () => {
    expect(resolveArtifactSize('1Gi', 5n, 7)).toMatchObject({ bytes: GI, source: 'spec' });
    expect(resolveArtifactSize(undefined, 5n, 7)).toMatchObject({ bytes: 5n, source: 'discovered' });
    expect(resolveArtifactSize(undefined, undefined, 7)).toMatchObject({ bytes: 7n, source: 'discovered' });
    expect(resolveArtifactSize(undefined, undefined, 0)).toEqual({ kind: 'unknown' });
  });
});

describe('check-size output', () => {
  it('reads sizeBytes from the last non-empty line', () => {
    const log = 'resolving hf://org/model\n{"url": "hf://org/model", "sizeBytes": 536870912}\n\n';
    expect(parseCheckSizeOutput(log)).toEqual({ ok: true, bytes: 536_870_912n, url: 'hf://org/model' });
  });

  it.each([
    ['', 'printed nothing'],
    ['{"sizeBytes": 12}\nall done\n', 'not JSON'],
    ['{"url": "x"}', 'no integer sizeBytes'],
    ['{"sizeBytes": 1.5}', 'no integer sizeBytes'],
    ['{"sizeBytes": "12"}', 'no integer sizeBytes'],
    ['{"sizeBytes": 0}', 'outside 1 byte'],
    ['{"sizeBytes": -4}', 'outside 1 byte'],
    [`{"sizeBytes": ${2 ** 50 + 1}}`, 'outside 1 byte'],
  ])('rejects %j', (log, message) => {
    const result = parseCheckSizeOutput(log);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it('accepts exactly 2^50 bytes', () => {
    expect(parseCheckSizeOutput(`{"sizeBytes": ${2 ** 50}}`)).toMatchObject({ ok: true, bytes: 2n ** 50n });
  });
});
