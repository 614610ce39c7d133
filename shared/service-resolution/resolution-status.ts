/**
 * The status fields service-resolve owns (spec §10.9 `DecorateStatus`): `resolvedModel` and
 * `resolvedTemplate`, set once the model / template is Ready and never cleared (quirk 16, kept),
 * and `templateSelection`, the explanation of the latest auto-selection.
 */

import type { ServiceResolution } from './resolution.ts';
import { isReady, resolvedReference } from './resolved-object.ts';
import { selectionStatus } from './selection/selection-report.ts';

export const SERVICE_RESOLUTION_STATUS_FIELDS = [
  'resolvedModel',
  'resolvedTemplate',
  'templateSelection',
] as const;

export function decorateServiceResolution(
  status: Record<string, unknown>,
  resolution: ServiceResolution,
): void {
  const { model, template } = resolution;
  if (model.kind === 'found' && isReady(model.model)) status.resolvedModel = resolvedReference(model.model);
  if (template.kind === 'found' && isReady(template.template))
    status.resolvedTemplate = resolvedReference(template.template);
  if (template.kind === 'unselected')
    status.templateSelection = selectionStatus(
      template.selection,
      template.modelName,
      template.wait?.decideBy,
    );
  else if (template.kind === 'found' && template.selection)
    status.templateSelection = selectionStatus(template.selection, template.modelName ?? '');
}
