import { ForwardingKubeClient } from '../../shared/kube/forwarding-client.ts';
import type { GroupVersionKind, KubeObject, ListOptions, ObjectList } from '../../shared/kube/types.ts';
import type { SimulatorApi } from './api.ts';
import { globMatches } from './glob.ts';

/** Cluster-scoped objects (Nodes) are never in an ignored namespace. */
export function inIgnoredNamespace(globs: readonly string[], object: KubeObject): boolean {
  const namespace = object.metadata.namespace;
  return namespace !== undefined && globs.some((glob) => globMatches(glob, namespace));
}

class NamespaceFilteringClient extends ForwardingKubeClient {
  ignored: readonly string[] = [];

  override async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    const list = await super.list<T>(gvk, options);
    if (this.ignored.length === 0) return list;
    return { ...list, items: list.items.filter((item) => !inIgnoredNamespace(this.ignored, item)) };
  }
}

export interface NamespaceScope {
  /** `api` whose lists leave out the objects of the ignored namespaces. */
  readonly api: SimulatorApi;
  /** The globs of the rules in force (set at the start of each pass). */
  ignore(globs: readonly string[]): void;
}

/**
 * What the simulator sees of the cluster, without the namespaces its rules ignore. Every part it
 * plays acts only on objects it listed, so one filter on reads keeps all of them (and any part
 * added later) off those namespaces: nothing is bound, run, reported or recorded there. The one
 * exception reads claims past it (simulator.ts): the pvc-protection finalizer.
 */
export function namespaceScope(api: SimulatorApi): NamespaceScope {
  const client = new NamespaceFilteringClient(api.client);
  return {
    api: { ...api, client },
    ignore(globs) {
      client.ignored = globs;
    },
  };
}
