/** Where a service's template cache comes from (spec §10.6): its resolved, Ready template. */

import { statusOf, type TemplateObject } from './kinds.ts';
import type { ServiceCacheFetched } from './service-cache-fetch.ts';

/** The template the cache is created from, or why there is none to create it from yet. */
export function cacheSource(
  fetched: ServiceCacheFetched,
): { template: TemplateObject } | { waitingFor: string } {
  const { templateRef, template, runtimeConfig } = fetched;
  if (templateRef === undefined) return { waitingFor: 'Waiting for the service template to be resolved' };
  if (runtimeConfig !== undefined && !runtimeConfig.ok) {
    const reason =
      runtimeConfig.error instanceof Error ? runtimeConfig.error.message : String(runtimeConfig.error);
    return { waitingFor: `Waiting for the runtime config: ${reason}` };
  }
  if (template === undefined || !template.ok)
    return { waitingFor: `Waiting to read template ${templateRef.name}` };
  const found = template.value;
  if (found === undefined) return { waitingFor: `Template ${templateRef.name} not found` };
  const status = statusOf(found);
  if (status !== 'Ready') {
    return {
      waitingFor: `Waiting for template ${templateRef.name} to be Ready (status: ${status || 'none'})`,
    };
  }
  if ((found.status?.modelSources ?? []).length === 0) {
    return { waitingFor: `Template ${templateRef.name} has no model sources to cache yet` };
  }
  return { template: found };
}
