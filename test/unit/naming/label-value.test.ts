import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LABEL_VALUE_PATTERN,
  LabelValueError,
  sanitizeLabelValue,
  sanitizeRFC1123Label,
} from '../../../shared/naming/label-value.ts';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

describe('sanitizeLabelValue (spec §14.7)', () => {
  it.each([
    ['My-Service', 'my-service'],
    ['huggingfacetb/smollm2-135m', 'huggingfacetb_smollm2-135m'],
    ['a  //  b', 'a_b'],
    ['__a.b-__', 'a.b'],
    ['v1.0_rc', 'v1.0_rc'],
  ])('%j ⇒ %j', (input, expected) => {
    expect(sanitizeLabelValue(input)).toBe(expected);
  });

  it('cuts to 63 and trims what the cut exposes', () => {
    expect(sanitizeLabelValue(`${'a'.repeat(62)}.b`)).toBe('a'.repeat(62));
  });

  it.each(['', '___', '...', '/'])('rejects %j, which leaves nothing', (input) => {
    expect(() => sanitizeLabelValue(input)).toThrow(LabelValueError);
  });

  it('always yields a valid, idempotent label value or throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: 'binary', maxLength: 100 })),
        (s) => {
          let value: string;
          try {
            value = sanitizeLabelValue(s);
          } catch (error) {
            expect(error).toBeInstanceOf(LabelValueError);
            return;
          }
          expect(value).toMatch(LABEL_VALUE_PATTERN);
          expect(value.length).toBeGreaterThan(0);
          expect(value.length).toBeLessThanOrEqual(63);
          expect(sanitizeLabelValue(value)).toBe(value);
        },
      ),
    );
  });
});

describe('sanitizeRFC1123Label (spec §10.7.4, §10.10)', () => {
  it.each([
    ['hf---huggingfacetb-smollm2-135m-d4dc6f81cc', 'hf---huggingfacetb-smollm2-135m-d4dc6f81cc'],
    ['Model.Cache.v1', 'model-cache-v1'],
    ['Team_A', 'team-a'],
    ['--x--', 'x'],
    ['...', ''],
  ])('%j ⇒ %j', (input, expected) => {
    expect(sanitizeRFC1123Label(input)).toBe(expected);
  });

  it('yields an empty string or an idempotent DNS-1123 label', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: 'binary', maxLength: 100 })),
        (s) => {
          const label = sanitizeRFC1123Label(s);
          if (label === '') return;
          expect(label).toMatch(DNS_LABEL);
          expect(label.length).toBeLessThanOrEqual(63);
          expect(sanitizeRFC1123Label(label)).toBe(label);
        },
      ),
    );
  });
});
