/**
 * What resolution creates: the auto-created model and the derived template. Both are shared
 * objects applied without an owner reference, and both only when absent — once they exist,
 * resolution finds them and plans nothing. An auto-selection that waits for a template still
 * being discovered is looked at again at that template's deadline, even if no event comes.
 */
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import type { ServiceResolution } from './resolution.ts';

export function planServiceResolution(resolution: ServiceResolution, now: Date): Plan {
  const plan = emptyPlan();
  const { model, template } = resolution;
  if (model.kind === 'create') plan.applyWithoutOwner.push(model.desired);
  if (template.kind === 'deriving') plan.applyWithoutOwner.push(template.desired);
  if (template.kind === 'unselected' && template.wait) {
    const ms = template.wait.recheckAt.getTime() - now.getTime();
    plan.requeueAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
  }
  return plan;
}
