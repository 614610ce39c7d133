/**
 * `WWW-Authenticate` parsing (RFC 9110 §11.6.1): one or more challenges, each a scheme followed
 * by comma-separated `name=value` parameters (values may be quoted with backslash escapes), e.g.
 * `Bearer realm="https://auth.example/token",service="registry.example",scope="repository:a/b:pull"`.
 */

export interface AuthChallenge {
  /** Lower-cased scheme: `bearer`, `basic`, ... */
  scheme: string;
  /** Parameter names lower-cased. */
  params: Record<string, string>;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const WHITESPACE = /[ \t]*/y;
/* Values should be tokens or quoted strings; unquoted URLs are accepted anyway, as clients do. */
const BARE_VALUE = /[^\s,"]+/y;

class Scanner {
  readonly text: string;
  index = 0;

  constructor(text: string) {
    this.text = text;
  }

  get done(): boolean {
    return this.index >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.index];
  }

  skipWhitespace(): void {
    WHITESPACE.lastIndex = this.index;
    WHITESPACE.exec(this.text);
    this.index = WHITESPACE.lastIndex;
  }

  token(): string | undefined {
    TOKEN.lastIndex = this.index;
    const match = TOKEN.exec(this.text);
    if (!match) return undefined;
    this.index = TOKEN.lastIndex;
    return match[0];
  }

  bareValue(): string | undefined {
    BARE_VALUE.lastIndex = this.index;
    const match = BARE_VALUE.exec(this.text);
    if (!match) return undefined;
    this.index = BARE_VALUE.lastIndex;
    return match[0];
  }

  quoted(): string | undefined {
    if (this.peek() !== '"') return undefined;
    let value = '';
    for (let i = this.index + 1; i < this.text.length; i++) {
      const char = this.text[i];
      if (char === '\\' && i + 1 < this.text.length) {
        value += this.text[++i];
      } else if (char === '"') {
        this.index = i + 1;
        return value;
      } else {
        value += char;
      }
    }
    return undefined;
  }

  /** Whether a `name=` parameter starts here (as opposed to the next challenge's scheme). */
  atParameter(): boolean {
    const start = this.index;
    const name = this.token();
    this.skipWhitespace();
    // `abc123==` is a token68 credential (padding), not a parameter named abc123.
    const isParameter =
      name !== undefined && this.peek() === '=' && !/^=+[ \t]*(?:,|$)/.test(this.text.slice(this.index));
    this.index = start;
    return isParameter;
  }
}

/** Skips a token68 credential or stray characters up to the next comma. */
function skipToComma(scanner: Scanner): void {
  while (!scanner.done && scanner.peek() !== ',') {
    if (scanner.token() === undefined && scanner.quoted() === undefined) scanner.index++;
    scanner.skipWhitespace();
  }
}

/** Every challenge in the header; malformed input is skipped, never thrown. */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallenge[] {
  if (!header) return [];
  const scanner = new Scanner(header);
  const challenges: AuthChallenge[] = [];
  while (!scanner.done) {
    scanner.skipWhitespace();
    if (scanner.peek() === ',') {
      scanner.index++;
      continue;
    }
    const scheme = scanner.token();
    if (scheme === undefined) {
      skipToComma(scanner);
      continue;
    }
    const challenge: AuthChallenge = { scheme: scheme.toLowerCase(), params: {} };
    challenges.push(challenge);
    let afterComma = false;
    for (;;) {
      scanner.skipWhitespace();
      if (scanner.done) break;
      if (scanner.atParameter()) {
        const name = scanner.token()!.toLowerCase();
        scanner.skipWhitespace();
        scanner.index++; // the '='
        scanner.skipWhitespace();
        const value = scanner.peek() === '"' ? scanner.quoted() : scanner.bareValue();
        if (value !== undefined) challenge.params[name] = value;
        scanner.skipWhitespace();
      } else if (afterComma) {
        break; // the next challenge's scheme
      } else {
        skipToComma(scanner);
      }
      if (scanner.peek() !== ',') {
        skipToComma(scanner);
        if (scanner.done) break;
      }
      scanner.index++;
      afterComma = true;
    }
  }
  return challenges;
}
