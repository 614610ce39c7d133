const cache = new Map<string, RegExp>();

/**
 * Shell-style glob over a whole string: `*` is any run of characters (also `/` and spaces, so
 * `ghcr.io/*` matches every image of that registry), `?` is one character, the rest is literal.
 */
export function globToRegExp(glob: string): RegExp {
  const cached = cache.get(glob);
  if (cached) return cached;
  let source = '';
  for (const char of glob) {
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const regExp = new RegExp(`^${source}$`, 's');
  cache.set(glob, regExp);
  return regExp;
}

export function globMatches(glob: string, value: string): boolean {
  return globToRegExp(glob).test(value);
}
