/**
 * Writes objects straight into the API server's etcd, as restoring a backup does: each keeps its
 * uid, creationTimestamp, generation, managedFields and status. Creating them through the API
 * would give each a new uid — and the names the functions derive from an owner's uid (an
 * artifact's claim and download Job, a dedicated cache) would no longer be the names the Go
 * operator gave them, which is not what a user migrating in place has.
 *
 * The API server reads JSON from storage as well as protobuf, and its watch cache follows etcd,
 * so what is written here is served (with the etcd revision as resourceVersion) like anything else.
 */
import { parseApiVersion, resourceInfo } from '../../../shared/kube/resources.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

/** Groups served from CRDs: their objects live under the group's name in etcd. */
const BUILT_IN_GROUPS = new Set(['', 'batch', 'apps', 'rbac.authorization.k8s.io']);

export function etcdKey(object: KubeObject): string {
  const { group } = parseApiVersion(object.apiVersion);
  const { plural, namespaced } = resourceInfo(object);
  const resource = BUILT_IN_GROUPS.has(group) ? plural : `${group}/${plural}`;
  const { namespace, name } = object.metadata;
  return `/registry/${resource}/${namespaced ? `${namespace}/` : ''}${name}`;
}

/** The stored form: what the API server assigns on every write (resourceVersion) left out. */
function stored(object: KubeObject): KubeObject {
  const { resourceVersion: _rv, ...metadata } = object.metadata;
  return { ...object, metadata };
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export async function restoreIntoEtcd(etcdUrl: string, objects: readonly KubeObject[]): Promise<void> {
  for (const object of objects) {
    // etcd's JSON gateway for its v3 KV API.
    const response = await fetch(`${etcdUrl}/v3/kv/put`, {
      method: 'POST',
      body: JSON.stringify({ key: base64(etcdKey(object)), value: base64(JSON.stringify(stored(object))) }),
    });
    if (!response.ok)
      throw new Error(`etcd put ${etcdKey(object)}: ${response.status} ${await response.text()}`);
  }
}
