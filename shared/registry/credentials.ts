/**
 * Registry credentials from Docker config files as Kubernetes stores them in image pull secrets
 * (`kubernetes.io/dockerconfigjson`: `{"auths": {...}}`; legacy `kubernetes.io/dockercfg`: the
 * `auths` map itself), matched to a registry the way the kubelet does: by host (with an optional
 * `*.` wildcard label), then by repository path prefix, the most specific entry first.
 */
import { DOCKER_HUB_DOMAIN } from './reference.ts';

export interface RegistryCredentials {
  username: string;
  password: string;
}

export interface DockerConfigEntry {
  /** The `auths` key as written (`https://index.docker.io/v1/`, `ghcr.io`, `host:5000/team`, ...). */
  key: string;
  host: string;
  /** Repository path prefix the entry is limited to ('' for the whole registry). */
  path: string;
  credentials: RegistryCredentials;
}

export class DockerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DockerConfigError';
  }
}

const DOCKER_HUB_KEYS: ReadonlySet<string> = new Set([
  'index.docker.io',
  'docker.io',
  'registry-1.docker.io',
  'registry.hub.docker.com',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits an `auths` key into host and path; Docker Hub's many spellings become `docker.io`. */
export function parseConfigKey(key: string): { host: string; path: string } {
  let rest = key.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  rest = rest.replace(/\/+$/, '');
  const slash = rest.indexOf('/');
  let host = (slash >= 0 ? rest.slice(0, slash) : rest).toLowerCase();
  let path = slash >= 0 ? rest.slice(slash + 1) : '';
  if (DOCKER_HUB_KEYS.has(host)) {
    host = DOCKER_HUB_DOMAIN;
    // `https://index.docker.io/v1/` names the whole registry, not a `v1` repository.
    if (path === 'v1' || path === 'v2') path = '';
  }
  return { host, path };
}

function decodeAuth(auth: string): RegistryCredentials | undefined {
  const decoded = Buffer.from(auth, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function entryCredentials(value: Record<string, unknown>): RegistryCredentials | undefined {
  if (typeof value.auth === 'string' && value.auth !== '') return decodeAuth(value.auth);
  if (typeof value.username === 'string' && typeof value.password === 'string') {
    return { username: value.username, password: value.password };
  }
  return undefined;
}

/**
 * The entries of a Docker config (`.dockerconfigjson` when `legacy` is false, `.dockercfg`
 * otherwise). Entries without usable username/password are skipped. The message of a
 * `DockerConfigError` never quotes the content.
 */
export function parseDockerConfig(text: string, options: { legacy?: boolean } = {}): DockerConfigEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DockerConfigError('not valid JSON');
  }
  const auths = options.legacy ? parsed : isRecord(parsed) ? parsed.auths : undefined;
  if (!isRecord(auths))
    throw new DockerConfigError(options.legacy ? 'not a JSON object' : 'no "auths" object');
  const entries: DockerConfigEntry[] = [];
  for (const [key, value] of Object.entries(auths)) {
    if (!isRecord(value)) continue;
    const credentials = entryCredentials(value);
    if (credentials === undefined) continue;
    entries.push({ key, ...parseConfigKey(key), credentials });
  }
  return entries;
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern === host) return true;
  if (!pattern.startsWith('*.')) return false;
  const suffix = pattern.slice(1);
  const label = host.slice(0, host.length - suffix.length);
  return host.endsWith(suffix) && label !== '' && !label.includes('.');
}

function pathMatches(prefix: string, repository: string): boolean {
  return prefix === '' || repository === prefix || repository.startsWith(`${prefix}/`);
}

/**
 * The credentials for `domain`/`repository` among `entries` (in the given order of precedence):
 * an exact host beats a wildcard, a longer path prefix beats a shorter one, earlier beats later.
 */
export function matchCredentials(
  entries: readonly DockerConfigEntry[],
  domain: string,
  repository: string,
): RegistryCredentials | undefined {
  const host = domain.toLowerCase();
  let best: { entry: DockerConfigEntry; score: number } | undefined;
  for (const entry of entries) {
    if (!hostMatches(entry.host, host) || !pathMatches(entry.path, repository)) continue;
    const score = (entry.host === host ? 1_000_000 : 0) + entry.path.length;
    if (best === undefined || score > best.score) best = { entry, score };
  }
  return best?.entry.credentials;
}
