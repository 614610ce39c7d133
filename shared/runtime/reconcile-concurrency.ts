/**
 * How many reconciles one function instance runs at once (`AIM_RECONCILE_CONCURRENCY`, default
 * 4; docs/install.md). Reconciles mostly wait on the API server, so a few more than the cores
 * keep it busy; more than that only deepens the API server's own queue.
 */
import { positiveInteger } from '../config/positive-integer.ts';

export const RECONCILE_CONCURRENCY_ENV = 'AIM_RECONCILE_CONCURRENCY';
export const DEFAULT_RECONCILE_CONCURRENCY = 4;

/**
 * A function whose reconciles wait on a registry or on the discovery lock and its Jobs holds its
 * workers through those waits: in a 1,000-object burst model-inspect's and template-discover's 4
 * workers were busy from first to last while the other functions' idled, and new models and
 * templates waited 10–30 s for their first status (docs/performance.md, 2026-11-26).
 */
export const WAITING_RECONCILE_CONCURRENCY = 8;

/** `AIM_RECONCILE_CONCURRENCY`, else the function's own default, else 4. */
export function reconcileConcurrencyFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  functionDefault = DEFAULT_RECONCILE_CONCURRENCY,
): number {
  return positiveInteger(env, RECONCILE_CONCURRENCY_ENV, functionDefault);
}
