/**
 * service-resolve's AIMService reconciler: resolves the model and the template, creates what is
 * missing (auto-created model, derived template), and writes only what it owns — the ModelReady,
 * TemplateReady and RuntimeConfigReady conditions and resolvedModel / resolvedTemplate /
 * templateSelection. The summary (status.status, Ready) is isvc-render's. It also owns the
 * service's finalizer.
 */
import { type AIMService, AIMServiceSchema } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import { metadataInputs } from '../reconcile/event-inputs.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { aimServiceStatus } from '../reconcile/service-status.ts';
import { templateCacheCleanupFinalizer } from './finalizer.ts';
import { SERVICE_GVK } from './kinds.ts';
import { fetchServiceResolution, type ServiceResolution } from './resolution.ts';
import { serviceResolutionHealth } from './resolution-health.ts';
import { planServiceResolution } from './resolution-plan.ts';
import { decorateServiceResolution, SERVICE_RESOLUTION_STATUS_FIELDS } from './resolution-status.ts';
import { templateSelectionWaitMsFromEnv } from './template/selection-wait.ts';

export const SERVICE_RESOLUTION_CONDITION_TYPES = [
  SERVICE_COMPONENTS.model,
  SERVICE_COMPONENTS.template,
  SERVICE_COMPONENTS.runtimeConfig,
].map(componentConditionType);

// Read once, when the function starts: a malformed value stops it there.
const selectionWaitMs = templateSelectionWaitMsFromEnv();

export const serviceResolveReconciler: KindReconciler<AIMService, ServiceResolution> = {
  gvk: SERVICE_GVK,
  schema: AIMServiceSchema,
  controllerName: CONTROLLER_NAMES.service,
  runtimeConfigScope: 'namespace',
  fetch: (ctx, service, input) =>
    fetchServiceResolution(readerOf(ctx), service, input, { now: ctx.now(), waitMs: selectionWaitMs }),
  plan: (_service, resolution, now) => planServiceResolution(resolution, now),
  health: (_service, resolution) => serviceResolutionHealth(resolution),
  decorate: (status, _conditions, _service, resolution) => decorateServiceResolution(status, resolution),
  ownedConditionTypes: SERVICE_RESOLUTION_CONDITION_TYPES,
  ownedStatusFields: SERVICE_RESOLUTION_STATUS_FIELDS,
  writesSummary: false,
  statusMapping: aimServiceStatus,
  finalizer: templateCacheCleanupFinalizer,
  // The other writers' status writes (cache-manage, isvc-render) change nothing it reads.
  eventInputs: metadataInputs,
};
