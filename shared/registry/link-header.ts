/**
 * The `rel="next"` target of an RFC 8288 `Link` header, as the distribution API (`_catalog`,
 * `tags/list`) and the GitHub REST API paginate. Resolved against the page's URL and kept on
 * that origin, so pagination can never send credentials elsewhere.
 */
import { RegistryError } from './errors.ts';

export function nextPageUrl(linkHeader: string | null, current: URL): URL | undefined {
  if (linkHeader === null) return undefined;
  for (const part of linkHeader.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match === null) continue;
    const rels = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (!rels.includes('next')) continue;
    let next: URL;
    try {
      next = new URL(match[1] ?? '', current);
    } catch {
      throw new RegistryError('invalid-response', `${current.host}: pagination link is not a URL`);
    }
    if (next.origin !== current.origin) {
      throw new RegistryError('invalid-response', `${current.host}: pagination link leaves the registry`);
    }
    return next;
  }
  return undefined;
}
