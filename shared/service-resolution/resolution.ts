/** What one service reconcile of service-resolve reads: the runtime config, the model, the template. */
import type { AIMService } from '../api/aim-service.ts';
import type { FetchResult } from '../reconcile/health.ts';
import type { KubeReader } from '../reconcile/read-cache.ts';
import type { FetchInput } from '../reconcile/reconciler.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import { type ModelResolution, resolveModel } from './model/resolve-model.ts';
import { resolveTemplate, type TemplateResolution } from './template/resolve-template.ts';
import { DEFAULT_TEMPLATE_SELECTION_WAIT_MS, type SelectionClock } from './template/selection-wait.ts';

export interface ServiceResolution {
  runtimeConfig?: FetchResult<ResolvedRuntimeConfig | undefined>;
  model: ModelResolution;
  template: TemplateResolution;
}

export async function fetchServiceResolution(
  client: KubeReader,
  service: AIMService,
  input: Pick<FetchInput, 'runtimeConfig'>,
  // Outside a function (kubectl-aim), now and the default wait: what the service would get.
  clock: SelectionClock = { now: new Date(), waitMs: DEFAULT_TEMPLATE_SELECTION_WAIT_MS },
): Promise<ServiceResolution> {
  const model = await resolveModel(client, service);
  const template = await resolveTemplate(client, service, model, clock);
  const resolution: ServiceResolution = { model, template };
  if (input.runtimeConfig !== undefined) resolution.runtimeConfig = input.runtimeConfig;
  return resolution;
}
