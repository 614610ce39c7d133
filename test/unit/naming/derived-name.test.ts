import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  derivedNameHash,
  generateDerivedName,
  sanitizeNamePart,
} from '../../../shared/naming/derived-name.ts';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

describe('generateDerivedName — spec §14.1 vectors', () => {
  it.each([
    [['test-service'], ['default'], 'test-service-1080a608'],
    [['test-service'], ['chainsaw-profound-cowbird'], 'test-service-82c6a2fe'],
    [['aim-dummy', '0-1-10'], ['ghcr.io/silogen/aim-dummy:0.1.10'], 'aim-dummy-0-1-10-9bf80281'],
    [
      ['a-very-long-service-name-that-goes-on-and-on-and-on', 'another-long-part-here'],
      ['x'],
      'a-very-long-service-name-that-g-another-long-part-here-ba2df490',
    ],
  ])('%j hashed over %j ⇒ %s', (parts, inputs, expected) => {
    const name = generateDerivedName(parts, inputs);
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(63);
  });

  it('the truncation vector is exactly 63 characters', () => {
    expect(
      generateDerivedName(
        ['a-very-long-service-name-that-goes-on-and-on-and-on', 'another-long-part-here'],
        ['x'],
      ),
    ).toHaveLength(63);
  });
});

describe('generateDerivedName — mechanics', () => {
  it('omits the hash without inputs or with hashLen 0', () => {
    expect(generateDerivedName(['a', 'b'], [])).toBe('a-b');
    expect(generateDerivedName(['a', 'b'], ['x'], { hashLen: 0 })).toBe('a-b');
  });

  it('honours hashLen', () => {
    expect(generateDerivedName(['svc'], ['default'], { hashLen: 4 })).toBe('svc-1080');
    expect(derivedNameHash(['default'], 10)).toBe('1080a60800');
  });

  it('shortens the longest part first, the first one on ties, and trims the dash it exposes', () => {
    expect(generateDerivedName(['aaaa', 'bbbb'], [], { maxLen: 8 })).toBe('aaa-bbbb');
    expect(generateDerivedName(['ab-cd', 'x'], [], { maxLen: 5 })).toBe('ab-x');
  });

  it('stops when the longest part is a single character, even above maxLen', () => {
    expect(generateDerivedName(['a', 'b', 'c'], ['x'], { maxLen: 5 })).toBe(
      `a-b-c-${derivedNameHash(['x'], 8)}`,
    );
  });

  it('sanitizes parts before measuring them', () => {
    expect(generateDerivedName(['ghcr.io/silogen/aim-dummy:0.1.10'], [])).toBe(
      'ghcr-io-silogen-aim-dummy-0-1-10',
    );
  });
});

describe('sanitizeNamePart', () => {
  it.each([
    ['Hello_World', 'hello-world'],
    ['--a--', 'a'],
    ['a..b', 'a--b'],
    ['', 'part'],
    ['!!!', 'part'],
    ['hf://HuggingFaceTB/SmolLM2-135M', 'hf---huggingfacetb-smollm2-135m'],
    // Go lower-cases with the simple mapping: İ is one rune that becomes "i".
    ['İstanbul', 'istanbul'],
    // One dash per rune, not per UTF-16 unit.
    ['a😀b', 'a-b'],
    ['\u212Aelvin', 'kelvin'],
  ])('%j ⇒ %j', (input, expected) => {
    expect(sanitizeNamePart(input)).toBe(expected);
  });

  it('cuts to 63 and trims the dash the cut exposes', () => {
    const input = `${'a'.repeat(62)}-b`;
    expect(sanitizeNamePart(input)).toBe('a'.repeat(62));
    expect(sanitizeNamePart('x'.repeat(100))).toHaveLength(63);
  });
});

describe('generateDerivedName — properties', () => {
  const text = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }));
  const parts = fc.array(text, { minLength: 1, maxLength: 4 });
  const inputs = fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 4 });

  it('yields a DNS-1123 label within maxLen whenever single-character parts leave room', () => {
    fc.assert(
      fc.property(parts, inputs, fc.integer({ min: 20, max: 63 }), (ps, hs, maxLen) => {
        const name = generateDerivedName(ps, hs, { maxLen });
        expect(name).toMatch(DNS_LABEL);
        expect(name.length).toBeLessThanOrEqual(maxLen);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(parts, inputs, (ps, hs) => {
        expect(generateDerivedName(ps, hs)).toBe(generateDerivedName([...ps], [...hs]));
      }),
    );
  });

  it('differs when the hash inputs differ', () => {
    const variants = [
      ['default'],
      ['Default'],
      ['default', ''],
      [''],
      [null],
      [0],
      ['0'],
      [['default']],
      [{ a: 1 }],
    ];
    const names = variants.map((hs) => generateDerivedName(['svc'], hs));
    expect(new Set(names).size).toBe(variants.length);
  });

  it('sanitizeNamePart is idempotent and always a DNS label', () => {
    fc.assert(
      fc.property(text, (s) => {
        const once = sanitizeNamePart(s);
        expect(sanitizeNamePart(once)).toBe(once);
        expect(once).toMatch(DNS_LABEL);
        expect(once.length).toBeLessThanOrEqual(63);
      }),
    );
  });
});
