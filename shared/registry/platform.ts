/**
 * Picking the image of one platform out of an image index / manifest list. Attestation entries
 * (BuildKit provenance/SBOM, platform `unknown/unknown`) are never images to inspect.
 */

export interface Platform {
  os: string;
  architecture: string;
  variant?: string;
}

export const DEFAULT_PLATFORM: Platform = { os: 'linux', architecture: 'amd64' };

export interface IndexEntry {
  mediaType?: string;
  digest: string;
  size?: number;
  platform?: { os?: string; architecture?: string; variant?: string };
  annotations?: Record<string, string>;
}

const ATTESTATION_ANNOTATION = 'vnd.docker.reference.type';
const ATTESTATION_VALUE = 'attestation-manifest';

export function isAttestation(entry: IndexEntry): boolean {
  if (entry.annotations?.[ATTESTATION_ANNOTATION] === ATTESTATION_VALUE) return true;
  return entry.platform?.os === 'unknown' && entry.platform?.architecture === 'unknown';
}

/** The first entry for `wanted`; a variant is compared only when `wanted` names one. */
export function selectPlatform(
  entries: readonly IndexEntry[],
  wanted: Platform = DEFAULT_PLATFORM,
): IndexEntry | undefined {
  return entries.find(
    (entry) =>
      !isAttestation(entry) &&
      entry.platform?.os === wanted.os &&
      entry.platform?.architecture === wanted.architecture &&
      (wanted.variant === undefined || entry.platform?.variant === wanted.variant),
  );
}

/** `os/arch[/variant]` of every image entry, for a "no such platform" message. */
export function describePlatforms(entries: readonly IndexEntry[]): string {
  const platforms = entries
    .filter((entry) => !isAttestation(entry))
    .map((entry) =>
      [entry.platform?.os ?? '?', entry.platform?.architecture ?? '?', entry.platform?.variant]
        .filter((part) => part !== undefined)
        .join('/'),
    );
  return platforms.length > 0 ? platforms.join(', ') : 'none';
}
