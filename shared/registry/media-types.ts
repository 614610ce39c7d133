/** OCI and Docker media types of manifests, indexes and image configs (image-spec media-types.md). */

export const MEDIA_TYPES = {
  ociIndex: 'application/vnd.oci.image.index.v1+json',
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  dockerManifestList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
  ociConfig: 'application/vnd.oci.image.config.v1+json',
  dockerConfig: 'application/vnd.docker.container.image.v1+json',
} as const;

/** Every manifest type this client understands; without it registries may fall back to schema1. */
export const MANIFEST_ACCEPT = [
  MEDIA_TYPES.ociIndex,
  MEDIA_TYPES.ociManifest,
  MEDIA_TYPES.dockerManifestList,
  MEDIA_TYPES.dockerManifest,
].join(', ');

export const INDEX_MEDIA_TYPES: readonly string[] = [MEDIA_TYPES.ociIndex, MEDIA_TYPES.dockerManifestList];
export const IMAGE_MANIFEST_MEDIA_TYPES: readonly string[] = [
  MEDIA_TYPES.ociManifest,
  MEDIA_TYPES.dockerManifest,
];
export const CONFIG_MEDIA_TYPES: readonly string[] = [MEDIA_TYPES.ociConfig, MEDIA_TYPES.dockerConfig];

/** `Content-Type` without parameters, lower-cased. */
export function baseMediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
