/**
 * `plan`'s core: what the functions would do with an AIMService, computed with their own code on
 * data read from the cluster — service-resolve's resolution (model, template, the selection and
 * its reasons), cache-manage's cache plan, isvc-render's fetch and render decision. Nothing is
 * written. Where the functions would wait (a template cache still downloading, or not created
 * yet), the plan assumes that step completes and says so, so the InferenceService it prints is
 * the one that will be created.
 */
import type { AIMService } from '../../shared/api/aim-service.ts';
import type { TemplateCacheObject, TemplateObject } from '../../shared/caching/kinds.ts';
import { fetchServiceCache } from '../../shared/caching/service-cache-fetch.ts';
import { planServiceCache } from '../../shared/caching/service-cache-reconciler.ts';
import { cacheSource } from '../../shared/caching/service-cache-source.ts';
import { decideHttpRoute, decideInferenceService } from '../../shared/inference/render-decision.ts';
import { fetchRenderState } from '../../shared/inference/render-fetch.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { fetched } from '../../shared/reconcile/health.ts';
import { fetchMergedRuntimeConfig } from '../../shared/reconcile/runtime-config.ts';
import { fetchServiceResolution } from '../../shared/service-resolution/resolution.ts';
import {
  isReady,
  qualifiedName,
  resolvedReference,
} from '../../shared/service-resolution/resolved-object.ts';
import { modelStep, runtimeConfigStep, type ServicePlan, step, templateStep, text } from './plan-steps.ts';
import { plannedArtifacts, readArtifacts, readyProjection } from './projected-cache.ts';

export type { PlanStep, ServicePlan } from './plan-steps.ts';

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

function blocked(message: string): NonNullable<ServicePlan['inferenceService']> {
  return { ...step('blocked', message), assumes: [], problems: [] };
}

type ServiceView = ReturnType<typeof withResolved>;
type CachePlan = NonNullable<ServicePlan['cache']>;

/** cache-manage's view: the cache the service would use or get, or why there is none yet. */
async function planCache(
  client: KubeClient,
  view: ServiceView,
  runtimeConfig: Parameters<typeof fetchServiceCache>[3],
  template: TemplateObject,
): Promise<{ step: CachePlan; cache?: TemplateCacheObject }> {
  const cacheFetched = await fetchServiceCache(client, view.service, view.object, runtimeConfig);
  if (!cacheFetched.cache.ok) throw cacheFetched.cache.error;
  const mode = cacheFetched.mode;
  const artifacts = async (cache: TemplateCacheObject) =>
    plannedArtifacts(cache, template, await readArtifacts(client, view.object.metadata.namespace ?? ''));
  const existing = cacheFetched.cache.value;
  if (existing !== undefined)
    return {
      step: {
        ...step('use', `existing ${mode} cache`, existing),
        mode,
        artifacts: await artifacts(existing),
      },
      cache: existing,
    };
  const cachePlan = planServiceCache(cacheFetched);
  const desired = (cachePlan.apply[0] ?? cachePlan.applyWithoutOwner[0]) as TemplateCacheObject | undefined;
  if (desired === undefined) {
    const source = cacheSource(cacheFetched);
    const why = 'waitingFor' in source ? source.waitingFor : 'no cache to create';
    return { step: { ...step('waiting', why), mode, artifacts: [] } };
  }
  const created = step('create', `a ${mode} template cache is created`, desired);
  return { step: { ...created, mode, desired, artifacts: await artifacts(desired) }, cache: desired };
}

/** isvc-render's view: its fetch and render decision, with the cache as it will be once Ready. */
async function planRender(
  client: KubeClient,
  view: ServiceView,
  runtimeConfig: Parameters<typeof fetchServiceCache>[3],
  inputs: {
    model: KubeObject;
    template: KubeObject;
    cache: TemplateCacheObject;
    artifacts: CachePlan['artifacts'];
  },
): Promise<Pick<ServicePlan, 'inferenceService' | 'route'>> {
  const assumes: string[] = [];
  const cacheReady = inputs.cache.status?.status === 'Ready';
  if (!cacheReady)
    assumes.push(`template cache ${inputs.cache.metadata.name} becomes Ready (its artifacts downloaded)`);
  const ctx = {
    client,
    log: SILENT_LOG,
    now: () => new Date(),
    fieldManager: 'kubectl-aim',
    operatorNamespace: '',
  };
  const renderFetched = await fetchRenderState(ctx, view.service, { object: view.object, runtimeConfig });
  renderFetched.model = fetched(inputs.model);
  renderFetched.template = fetched(inputs.template);
  renderFetched.cache = fetched<KubeObject | undefined>(
    cacheReady ? inputs.cache : readyProjection(inputs.cache, inputs.artifacts),
  );
  const decision = decideInferenceService(view.service, renderFetched);
  const problems = decision.problems.map((p) => `${p.reason}: ${p.message}`);
  const result: Pick<ServicePlan, 'inferenceService' | 'route'> = {};
  if (decision.desired) {
    const update = decision.existing !== undefined;
    result.inferenceService = {
      ...step(
        update ? 'update' : 'create',
        update ? 'the existing InferenceService is re-rendered' : 'created once the inputs are Ready',
        decision.desired,
      ),
      assumes,
      problems,
      object: decision.desired,
    };
  } else {
    const waiting = decision.waitingFor.map((w) => `waiting for ${w}`);
    const why = [...problems, ...decision.inputErrors.map(text), ...waiting].join('; ');
    result.inferenceService = { ...blocked(why || 'nothing to render'), assumes, problems };
  }
  const route = decideHttpRoute(view.service, renderFetched);
  if (route.enabled)
    result.route = route.desired
      ? { ...step('create', `HTTPRoute at ${route.path ?? '/'}`, route.desired), object: route.desired }
      : step('blocked', route.problem ? `${route.problem.reason}: ${route.problem.message}` : 'no route');
  return result;
}

export async function planService(input: PlanInput): Promise<ServicePlan> {
  const { client, object, service } = input;
  const namespace = object.metadata.namespace ?? '';
  const plan: ServicePlan = {
    service: { name: object.metadata.name, namespace, exists: input.exists, checkedBy: input.checkedBy },
  };
  const runtimeConfig = await fetchMergedRuntimeConfig(client, service.spec.runtimeConfigName, namespace);
  plan.runtimeConfig = runtimeConfigStep(runtimeConfig, service.spec.runtimeConfigName);
  const { model, template } = await fetchServiceResolution(client, service, { runtimeConfig });
  plan.model = modelStep(model);
  plan.template = templateStep(template, model);
  if (model.kind !== 'found' || template.kind !== 'found') {
    plan.inferenceService = blocked('no InferenceService until the model and the template are resolved');
    return plan;
  }
  const notReady = [model.model, template.template].filter((resolved) => !isReady(resolved));
  if (notReady.length > 0) {
    const what = notReady.map((r) => `${qualifiedName(r)} is ${r.object.status?.status || 'not Ready'}`);
    plan.inferenceService = blocked(`waiting: ${what.join('; ')}`);
    return plan;
  }
  // What the other functions read once service-resolve has recorded the model and the template.
  const view = withResolved(object, service, {
    resolvedModel: resolvedReference(model.model),
    resolvedTemplate: resolvedReference(template.template),
  });
  const templateObject = template.template.object as TemplateObject;
  const cache = await planCache(client, view, runtimeConfig, templateObject);
  plan.cache = cache.step;
  if (cache.cache === undefined) {
    plan.inferenceService = blocked('no template cache can be created yet');
    return plan;
  }
  Object.assign(
    plan,
    await planRender(client, view, runtimeConfig, {
      model: model.model.object,
      template: templateObject,
      cache: cache.cache,
      artifacts: cache.step.artifacts,
    }),
  );
  return plan;
}

const SILENT_LOG = { debug() {}, info() {}, warn() {}, error() {} };
