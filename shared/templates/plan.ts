/**
 * The template's children (spec §8.3), pure. The discovery Job is not among them: it is created
 * by the admit step under the global lock. What remains is the template-owned cache, once the
 * template has sources (in-line, or discovered and Ready), and how soon to look again.
 */
import type { AIMServiceTemplate } from '../api/aim-service-template.ts';
import { DISCOVERY_CAPACITY_REQUEUE_SECONDS, DISCOVERY_LOCK_RETRY_SECONDS } from '../constants/limits.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import { backoffRemainingSeconds } from './circuit-breaker.ts';
import { templateDiscoverySpecHash } from './discovery-job.ts';
import type { TemplateFetched } from './fetched.ts';
import { hasInlineModelSources, isCachingEnabled } from './scope.ts';
import { buildTemplateCache, hasOwnedCache } from './template-cache.ts';
import { gpuVerdict, isGpuAvailable, modelImage } from './template-facts.ts';

function wantsCache(fetched: TemplateFetched): boolean {
  const { template, scope } = fetched;
  if (scope.scope !== 'Namespace' || !isCachingEnabled(template)) return false;
  if (hasInlineModelSources(template)) return true;
  return template.status?.status === 'Ready' && (template.status.modelSources ?? []).length > 0;
}

function requeueSeconds(fetched: TemplateFetched, now: Date): number | undefined {
  const discovery = fetched.discovery;
  if (discovery === undefined) return undefined;
  switch (discovery.admission?.outcome) {
    case 'no-slot':
      return DISCOVERY_CAPACITY_REQUEUE_SECONDS;
    case 'lock-timeout':
    case 'stale':
      return DISCOVERY_LOCK_RETRY_SECONDS;
    default:
      break;
  }
  const image = modelImage(fetched.model);
  if (discovery.job !== undefined || image === undefined) return undefined;
  const remaining = backoffRemainingSeconds(
    fetched.template.status?.discovery,
    templateDiscoverySpecHash(fetched.template, image),
    now,
  );
  return remaining > 0 ? remaining : undefined;
}

export function planTemplate(fetched: TemplateFetched, now: Date): Plan {
  const plan = emptyPlan();
  const requeue = requeueSeconds(fetched, now);
  if (requeue !== undefined) plan.requeueAfterSeconds = requeue;
  if (modelImage(fetched.model) === undefined) return plan;
  if (!isGpuAvailable(gpuVerdict(fetched.template, fetched.gpu))) return plan;
  if (
    wantsCache(fetched) &&
    fetched.caches?.ok &&
    !hasOwnedCache(fetched.caches.value, fetched.object.metadata.uid)
  ) {
    plan.apply.push(buildTemplateCache(fetched.template as AIMServiceTemplate));
  }
  return plan;
}
