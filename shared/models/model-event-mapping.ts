/**
 * Which models an event concerns besides the event's own object (spec §7.5 watches, quirk 17
 * fixed): a template event → the model that owns it and the model its `spec.modelName` names (a
 * user-made template counts toward the model's aggregate too); a runtime-config event → every
 * model using that config, including those that use `default` by leaving the name empty.
 */
import { AIM_API_VERSION } from '../api/group.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import type { EventMappingContext } from '../runtime/define-function.ts';
import { runtimeConfigDependents } from '../runtime/runtime-config-dependents.ts';
import { type ModelScope, scopeOfTemplateKind } from './model-scope.ts';

function isKubeObject(value: unknown): value is KubeObject {
  if (typeof value !== 'object' || value === null) return false;
  const metadata = (value as { metadata?: unknown }).metadata;
  return typeof metadata === 'object' && metadata !== null;
}

/** The models a template points at, by owner reference and by `spec.modelName`. */
export function modelsOfTemplate(scope: ModelScope, template: KubeObject): ReconcileRequest[] {
  const namespace = scope.namespaced ? template.metadata.namespace : undefined;
  const names = new Set<string>();
  for (const owner of template.metadata.ownerReferences ?? []) {
    if (owner.kind === scope.model.kind && owner.apiVersion.split('/')[0] === AIM_API_VERSION.split('/')[0]) {
      names.add(owner.name);
    }
  }
  const modelName: unknown = template.spec?.modelName;
  if (typeof modelName === 'string' && modelName !== '') names.add(modelName);
  return [...names].map((name) => ({ ...scope.model, ...(namespace ? { namespace } : {}), name }));
}

async function templateEventModels(
  ctx: EventMappingContext,
  scope: ModelScope,
  event: ApiServerEvent,
): Promise<ReconcileRequest[]> {
  // Owner references and modelName (immutable) are safe to read from the event's copy; without one, read it.
  const template = isKubeObject(event.object) ? event.object : await ctx.client.getOptional(event.ref);
  return template === undefined ? [] : modelsOfTemplate(scope, template);
}

export async function modelRequestsForEvent(
  ctx: EventMappingContext,
  event: ApiServerEvent,
): Promise<ReconcileRequest[]> {
  const scope = event.ref.apiVersion === AIM_API_VERSION ? scopeOfTemplateKind(event.ref.kind) : undefined;
  if (scope !== undefined) return templateEventModels(ctx, scope, event);
  return runtimeConfigDependents(ctx.client, ctx.owned, event);
}
