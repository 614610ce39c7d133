/**
 * V8 keeps each script's source in the heap for lazy compilation, one byte per character only
 * while every character is ASCII. `charset: 'ascii'` escapes what the code holds, but not the
 * legal comments the bundle keeps: one licence's author name ("Jimmy Wärting", formdata-polyfill)
 * made main.js a two-byte string, 3.8 MiB instead of 1.9 MiB in every function's heap. Legal
 * comments keep their text with `\u` escapes, and a chunk with any other non-ASCII character
 * fails the build.
 */
import type { Plugin } from 'rolldown';

const LEGAL_COMMENT = /\/\*![\s\S]*?\*\/|\/\/![^\n]*/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point.
const NON_ASCII = /[^\x00-\x7f]/g;

function escaped(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/** `code` with the non-ASCII characters of its legal comments escaped. */
export function asciiLegalComments(code: string): string {
  return code.replace(LEGAL_COMMENT, (comment) => comment.replace(NON_ASCII, escaped));
}

/** Where a non-ASCII character remains, if one does. */
export function firstNonAscii(code: string): { index: number; context: string } | undefined {
  NON_ASCII.lastIndex = 0;
  const match = NON_ASCII.exec(code);
  if (match === null) return undefined;
  return { index: match.index, context: code.slice(Math.max(0, match.index - 40), match.index + 40) };
}

export function asciiOutputPlugin(): Plugin {
  return {
    name: 'aim-ascii-output',
    renderChunk(code, chunk) {
      const ascii = asciiLegalComments(code);
      const left = firstNonAscii(ascii);
      if (left !== undefined)
        throw new Error(
          `${chunk.fileName} holds a non-ASCII character at ${left.index} (${JSON.stringify(left.context)}): ` +
            'V8 would keep the whole chunk as a two-byte string',
        );
      return ascii === code ? null : { code: ascii, map: null };
    },
  };
}
