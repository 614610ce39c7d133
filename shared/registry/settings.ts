/**
 * How long one registry request may take and how many may be in flight to one registry host,
 * from the environment (docs/install.md lists both):
 *
 *   AIM_REGISTRY_TIMEOUT_MS    per request, waiting for a slot included (default 10000)
 *   AIM_REGISTRY_CONCURRENCY   requests in flight per registry host in one process (default 4)
 *
 * A malformed value stops the function at start with the variable named, as AIM_REGISTRY_MIRRORS
 * does, instead of silently running with a surprising limit.
 */
import { positiveInteger } from '../config/positive-integer.ts';
import { HostLimiter } from './host-limiter.ts';

export const REGISTRY_TIMEOUT_ENV = 'AIM_REGISTRY_TIMEOUT_MS';
export const REGISTRY_CONCURRENCY_ENV = 'AIM_REGISTRY_CONCURRENCY';
export const DEFAULT_REGISTRY_TIMEOUT_MS = 10_000;
export const DEFAULT_REGISTRY_CONCURRENCY = 4;

export interface RegistrySettings {
  timeoutMs: number;
  concurrency: number;
}

export function registrySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): RegistrySettings {
  return {
    timeoutMs: positiveInteger(env, REGISTRY_TIMEOUT_ENV, DEFAULT_REGISTRY_TIMEOUT_MS),
    concurrency: positiveInteger(env, REGISTRY_CONCURRENCY_ENV, DEFAULT_REGISTRY_CONCURRENCY),
  };
}

let processLimiter: HostLimiter | undefined;

/** The limiter every registry request of this process goes through (image inspection, listing, tokens). */
export function processHostLimiter(): HostLimiter {
  processLimiter ??= new HostLimiter(registrySettingsFromEnv().concurrency);
  return processLimiter;
}
