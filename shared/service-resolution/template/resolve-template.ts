/**
 * Template resolution (spec §10.4): the template a service runs, found by name or auto-selected.
 * All reads happen here; failures come back as values.
 *
 * Explicit name: with overrides, the derived template `<base>-ovr-…` when it exists; otherwise the
 * base — namespace first, then cluster. A namespaced base with overrides is not used as is: the
 * derived template is created from it and the service waits for that (upstream looked the derived
 * name up before it could exist and failed for good — quirk 4). Nothing found ⇒ TemplateNotFound.
 *
 * Auto-selection: the templates of either scope whose modelName is the resolved model, narrowed
 * by `selectTemplate`. A template selected earlier (status.resolvedTemplate) that is still Ready
 * and still belongs to the model is kept, so a running service does not switch templates — or
 * turn ambiguous, or wait — because another template appeared. Before a first selection, a
 * template still being discovered that could win is waited for until its deadline
 * (selection-wait.ts), so the choice does not depend on which discovery finished first.
 */
import type { AIMService } from '../../api/aim-service.ts';
import type { AIMResolvedReference } from '../../api/common/references.ts';
import { ERROR_REASONS } from '../../constants/conditions.ts';
import { SERVICE_REASONS } from '../../constants/service-conditions.ts';
import { gpuInventoryFromNodes, inventoryModels } from '../../gpu/inventory.ts';
import type { KubeObject } from '../../kube/types.ts';
import { isvcName } from '../../naming/service-names.ts';
import { derivedTemplateName } from '../../naming/template-names.ts';
import { ERROR_CATEGORIES, StateError } from '../../reconcile/categorize.ts';
import type { KubeReader } from '../../reconcile/read-cache.ts';
import {
  CLUSTER_TEMPLATE_GVK,
  INFERENCE_SERVICE_GVK,
  NODE_GVK,
  type ResolutionScope,
  TEMPLATE_GVK,
  templateGvk,
} from '../kinds.ts';
import type { ModelResolution } from '../model/resolve-model.ts';
import { isReady, type ResolvedObject } from '../resolved-object.ts';
import { selectionCandidate } from '../selection/candidate.ts';
import { type SelectionResult, selectTemplate } from '../selection/select-template.ts';
import { derivedTemplate, hasOverrides, isDerivedTemplate } from './derived-template.ts';
import {
  awaitUntilDeadline,
  type SelectionClock,
  type SelectionWait,
  selectionWait,
} from './selection-wait.ts';

export type TemplateResolution =
  | {
      kind: 'found';
      template: ResolvedObject;
      /** explicit: by name; derived: the derived template of the name; selected / previous: auto. */
      via: 'explicit' | 'derived' | 'selected' | 'previous';
      /** Auto-selection that chose it. */
      selection?: SelectionResult;
      modelName?: string;
      /** Something the user should know about how it was resolved. */
      note?: string;
      /** via previous: the gist of the selection that chose it, as status.templateSelection recorded it. */
      earlierSelection?: string;
    }
  /** A namespaced base was found; its derived template `desired` is created and awaited. */
  | { kind: 'deriving'; base: ResolvedObject; desired: KubeObject }
  /** Auto-selection chose nothing. */
  | {
      kind: 'unselected';
      selection: SelectionResult;
      modelName: string;
      /** The template resolved before, kept because its InferenceService exists (spec §10.4 table). */
      kept?: AIMResolvedReference;
      /** Awaiting: the contenders' deadlines. */
      wait?: SelectionWait;
    }
  /** Auto-selection needs a model, and there is none yet. */
  | { kind: 'awaiting-model' }
  | { kind: 'error'; error: unknown };

const OVERRIDES_NOT_APPLIED_TO_CLUSTER =
  'spec.overrides are not applied: derived templates are made from namespace-scoped templates only';
const OVERRIDES_NOT_REAPPLIED = 'it is a derived template already, so spec.overrides are not applied again';

function templateNotFound(base: string, namespace: string): TemplateResolution {
  return {
    kind: 'error',
    error: new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      SERVICE_REASONS.templateNotFound,
      `spec.template.name: template "${base}" not found in namespace ${namespace} or cluster scope`,
    ),
  };
}

function resolvedModelName(model: ModelResolution): string | undefined {
  return model.kind === 'found' ? model.model.object.metadata.name : undefined;
}

async function explicitTemplate(
  client: KubeReader,
  service: AIMService,
  rawName: string,
  model: ModelResolution,
): Promise<TemplateResolution> {
  const base = rawName.trim();
  if (base === '') {
    return {
      kind: 'error',
      error: new StateError(
        ERROR_CATEGORIES.invalidSpec,
        ERROR_REASONS.invalidSpec,
        'spec.template.name is blank',
      ),
    };
  }
  const namespace = service.metadata.namespace ?? '';
  const overrides = service.spec.overrides;
  const derive = hasOverrides(overrides);
  try {
    if (derive) {
      const derived = await client.getOptional({
        ...TEMPLATE_GVK,
        namespace,
        name: derivedTemplateName(base, overrides),
      });
      if (derived)
        return { kind: 'found', template: { object: derived, scope: 'Namespace' }, via: 'derived' };
    }
    const namespaced = await client.getOptional({ ...TEMPLATE_GVK, namespace, name: base });
    if (namespaced) {
      const template: ResolvedObject = { object: namespaced, scope: 'Namespace' };
      if (!derive) return { kind: 'found', template, via: 'explicit' };
      if (isDerivedTemplate(namespaced))
        return { kind: 'found', template, via: 'explicit', note: OVERRIDES_NOT_REAPPLIED };
      return {
        kind: 'deriving',
        base: template,
        desired: derivedTemplate(service, namespaced, overrides, resolvedModelName(model)),
      };
    }
    const cluster = await client.getOptional({ ...CLUSTER_TEMPLATE_GVK, name: base });
    if (cluster) {
      const template: ResolvedObject = { object: cluster, scope: 'Cluster' };
      return derive
        ? { kind: 'found', template, via: 'explicit', note: OVERRIDES_NOT_APPLIED_TO_CLUSTER }
        : { kind: 'found', template, via: 'explicit' };
    }
  } catch (error) {
    return { kind: 'error', error };
  }
  return templateNotFound(base, namespace);
}

/** status.resolvedTemplate, when it is still Ready and still a template of the model. */
async function previouslySelected(
  client: KubeReader,
  service: AIMService,
  modelName: string,
): Promise<ResolvedObject | undefined> {
  const reference = service.status?.resolvedTemplate;
  if (reference === undefined || (reference.scope !== 'Namespace' && reference.scope !== 'Cluster'))
    return undefined;
  const scope: ResolutionScope = reference.scope;
  try {
    const template = await client.getOptional({
      ...templateGvk(scope),
      ...(scope === 'Namespace' ? { namespace: service.metadata.namespace } : {}),
      name: reference.name,
    });
    if (template === undefined || template.spec?.modelName !== modelName) return undefined;
    const resolved: ResolvedObject = { object: template, scope };
    return isReady(resolved) ? resolved : undefined;
  } catch {
    // Selection below reads the templates again and reports whatever is wrong.
    return undefined;
  }
}

/** Whether the service's InferenceService exists; unknown (an error, an unnameable one) counts as no. */
async function inferenceServiceExists(client: KubeReader, service: AIMService): Promise<boolean> {
  try {
    const namespace = service.metadata.namespace ?? '';
    const name = isvcName({ name: service.metadata.name, namespace });
    return (await client.getOptional({ ...INFERENCE_SERVICE_GVK, namespace, name })) !== undefined;
  } catch {
    return false;
  }
}

async function autoSelectedTemplate(
  client: KubeReader,
  service: AIMService,
  model: ModelResolution,
  clock: SelectionClock,
): Promise<TemplateResolution> {
  const modelName = resolvedModelName(model);
  if (modelName === undefined) return { kind: 'awaiting-model' };
  const previous = await previouslySelected(client, service, modelName);
  if (previous) {
    const earlier = service.status?.templateSelection;
    const recorded =
      earlier?.selected === previous.object.metadata.name && earlier.selectedScope === previous.scope;
    return recorded && earlier.message
      ? { kind: 'found', template: previous, via: 'previous', modelName, earlierSelection: earlier.message }
      : { kind: 'found', template: previous, via: 'previous', modelName };
  }

  let templates: ResolvedObject[];
  let gpus: string[];
  try {
    const [namespaced, cluster, nodes] = await Promise.all([
      client.list(TEMPLATE_GVK, { namespace: service.metadata.namespace ?? '' }),
      client.list(CLUSTER_TEMPLATE_GVK),
      client.list(NODE_GVK),
    ]);
    const ofModel = (object: KubeObject) => object.spec?.modelName === modelName;
    templates = [
      ...namespaced.items
        .filter(ofModel)
        .map((object) => ({ object: { ...object, ...TEMPLATE_GVK }, scope: 'Namespace' as const })),
      ...cluster.items
        .filter(ofModel)
        .map((object) => ({ object: { ...object, ...CLUSTER_TEMPLATE_GVK }, scope: 'Cluster' as const })),
    ];
    gpus = inventoryModels(gpuInventoryFromNodes(nodes.items));
  } catch (error) {
    return { kind: 'error', error };
  }

  const selection = selectTemplate(
    templates.map((template) => selectionCandidate(template.object, template.scope)),
    {
      overrides: service.spec.overrides,
      allowUnoptimized: service.spec.template?.allowUnoptimized ?? false,
      availableGpus: gpus,
      awaitCandidate: awaitUntilDeadline(templates, clock),
    },
  );
  if (selection.selected) {
    const template = templates[selection.verdicts.indexOf(selection.selected)]!;
    return { kind: 'found', template, via: 'selected', selection, modelName };
  }
  const kept = service.status?.resolvedTemplate;
  if (selection.outcome !== 'NoneReady' && kept && (await inferenceServiceExists(client, service)))
    return { kind: 'unselected', selection, modelName, kept };
  const wait = selection.outcome === 'Awaiting' ? selectionWait(selection, templates, clock) : undefined;
  return wait
    ? { kind: 'unselected', selection, modelName, wait }
    : { kind: 'unselected', selection, modelName };
}

export async function resolveTemplate(
  client: KubeReader,
  service: AIMService,
  model: ModelResolution,
  clock: SelectionClock,
): Promise<TemplateResolution> {
  const name = service.spec.template?.name;
  return name !== undefined
    ? explicitTemplate(client, service, name, model)
    : autoSelectedTemplate(client, service, model, clock);
}
