/**
 * What the API server would accept in an AIMService but the InferenceService's pods cannot carry:
 * checked before rendering so that the service reports a clear InvalidSpec condition and its
 * InferenceService is left untouched, instead of KServe failing to create pods later.
 */
import type { EnvVar } from '../api/common/env.ts';
import type { ResourceRequirements } from '../api/common/resources.ts';
import { SERVICE_REASONS } from '../constants/service-conditions.ts';
import { compareQuantities, parseQuantity, QuantityError } from '../quantity/quantity.ts';
import { isExtendedResource } from './isvc-resources.ts';

export interface SpecProblem {
  reason: string;
  message: string;
}

/*
 * Kubernetes (RelaxedEnvironmentVariableValidation, GA in 1.34) accepts any printable ASCII
 * character except `=` in an environment variable name.
 */
const ENV_NAME = /^[\x20-\x3c\x3e-\x7e]+$/;

export function envNameProblems(env: readonly EnvVar[]): SpecProblem[] {
  const invalid = env.map((entry) => entry.name).filter((name) => !ENV_NAME.test(name));
  if (invalid.length === 0) return [];
  return [
    {
      reason: SERVICE_REASONS.invalidEnv,
      message: `invalid environment variable name(s) ${invalid.map((name) => JSON.stringify(name)).join(', ')}: names must be printable ASCII without "="`,
    },
  ];
}

function quantityProblem(list: string, name: string, value: string | number): string | undefined {
  try {
    if (parseQuantity(value) < 0n) return `${list}.${name} is negative (${value})`;
    return undefined;
  } catch (err) {
    if (err instanceof QuantityError) return `${list}.${name} is not a quantity (${JSON.stringify(value)})`;
    throw err;
  }
}

export function resourceProblems(resources: ResourceRequirements): SpecProblem[] {
  const messages: string[] = [];
  for (const list of ['requests', 'limits'] as const) {
    for (const [name, value] of Object.entries(resources[list] ?? {})) {
      const problem = quantityProblem(list, name, value);
      if (problem !== undefined) messages.push(problem);
    }
  }
  if (messages.length === 0) {
    for (const [name, request] of Object.entries(resources.requests ?? {})) {
      const limit = resources.limits?.[name];
      if (limit !== undefined && compareQuantities(request, limit) > 0) {
        messages.push(`requests.${name} (${request}) exceeds limits.${name} (${limit})`);
      } else if (limit !== undefined && isExtendedResource(name) && compareQuantities(request, limit) !== 0) {
        messages.push(
          `requests.${name} (${request}) must equal limits.${name} (${limit}): it cannot be overcommitted`,
        );
      }
    }
  }
  if (messages.length === 0) return [];
  return [{ reason: SERVICE_REASONS.invalidResources, message: `invalid resources: ${messages.join('; ')}` }];
}

export function replicaProblems(minReplicas: number, maxReplicas: number): SpecProblem[] {
  if (minReplicas <= maxReplicas) return [];
  return [
    {
      reason: SERVICE_REASONS.invalidReplicas,
      message: `minReplicas (${minReplicas}) is greater than maxReplicas (${maxReplicas})`,
    },
  ];
}
