/**
 * How many reconciles one function instance runs at once (`AIM_RECONCILE_CONCURRENCY`, default
 * 4; docs/install.md). Reconciles mostly wait on the API server, so a few more than the cores
 * keep it busy; more than that only deepens the API server's own queue.
 */
import { positiveInteger } from '../config/positive-integer.ts';

export const RECONCILE_CONCURRENCY_ENV = 'AIM_RECONCILE_CONCURRENCY';
export const DEFAULT_RECONCILE_CONCURRENCY = 4;

export function reconcileConcurrencyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env, RECONCILE_CONCURRENCY_ENV, DEFAULT_RECONCILE_CONCURRENCY);
}
