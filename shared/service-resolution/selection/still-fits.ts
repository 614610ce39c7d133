/**
 * Whether the template a service already runs still fits what its spec asks of a selection:
 * stages 2 (Optimization) and 3 (Overrides) of `selectTemplate`, for that one template. Upstream
 * keeps a Ready `status.resolvedTemplate` whatever the spec says since (spec §10.4), so a changed
 * `spec.overrides.precision` went unheard; here a service keeps its template unless the user
 * changes what selected it. What the user did not change does not move it: a better template
 * appearing, a tie, or the nodes changing (stage 4) leave a running service where it is.
 */
import { normalizeGPUModel } from '../../gpu/normalize.ts';
import type { SelectionCandidate } from './candidate.ts';
import { matchesOverrides, normalizeOverrides, type SelectionOverrides } from './overrides.ts';
import { profileTypeOf } from './score.ts';

export interface FitOptions {
  overrides?: SelectionOverrides | undefined;
  allowUnoptimized?: boolean | undefined;
}

const normalize = (model: string): string => (model.trim() === '' ? '' : normalizeGPUModel(model));

export function stillFits(candidate: SelectionCandidate, options: FitOptions): boolean {
  if (!options.allowUnoptimized && profileTypeOf(candidate) !== 'optimized') return false;
  const overrides = normalizeOverrides(options.overrides, normalize);
  return !overrides.any || matchesOverrides({ candidate, gpu: normalize(candidate.gpuModel) }, overrides);
}
