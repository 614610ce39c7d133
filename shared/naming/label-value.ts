import { DNS_LABEL_MAX_LENGTH } from './derived-name.ts';
import { goToLower } from './go-strings.ts';

/** Kubernetes' label-value syntax: empty, or ≤63 alphanumerics / `-_.` starting and ending alphanumeric. */
export const LABEL_VALUE_PATTERN = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export class LabelValueError extends Error {
  readonly input: string;

  constructor(input: string) {
    super(`cannot derive a label value from "${input}": nothing valid remains after sanitizing`);
    this.name = 'LabelValueError';
    this.input = input;
  }
}

function trimChars(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start]!)) start++;
  while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const LABEL_EDGE_CHARS = '_.-';

/**
 * `sanitizeLabelValue` (spec §14.7): lower-case; each run of characters outside `[a-z0-9._-]`
 * becomes one `_`; `_.-` trimmed from both ends; cut to 63; trimmed again. Throws LabelValueError
 * when nothing is left, since an empty value would silently match every unlabelled object.
 */
export function sanitizeLabelValue(value: string): string {
  const replaced = goToLower(value).replace(/[^a-z0-9._-]+/gu, '_');
  const result = trimChars(
    trimChars(replaced, LABEL_EDGE_CHARS).slice(0, DNS_LABEL_MAX_LENGTH),
    LABEL_EDGE_CHARS,
  );
  if (result === '') throw new LabelValueError(value);
  return result;
}

/**
 * RFC 1123 label sanitizer for volume names and route path segments (spec §10.7.4, §10.10):
 * lower-case, every character outside `[a-z0-9-]` becomes `-`, dashes trimmed, cut to 63 and
 * trimmed again. May return `''`; callers decide whether an empty segment is dropped or an error.
 */
export function sanitizeRFC1123Label(value: string): string {
  const replaced = goToLower(value).replace(/[^a-z0-9-]/gu, '-');
  return trimChars(trimChars(replaced, '-').slice(0, DNS_LABEL_MAX_LENGTH), '-');
}
