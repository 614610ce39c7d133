/**
 * The image labels AIM reads (spec §7.2). AMD keys are looked up under `com.amd.aim.` first, then
 * the legacy `org.amd.silogen.`; the first non-empty value wins. The product documents also name
 * `aim.eai.amd.com/model.recommended-deployments`, accepted as a last alias for that one field.
 */

export const AMD_LABEL_PREFIXES = ['com.amd.aim.', 'org.amd.silogen.'] as const;

/** Suffix after the AMD prefix → ImageMetadata.model field. */
export const AMD_LABEL_SUFFIXES = {
  canonicalName: 'model.canonicalName',
  source: 'model.source',
  title: 'title',
  descriptionFull: 'description.full',
  releaseNotes: 'release.notes',
  tags: 'model.tags',
  versions: 'model.versions',
  variants: 'model.variants',
  hfTokenRequired: 'hfToken.required',
  recommendedDeployments: 'model.recommendedDeployments',
} as const;

export type AmdLabelField = keyof typeof AMD_LABEL_SUFFIXES;

/** Extra keys tried after the prefixed ones, per field. */
export const AMD_LABEL_ALIASES: Partial<Record<AmdLabelField, readonly string[]>> = {
  recommendedDeployments: ['aim.eai.amd.com/model.recommended-deployments'],
};

/** The keys of one field in lookup order. */
export function amdLabelKeys(field: AmdLabelField): string[] {
  const suffix = AMD_LABEL_SUFFIXES[field];
  return [...AMD_LABEL_PREFIXES.map((prefix) => `${prefix}${suffix}`), ...(AMD_LABEL_ALIASES[field] ?? [])];
}

export const OCI_LABEL_PREFIX = 'org.opencontainers.image.';

export const OCI_LABEL_FIELDS = [
  'title',
  'description',
  'licenses',
  'vendor',
  'authors',
  'source',
  'documentation',
  'created',
  'revision',
  'version',
] as const;

export type OciLabelField = (typeof OCI_LABEL_FIELDS)[number];
