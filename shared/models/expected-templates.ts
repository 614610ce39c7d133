/** Whether a model should have templates (spec §7.3): yes, no, or unknown until metadata arrives. */
import type { AIMModelSpec } from '../api/aim-model.ts';
import type { ImageMetadata } from '../api/image-metadata.ts';

export type TemplateExpectation = 'yes' | 'no' | 'unknown';

/** A custom model serves `spec.modelSources` instead of the weights in its image. */
export function isCustomModel(spec: AIMModelSpec): boolean {
  return (spec.modelSources ?? []).length > 0;
}

/** `metadata`: the metadata known in this reconcile (spec's, fetched, or from status). */
export function expectsTemplates(
  spec: AIMModelSpec,
  metadata: ImageMetadata | undefined,
): TemplateExpectation {
  if (spec.discovery?.createServiceTemplates === false) return 'no';
  if (isCustomModel(spec)) return 'yes';
  if (metadata === undefined) return 'unknown';
  const deployments = metadata.model?.recommendedDeployments ?? [];
  return deployments.length > 0 || (spec.customTemplates ?? []).length > 0 ? 'yes' : 'no';
}
