/**
 * One line per function for `npm start`'s live view: whether it is up (and how many instances),
 * starting, or at zero, and how often it was started — what Knative's scale to zero looks like.
 */
import type { FunctionScaler } from './function-scaler.ts';

export function describeScaling(scalers: ReadonlyMap<string, FunctionScaler>): string {
  const cells = [...scalers.values()].map((scaler) => {
    const { ready, starting, starts } = scaler.stats();
    const state =
      starting > 0 ? `starting${ready > 0 ? ` (${ready} up)` : ''}` : ready > 0 ? `up ×${ready}` : 'at zero';
    return `${scaler.name}: ${state}, ${starts} start${starts === 1 ? '' : 's'}`;
  });
  return `functions — ${cells.join(' · ')}`;
}
