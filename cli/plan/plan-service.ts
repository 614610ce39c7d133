/**
 * `plan`'s core: what the functions would do with an AIMService, computed with their own code on
 * data read from the cluster — service-resolve's resolution (model, template, the selection and
 * its reasons), cache-manage's cache plan, isvc-render's fetch and render decision. Nothing is
 * written. Where the functions would wait (a template cache still downloading, or not created
 * yet), the plan assumes that step completes and says so, so the InferenceService it prints is
 * the one that will be created.
 */
import type { AIMService } from '../../shared/api/aim-service.ts';
import type { TemplateSelection } from '../../shared/api/template-selection.ts';
import type { TemplateCacheObject, TemplateObject } from '../../shared/caching/kinds.ts';
import { fetchServiceCache } from '../../shared/caching/service-cache-fetch.ts';
import { cacheSource, planServiceCache } from '../../shared/caching/service-cache-reconciler.ts';
import { decideHttpRoute, decideInferenceService } from '../../shared/inference/render-decision.ts';
import { fetchRenderState } from '../../shared/inference/render-fetch.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { fetched } from '../../shared/reconcile/health.ts';
import { fetchMergedRuntimeConfig, runtimeConfigName } from '../../shared/reconcile/runtime-config.ts';
import { fetchServiceResolution } from '../../shared/service-resolution/resolution.ts';
import {
  isReady,
  qualifiedName,
  resolvedReference,
} from '../../shared/service-resolution/resolved-object.ts';
import { selectionStatus } from '../../shared/service-resolution/selection/selection-report.ts';
import { type PlannedArtifact, plannedArtifacts, readArtifacts, readyProjection } from './projected-cache.ts';

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

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function step(outcome: string, message: string, object?: KubeObject): PlanStep {
  const result: PlanStep = { outcome, message };
  if (object) {
    result.name = object.metadata.name;
    result.kind = object.kind;
    result.status = object.status?.status ?? '';
  }
  return result;
}

function withResolved(object: KubeObject, service: AIMService, status: Record<string, unknown>) {
  const merged = { ...(service.status ?? {}), ...status };
  return { object: { ...object, status: merged }, service: { ...service, status: merged } as AIMService };
}

export interface PlanInput {
  /** A read-only client (see read-only-client.ts). */
  client: KubeClient;
  object: KubeObject;
  service: AIMService;
  exists: boolean;
  checkedBy: string;
}

export async function planService(input: PlanInput): Promise<ServicePlan> {
  const { client, object, service } = input;
  const namespace = object.metadata.namespace ?? '';
  const plan: ServicePlan = {
    service: { name: object.metadata.name, namespace, exists: input.exists, checkedBy: input.checkedBy },
  };
  const runtimeConfig = await fetchMergedRuntimeConfig(client, service.spec.runtimeConfigName, namespace);
  const configName = runtimeConfigName(service.spec.runtimeConfigName);
  plan.runtimeConfig = !runtimeConfig.ok
    ? step('error', text(runtimeConfig.error))
    : runtimeConfig.value === undefined
      ? step('defaults', `no runtime config "${configName}": built-in defaults`)
      : {
          ...step(
            'found',
            `merged from ${[runtimeConfig.value.cluster, runtimeConfig.value.namespaced]
              .filter(Boolean)
              .map((o) =>
                o!.metadata.namespace
                  ? `AIMRuntimeConfig ${o!.metadata.namespace}/${o!.metadata.name}`
                  : `AIMClusterRuntimeConfig ${o!.metadata.name}`,
              )
              .join(' + ')}`,
          ),
          name: configName,
          spec: runtimeConfig.value.spec,
        };

  const resolution = await fetchServiceResolution(client, service, { runtimeConfig });
  const { model, template } = resolution;
  if (model.kind === 'found') plan.model = step('found', qualifiedName(model.model), model.model.object);
  else if (model.kind === 'create')
    plan.model = { ...step('create', model.message, model.desired), desired: model.desired };
  else plan.model = step('error', text(model.error));

  switch (template.kind) {
    case 'found':
      plan.template = step(
        'found',
        `${qualifiedName(template.template)} (${template.via}${template.note ? `; ${template.note}` : ''})`,
        template.template.object,
      );
      if (template.selection)
        plan.template.selection = selectionStatus(template.selection, template.modelName ?? '');
      break;
    case 'unselected': {
      const selection = selectionStatus(template.selection, template.modelName);
      plan.template = { ...step('blocked', selection.message ?? selection.reason ?? ''), selection };
      break;
    }
    case 'deriving':
      plan.template = {
        ...step(
          'create',
          `derived template ${template.desired.metadata.name} is created from ${qualifiedName(template.base)} with spec.overrides, then discovered`,
          template.desired,
        ),
        desired: template.desired,
      };
      break;
    case 'awaiting-model':
      plan.template = step(
        'waiting',
        model.kind === 'create'
          ? 'templates come from the model once it is created and inspected: plan again then'
          : 'waiting for the model',
      );
      break;
    default:
      plan.template = step('error', text(template.error));
  }
  if (model.kind !== 'found' || template.kind !== 'found') {
    plan.inferenceService = {
      ...step('blocked', 'no InferenceService until the model and the template are resolved'),
      assumes: [],
      problems: [],
    };
    return plan;
  }
  if (!isReady(model.model) || !isReady(template.template)) {
    const notReady = [model.model, template.template]
      .filter((r) => !isReady(r))
      .map((r) => `${qualifiedName(r)} is ${r.object.status?.status || 'not Ready'}`);
    plan.inferenceService = {
      ...step('blocked', `waiting: ${notReady.join('; ')}`),
      assumes: [],
      problems: [],
    };
    return plan;
  }

  // cache-manage's view: the service with its template recorded (service-resolve records it once Ready).
  const resolved = withResolved(object, service, {
    resolvedModel: resolvedReference(model.model),
    resolvedTemplate: resolvedReference(template.template),
  });
  const cacheFetched = await fetchServiceCache(client, resolved.service, resolved.object, runtimeConfig);
  if (!cacheFetched.cache.ok) throw cacheFetched.cache.error;
  const templateObject = template.template.object as TemplateObject;
  let cacheObject = cacheFetched.cache.value;
  if (cacheObject !== undefined)
    plan.cache = {
      ...step('use', `existing ${cacheFetched.mode} cache`, cacheObject),
      mode: cacheFetched.mode,
      artifacts: [],
    };
  else {
    const cachePlan = planServiceCache(cacheFetched);
    const desired = (cachePlan.apply[0] ?? cachePlan.applyWithoutOwner[0]) as TemplateCacheObject | undefined;
    if (desired === undefined) {
      const source = cacheSource(cacheFetched);
      plan.cache = {
        ...step('waiting', 'waitingFor' in source ? source.waitingFor : 'no cache to create'),
        mode: cacheFetched.mode,
        artifacts: [],
      };
      plan.inferenceService = {
        ...step('blocked', 'no template cache can be created yet'),
        assumes: [],
        problems: [],
      };
      return plan;
    }
    cacheObject = desired;
    plan.cache = {
      ...step('create', `a ${cacheFetched.mode} template cache is created`, desired),
      mode: cacheFetched.mode,
      desired,
      artifacts: [],
    };
  }
  plan.cache.artifacts = plannedArtifacts(
    cacheObject,
    templateObject,
    await readArtifacts(client, namespace),
  );

  // isvc-render's view: everything resolved, with the cache as it will be once Ready.
  const assumes: string[] = [];
  const cacheReady = cacheObject.status?.status === 'Ready';
  const renderCache = cacheReady ? cacheObject : readyProjection(cacheObject, plan.cache.artifacts);
  if (!cacheReady)
    assumes.push(`template cache ${cacheObject.metadata.name} becomes Ready (its artifacts downloaded)`);
  const rendering = withResolved(object, service, {
    resolvedModel: resolvedReference(model.model),
    resolvedTemplate: resolvedReference(template.template),
  });
  const ctx = {
    client,
    log: silentLog,
    now: () => new Date(),
    fieldManager: 'kubectl-aim',
    operatorNamespace: '',
  };
  const renderFetched = await fetchRenderState(ctx, rendering.service, {
    object: rendering.object,
    runtimeConfig,
  });
  renderFetched.model = fetched(model.model.object);
  renderFetched.template = fetched(template.template.object);
  renderFetched.cache = fetched<KubeObject | undefined>(renderCache);
  const decision = decideInferenceService(rendering.service, renderFetched);
  const problems = decision.problems.map((p) => `${p.reason}: ${p.message}`);
  const errors = decision.inputErrors.map(text);
  if (decision.desired)
    plan.inferenceService = {
      ...step(
        decision.existing ? 'update' : 'create',
        decision.existing
          ? 'the existing InferenceService is re-rendered'
          : 'created once the inputs are Ready',
        decision.desired,
      ),
      assumes,
      problems,
      object: decision.desired,
    };
  else
    plan.inferenceService = {
      ...step(
        'blocked',
        [...problems, ...errors, ...decision.waitingFor.map((w) => `waiting for ${w}`)].join('; ') ||
          'nothing to render',
      ),
      assumes,
      problems,
    };
  const route = decideHttpRoute(rendering.service, renderFetched);
  if (route.enabled)
    plan.route = route.desired
      ? { ...step('create', `HTTPRoute at ${route.path ?? '/'}`, route.desired), object: route.desired }
      : step('blocked', route.problem ? `${route.problem.reason}: ${route.problem.message}` : 'no route');
  return plan;
}

const silentLog = { debug() {}, info() {}, warn() {}, error() {} };
