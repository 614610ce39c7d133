/**
 * What resolution creates: the auto-created model and the derived template. Both are shared
 * objects applied without an owner reference, and both only when absent — once they exist,
 * resolution finds them and plans nothing.
 */
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import type { ServiceResolution } from './resolution.ts';

export function planServiceResolution(resolution: ServiceResolution): Plan {
  const plan = emptyPlan();
  if (resolution.model.kind === 'create') plan.applyWithoutOwner.push(resolution.model.desired);
  if (resolution.template.kind === 'deriving') plan.applyWithoutOwner.push(resolution.template.desired);
  return plan;
}
