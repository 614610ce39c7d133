/**
 * The first steps of a plan as the user reads them — runtime config, model, template (with the
 * selection report service-resolve writes to status.templateSelection) — from the outcomes of
 * the functions' own resolution.
 */
import type { TemplateSelection } from '../../shared/api/template-selection.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import type { FetchResult } from '../../shared/reconcile/health.ts';
import { type ResolvedRuntimeConfig, runtimeConfigName } from '../../shared/reconcile/runtime-config.ts';
import type { ModelResolution } from '../../shared/service-resolution/model/resolve-model.ts';
import { qualifiedName } from '../../shared/service-resolution/resolved-object.ts';
import { selectionStatus } from '../../shared/service-resolution/selection/selection-report.ts';
import type { TemplateResolution } from '../../shared/service-resolution/template/resolve-template.ts';
import type { PlannedArtifact } from './projected-cache.ts';

export interface PlanStep {
  /** found / create / use / waiting / blocked / error… */
  outcome: string;
  message: string;
  name?: string;
  kind?: string;
  status?: string;
}

export interface ServicePlan {
  service: { name: string; namespace: string; exists: boolean; checkedBy: string };
  invalid?: string;
  runtimeConfig?: PlanStep & { spec?: unknown };
  model?: PlanStep & { desired?: KubeObject };
  template?: PlanStep & { selection?: TemplateSelection; desired?: KubeObject };
  cache?: PlanStep & { mode: string; desired?: KubeObject; artifacts: PlannedArtifact[] };
  inferenceService?: PlanStep & { assumes: string[]; problems: string[]; object?: KubeObject };
  route?: PlanStep & { object?: KubeObject };
}

export function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function step(outcome: string, message: string, object?: KubeObject): PlanStep {
  const result: PlanStep = { outcome, message };
  if (object) {
    result.name = object.metadata.name;
    result.kind = object.kind;
    result.status = object.status?.status ?? '';
  }
  return result;
}

export function runtimeConfigStep(
  result: FetchResult<ResolvedRuntimeConfig | undefined>,
  reference: string | undefined,
): PlanStep & { spec?: unknown } {
  const name = runtimeConfigName(reference);
  if (!result.ok) return step('error', text(result.error));
  if (result.value === undefined) return step('defaults', `no runtime config "${name}": built-in defaults`);
  const sources = [result.value.cluster, result.value.namespaced]
    .filter((o): o is KubeObject => o !== undefined)
    .map((o) =>
      o.metadata.namespace
        ? `AIMRuntimeConfig ${o.metadata.namespace}/${o.metadata.name}`
        : `AIMClusterRuntimeConfig ${o.metadata.name}`,
    );
  return { ...step('found', `merged from ${sources.join(' + ')}`), name, spec: result.value.spec };
}

export function modelStep(model: ModelResolution): NonNullable<ServicePlan['model']> {
  if (model.kind === 'found') return step('found', qualifiedName(model.model), model.model.object);
  if (model.kind === 'create')
    return { ...step('create', model.message, model.desired), desired: model.desired };
  return step('error', text(model.error));
}

export function templateStep(
  template: TemplateResolution,
  model: ModelResolution,
): NonNullable<ServicePlan['template']> {
  switch (template.kind) {
    case 'found': {
      const how = `${template.via}${template.note ? `; ${template.note}` : ''}`;
      const found: NonNullable<ServicePlan['template']> = step(
        'found',
        `${qualifiedName(template.template)} (${how})`,
        template.template.object,
      );
      if (template.selection) found.selection = selectionStatus(template.selection, template.modelName ?? '');
      return found;
    }
    case 'unselected': {
      const selection = selectionStatus(template.selection, template.modelName, template.wait?.decideBy);
      // Waiting for a template still being discovered resolves by itself; the other outcomes need a change.
      const outcome = template.selection.outcome === 'Awaiting' ? 'waiting' : 'blocked';
      return { ...step(outcome, selection.message ?? selection.reason ?? ''), selection };
    }
    case 'deriving':
      return {
        ...step(
          'create',
          `derived template ${template.desired.metadata.name} is created from ` +
            `${qualifiedName(template.base)} with spec.overrides, then discovered`,
          template.desired,
        ),
        desired: template.desired,
      };
    case 'awaiting-model':
      return step(
        'waiting',
        model.kind === 'create'
          ? 'templates come from the model once it is created and inspected: plan again then'
          : 'waiting for the model',
      );
    default:
      return step('error', text(template.error));
  }
}
