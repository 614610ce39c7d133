/**
 * Registry mirrors, as container runtimes know them (containerd's `hosts.toml`, CRI-O's
 * `registries.conf`): images keep their names — and their credentials, looked up by the name's
 * registry — but are fetched from another host. Air-gapped clusters and the local platform (whose
 * loopback registry serves `ghcr.io/...` images under their own names) set
 * `AIM_REGISTRY_MIRRORS=ghcr.io=mirror.internal:5000,docker.io=127.0.0.1:5001`.
 */
import { RegistryError } from './errors.ts';
import { isLoopbackHost, type RegistryReference } from './reference.ts';

export const REGISTRY_MIRRORS_ENV = 'AIM_REGISTRY_MIRRORS';

/** Registry name (as in image references; `docker.io` for Docker Hub) → host to fetch from. */
export type RegistryMirrors = ReadonlyMap<string, string>;

/** Parses `name=host[:port]` pairs separated by commas; an entry without `=` is a mistake worth naming. */
export function parseRegistryMirrors(text: string | undefined): RegistryMirrors {
  const mirrors = new Map<string, string>();
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [name, host, extra] = entry.split('=').map((part) => part.trim());
    if (!name || !host || extra !== undefined) {
      throw new RegistryError(
        'invalid-reference',
        `${REGISTRY_MIRRORS_ENV}: "${entry}" is not registry=host[:port]`,
      );
    }
    mirrors.set(name.toLowerCase(), host);
  }
  return mirrors;
}

/** The mirrors this process was started with. */
export function registryMirrorsFromEnv(): RegistryMirrors {
  return parseRegistryMirrors(process.env[REGISTRY_MIRRORS_ENV]);
}

/** `ref` fetched from its registry's mirror, when there is one; its name and domain stay. */
export function withMirror(ref: RegistryReference, mirrors: RegistryMirrors): RegistryReference {
  const host = mirrors.get(ref.domain.toLowerCase());
  if (host === undefined) return ref;
  return { ...ref, host, scheme: isLoopbackHost(host) ? 'http' : 'https' };
}
