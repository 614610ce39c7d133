/**
 * Every AIM kind reads its runtime config (`spec.runtimeConfigName`, empty meaning `default`,
 * spec §6), so a change to an AIMRuntimeConfig or AIMClusterRuntimeConfig must reach the objects
 * that use it. Unlike upstream, objects that rely on `default` implicitly are included too:
 * reconciles are idempotent, and leaving them out only delays the fix until the next resync.
 */
import { AIM_API_VERSION } from '../api/group.ts';
import { aimKind } from '../api/kinds.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { GroupVersionKind, KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import {
  CLUSTER_RUNTIME_CONFIG_KIND,
  RUNTIME_CONFIG_KIND,
  runtimeConfigName,
} from '../reconcile/runtime-config.ts';
import type { EventMapper } from './define-function.ts';

/**
 * Reconcile requests for the objects of the AIM `kinds` that use the runtime config `event` is
 * about; empty when the event is about something else. A namespaced config only serves its own
 * namespace; a cluster config serves every namespace and the cluster-scoped kinds.
 */
export async function runtimeConfigDependents(
  client: KubeClient,
  kinds: readonly GroupVersionKind[],
  event: ApiServerEvent,
): Promise<ObjectKey[]> {
  const { ref } = event;
  if (ref.apiVersion !== AIM_API_VERSION) return [];
  const isNamespacedConfig = ref.kind === RUNTIME_CONFIG_KIND && ref.namespace !== undefined;
  if (!isNamespacedConfig && ref.kind !== CLUSTER_RUNTIME_CONFIG_KIND) return [];
  if (onlyStatusWritten(event)) return [];

  const candidates = kinds.filter((gvk) => {
    if (RUNTIME_CONFIG_KINDS.has(gvk.kind)) return false;
    const definition = gvk.apiVersion === AIM_API_VERSION ? aimKind(gvk.kind) : undefined;
    return definition !== undefined && (!isNamespacedConfig || definition.scope === 'Namespaced');
  });
  const requests: ObjectKey[] = [];
  for (const kind of candidates) {
    const gvk = { apiVersion: kind.apiVersion, kind: kind.kind };
    const list = await client.list(gvk, isNamespacedConfig ? { namespace: ref.namespace } : {});
    for (const object of list.items) {
      if (usesRuntimeConfig(object, ref.name)) requests.push(keyOf(gvk, object));
    }
  }
  return requests;
}

/** Runtime configs use no runtime config: a function that reconciles them is not their dependent. */
const RUNTIME_CONFIG_KINDS: ReadonlySet<string> = new Set([RUNTIME_CONFIG_KIND, CLUSTER_RUNTIME_CONFIG_KIND]);

/**
 * An update whose object already reports its own generation is the config's status write
 * (service-resolve's), not a change of its spec: nothing that uses the config needs a run.
 */
function onlyStatusWritten(event: ApiServerEvent): boolean {
  if (event.action !== 'update' || typeof event.object !== 'object' || event.object === null) return false;
  const object = event.object as Partial<KubeObject>;
  const generation = object.metadata?.generation;
  return generation !== undefined && object.status?.observedGeneration === generation;
}

function usesRuntimeConfig(object: KubeObject, configName: string): boolean {
  const reference = object.spec?.runtimeConfigName;
  return runtimeConfigName(typeof reference === 'string' ? reference : undefined) === configName;
}

function keyOf(gvk: GroupVersionKind, object: KubeObject): ObjectKey {
  const { name, namespace } = object.metadata;
  return namespace ? { ...gvk, namespace, name } : { ...gvk, name };
}

/** An `EventMapper` that reconciles the owned objects using a changed runtime config. */
export const mapRuntimeConfigEvents: EventMapper = (ctx, event) =>
  runtimeConfigDependents(ctx.client, ctx.owned, event);
