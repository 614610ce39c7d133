import { describe, expect, it } from 'vitest';
import { asciiLegalComments, firstNonAscii } from '../../../scripts/build/ascii-output.ts';

describe('ascii-output', () => {
  it('escapes the non-ASCII characters of legal comments and keeps their text', () => {
    const code = [
      '/*! formdata-polyfill. MIT License. Jimmy Wärting */',
      '//! © 2020 “someone”',
      'const a = "x";',
    ].join('\n');
    const ascii = asciiLegalComments(code);
    expect(ascii).toBe(
      [
        '/*! formdata-polyfill. MIT License. Jimmy W\\u00e4rting */',
        '//! \\u00a9 2020 \\u201csomeone\\u201d',
        'const a = "x";',
      ].join('\n'),
    );
    expect(firstNonAscii(ascii)).toBeUndefined();
  });

  it('leaves anything outside a legal comment for the build to refuse', () => {
    const code = '/* plain — comment */ const s = "naïve";';
    expect(asciiLegalComments(code)).toBe(code);
    expect(firstNonAscii(code)).toMatchObject({ index: code.indexOf('—') });
  });
});
