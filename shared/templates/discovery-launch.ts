/**
 * Whether this reconcile should start a discovery Job (spec §8.3), decided purely from what was
 * fetched. The Job is only started when nothing would stop the pipeline from acting on it: the
 * runtime config and model resolved, the GPU is available, no Job of this template exists (a
 * finished one is cleaned up by its TTL first) and the circuit breaker lets an attempt through.
 */
import { shouldCreateDiscoveryJob } from './circuit-breaker.ts';
import { templateDiscoverySpecHash } from './discovery-job.ts';
import type { TemplateFetched } from './fetched.ts';
import { modelImage } from './template-facts.ts';

export type LaunchDecision =
  | { launch: true; image: string; specHash: string }
  | { launch: false; why: 'not-needed' | 'dependencies' | 'job-exists' | 'backoff' };

export function decideDiscoveryLaunch(fetched: TemplateFetched, now: Date): LaunchDecision {
  const discovery = fetched.discovery;
  if (discovery === undefined) return { launch: false, why: 'not-needed' };
  const image = modelImage(fetched.model);
  if (!fetched.runtimeConfig.ok || image === undefined || !discovery.jobs.ok) {
    return { launch: false, why: 'dependencies' };
  }
  if (discovery.job !== undefined || discovery.jobs.value.length > 0)
    return { launch: false, why: 'job-exists' };
  const specHash = templateDiscoverySpecHash(fetched.template, image);
  if (!shouldCreateDiscoveryJob(fetched.template.status?.discovery, specHash, now)) {
    return { launch: false, why: 'backoff' };
  }
  return { launch: true, image, specHash };
}
