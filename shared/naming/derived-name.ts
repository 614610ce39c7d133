import { createHash } from 'node:crypto';
import { type GoJsonValue, goJson } from './go-json.ts';
import { goToLower } from './go-strings.ts';

/** Kubernetes' DNS-1123 label limit; the default bound of every derived name. */
export const DNS_LABEL_MAX_LENGTH = 63;

const FALLBACK_PART = 'part';
/** Per rune, like Go: a surrogate pair is one character and becomes one dash. */
const DISALLOWED_NAME_CHARS = /[^a-z0-9-]/gu;

function trimDashes(s: string, { leading }: { leading: boolean }): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '-') end--;
  let start = 0;
  if (leading) while (start < end && s[start] === '-') start++;
  return s.slice(start, end);
}

/**
 * One name part (spec §14.1): lower-case; every rune outside `[a-z0-9-]` becomes one `-` (no
 * collapsing); dashes trimmed; cut to 63; trailing dashes trimmed; empty ⇒ `part`.
 */
export function sanitizeNamePart(part: string): string {
  const replaced = goToLower(part).replace(DISALLOWED_NAME_CHARS, '-');
  const trimmed = trimDashes(replaced, { leading: true });
  const cut = trimDashes(trimmed.slice(0, DNS_LABEL_MAX_LENGTH), { leading: false });
  return cut === '' ? FALLBACK_PART : cut;
}

/** Hex SHA-256 of the Go-JSON-encoded inputs joined by `|`, cut to `hashLen`; empty when there is nothing to hash. */
export function derivedNameHash(hashInputs: readonly GoJsonValue[], hashLen: number): string {
  if (hashInputs.length === 0 || hashLen <= 0) return '';
  const text = hashInputs.map((input) => goJson(input)).join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, hashLen);
}

export interface DerivedNameOptions {
  /** Hex characters of hash suffix; default 8. */
  hashLen?: number;
  /** Maximum total length; default 63. */
  maxLen?: number;
}

/**
 * `generateDerivedName` (spec §14.1): sanitized parts joined by `-`, plus a hash of the inputs. While
 * too long, the longest part (first on ties) loses its last character and any trailing dash; a
 * name whose parts are all one character long is returned even if it is still too long.
 */
export function generateDerivedName(
  parts: readonly string[],
  hashInputs: readonly GoJsonValue[],
  { hashLen = 8, maxLen = DNS_LABEL_MAX_LENGTH }: DerivedNameOptions = {},
): string {
  const hash = derivedNameHash(hashInputs, hashLen);
  const sanitized = parts.map(sanitizeNamePart);
  const length = () => sanitized.reduce((sum, p) => sum + p.length + 1, 0) + hash.length - (hash ? 0 : 1);

  while (length() > maxLen) {
    let longest = 0;
    for (let i = 1; i < sanitized.length; i++) {
      if (sanitized[i]!.length > sanitized[longest]!.length) longest = i;
    }
    const part = sanitized[longest];
    if (part === undefined || part.length <= 1) break;
    sanitized[longest] = trimDashes(part.slice(0, -1), { leading: false });
  }

  const joined = sanitized.join('-');
  return hash ? `${joined}-${hash}` : joined;
}
