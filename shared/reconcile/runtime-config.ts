/**
 * Runtime config resolution (spec §6): the namespaced AIMRuntimeConfig of a name merged over the
 * AIMClusterRuntimeConfig of the same name, and the `RuntimeConfig` component built from it.
 */
import type { AIMRuntimeConfigSpec } from '../api/aim-runtime-config.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { RUNTIME_CONFIG_COMPONENT, RUNTIME_CONFIG_REASONS } from '../constants/conditions.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from './categorize.ts';
import { mergeEnv } from './env-merge.ts';
import {
  type ComponentHealth,
  captureFetch,
  type FetchResult,
  fetched,
  type HealthInspection,
  toComponentHealth,
  toUpstreamComponentHealth,
} from './health.ts';

export const DEFAULT_RUNTIME_CONFIG_NAME = 'default';
export const RUNTIME_CONFIG_KIND = 'AIMRuntimeConfig';
export const CLUSTER_RUNTIME_CONFIG_KIND = 'AIMClusterRuntimeConfig';

export type RuntimeConfigSpec = AIMRuntimeConfigSpec;

export interface ResolvedRuntimeConfig {
  /** The name that was looked up (`default` when the reference was empty). */
  name: string;
  /** Cluster config with the namespaced one merged on top. */
  spec: RuntimeConfigSpec;
  namespaced?: KubeObject;
  cluster?: KubeObject;
}

/** Empty or blank references mean the config named `default`. */
export function runtimeConfigName(reference: string | undefined): string {
  const name = reference?.trim() ?? '';
  return name === '' ? DEFAULT_RUNTIME_CONFIG_NAME : name;
}

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's zero values: what "override non-empty" lets through untouched. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.values(value).every(isEmpty);
  return false;
}

/**
 * Deep merge with "override non-empty" semantics (upstream merges with mergo's WithOverride):
 * objects merge field by field; a non-empty value in `override` replaces the base value; an
 * empty one (`""`, `0`, `false`, `[]`, absent) leaves the base value in place. Note the consequence
 * upstream has too: a namespaced `enabled: false` cannot switch off a cluster `enabled: true`.
 */
export function mergeOverrideNonEmpty(base: unknown, override: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(override)) {
    const result: Plain = structuredClone(base);
    for (const [key, value] of Object.entries(override)) {
      result[key] = mergeOverrideNonEmpty(result[key], value);
    }
    return result;
  }
  if (isEmpty(override)) return base === undefined ? structuredClone(override) : base;
  return structuredClone(override);
}

/** Moves the deprecated top-level storage fields into `storage` when `storage` does not set them. */
export function migrateDeprecatedStorageFields(spec: RuntimeConfigSpec): RuntimeConfigSpec {
  const { defaultStorageClassName, pvcHeadroomPercent, ...rest } = structuredClone(spec);
  if (defaultStorageClassName === undefined && pvcHeadroomPercent === undefined) return rest;
  const storage: Plain = { ...(rest.storage ?? {}) };
  if (defaultStorageClassName !== undefined && (storage.defaultStorageClassName ?? '') === '') {
    storage.defaultStorageClassName = defaultStorageClassName;
  }
  if (pvcHeadroomPercent !== undefined && storage.pvcHeadroomPercent === undefined) {
    storage.pvcHeadroomPercent = pvcHeadroomPercent;
  }
  return { ...rest, storage: storage as RuntimeConfigSpec['storage'] };
}

/** The cluster spec with the namespaced spec on top; env merges by name (AIM_ENGINE_ARGS deep-merged). */
export function mergeRuntimeConfigSpecs(
  cluster: RuntimeConfigSpec | undefined,
  namespaced: RuntimeConfigSpec | undefined,
): RuntimeConfigSpec {
  const base = migrateDeprecatedStorageFields(cluster ?? {});
  const top = migrateDeprecatedStorageFields(namespaced ?? {});
  const { env: baseEnv, ...baseRest } = base;
  const { env: topEnv, ...topRest } = top;
  const merged = mergeOverrideNonEmpty(baseRest, topRest) as RuntimeConfigSpec;
  if (baseEnv !== undefined || topEnv !== undefined) merged.env = mergeEnv([baseEnv, topEnv]);
  return merged;
}

function specOf(object: KubeObject | undefined): RuntimeConfigSpec | undefined {
  return object && isPlainObject(object.spec) ? (object.spec as RuntimeConfigSpec) : undefined;
}

/**
 * Looks up the named runtime config (`namespace` undefined for cluster-scoped callers, which only
 * see the cluster config). A missing named config is a blocking MissingUpstreamDependency; a
 * missing `default` config is fine and resolves to undefined. Read errors are returned, not thrown.
 */
export async function fetchMergedRuntimeConfig(
  client: Pick<KubeClient, 'getOptional'>,
  name: string | undefined,
  namespace: string | undefined,
): Promise<FetchResult<ResolvedRuntimeConfig | undefined>> {
  const resolvedName = runtimeConfigName(name);
  const [namespaced, cluster] = await Promise.all([
    namespace === undefined
      ? Promise.resolve(fetched<KubeObject | undefined>(undefined))
      : captureFetch(
          client.getOptional({
            apiVersion: AIM_API_VERSION,
            kind: RUNTIME_CONFIG_KIND,
            namespace,
            name: resolvedName,
          }),
        ),
    captureFetch(
      client.getOptional({
        apiVersion: AIM_API_VERSION,
        kind: CLUSTER_RUNTIME_CONFIG_KIND,
        name: resolvedName,
      }),
    ),
  ]);
  if (!namespaced.ok) return namespaced;
  if (!cluster.ok) return cluster;
  if (namespaced.value === undefined && cluster.value === undefined) {
    if (resolvedName === DEFAULT_RUNTIME_CONFIG_NAME) return fetched(undefined);
    return {
      ok: false,
      error: new StateError(
        ERROR_CATEGORIES.missingUpstreamDependency,
        RUNTIME_CONFIG_REASONS.configNotFound,
        namespace === undefined
          ? `spec.runtimeConfigName "${resolvedName}": no AIMClusterRuntimeConfig of that name`
          : `spec.runtimeConfigName "${resolvedName}": no AIMRuntimeConfig in namespace ${namespace} and no AIMClusterRuntimeConfig of that name`,
      ),
    };
  }
  const resolved: ResolvedRuntimeConfig = {
    name: resolvedName,
    spec: mergeRuntimeConfigSpecs(specOf(cluster.value), specOf(namespaced.value)),
  };
  if (namespaced.value !== undefined) resolved.namespaced = namespaced.value;
  if (cluster.value !== undefined) resolved.cluster = cluster.value;
  return fetched(resolved);
}

function inspectRuntimeConfig(config: ResolvedRuntimeConfig | undefined): HealthInspection {
  if (config === undefined) {
    return {
      reason: RUNTIME_CONFIG_REASONS.defaultConfigNotFound,
      message: 'No default runtime config found; using built-in defaults',
    };
  }
  return { reason: RUNTIME_CONFIG_REASONS.configFound, message: `RuntimeConfig ${config.name} found` };
}

/**
 * The `RuntimeConfig` component of models, templates (`upstream: false`) and cluster models,
 * template caches, artifacts (`upstream: true`), spec §6.
 */
export function runtimeConfigHealth(
  result: FetchResult<ResolvedRuntimeConfig | undefined>,
  options: { upstream: boolean },
): ComponentHealth {
  return options.upstream
    ? toUpstreamComponentHealth(RUNTIME_CONFIG_COMPONENT, result, inspectRuntimeConfig)
    : toComponentHealth(RUNTIME_CONFIG_COMPONENT, result, inspectRuntimeConfig);
}

/** AIMService's variant: present only when a config was found or the lookup failed (spec §6). */
export function serviceRuntimeConfigHealth(
  result: FetchResult<ResolvedRuntimeConfig | undefined>,
): ComponentHealth | undefined {
  if (result.ok && result.value === undefined) return undefined;
  return toUpstreamComponentHealth(RUNTIME_CONFIG_COMPONENT, result, (config) => ({
    reason: RUNTIME_CONFIG_REASONS.runtimeConfigResolved,
    message: `RuntimeConfig ${config?.name ?? ''} resolved`,
  }));
}
