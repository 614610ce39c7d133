/** A registry listing in memory for model source tests: repositories, tags, and who may list them. */

import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import type { CredentialsFor, ModelSourceLister } from '../../../shared/model-sources/source-lister.ts';
import type { RegistryCredentials } from '../../../shared/registry/credentials.ts';
import { RegistryError } from '../../../shared/registry/errors.ts';

interface FakeRegistry {
  repositories: Record<string, string[]>;
  /** When set, listing needs exactly these credentials. */
  user?: RegistryCredentials;
  /** Every call fails with this. */
  failure?: Error;
}

export class FakeSourceLister implements ModelSourceLister {
  readonly registries = new Map<string, FakeRegistry>();
  readonly calls: string[] = [];

  registry(name: string, registry: FakeRegistry): this {
    this.registries.set(name, registry);
    return this;
  }

  #open(name: string, credentials: RegistryCredentials | undefined): FakeRegistry {
    const registry = this.registries.get(name);
    if (registry === undefined)
      throw new RegistryError('unreachable', `cannot reach registry ${name}: ECONNREFUSED`);
    if (registry.failure !== undefined) throw registry.failure;
    const { user } = registry;
    if (
      user !== undefined &&
      (credentials?.username !== user.username || credentials.password !== user.password)
    ) {
      throw new RegistryError(
        'auth',
        `registry ${name} requires authentication and no pull secret provides credentials for it`,
      );
    }
    return registry;
  }

  async repositories(registry: string, namespace: string | undefined, credentialsFor: CredentialsFor) {
    this.calls.push(`repositories ${registry} ${namespace ?? ''}`);
    const found = this.#open(registry, credentialsFor(namespace ?? ''));
    return Object.keys(found.repositories).filter(
      (repo) => namespace === undefined || repo.startsWith(`${namespace}/`),
    );
  }

  async tags(registry: string, repository: string, credentials: RegistryCredentials | undefined) {
    this.calls.push(`tags ${registry} ${repository}`);
    const tags = this.#open(registry, credentials).repositories[repository];
    if (tags === undefined)
      throw new RegistryError(
        'not-found',
        `tags of ${registry}/${repository} not found (HTTP 404 NAME_UNKNOWN)`,
      );
    return [...tags];
  }
}

export function modelSource(name: string, spec: Record<string, unknown>, generation = 1): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMClusterModelSource',
    metadata: { name, uid: `uid-${name}`, generation },
    spec,
  };
}
