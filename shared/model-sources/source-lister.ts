/**
 * Lists what a model source's filters ask for, per registry kind (spec §13): Docker Hub through
 * its namespace API, ghcr.io through the GitHub packages API, any other registry through the
 * distribution `_catalog`; tags always through the registry's `tags/list`.
 */
import type { RegistryCredentials } from '../registry/credentials.ts';
import { RegistryError } from '../registry/errors.ts';
import { emptyRequestCounts, type RegistryRequestCounts } from '../registry/http.ts';
import { RegistryLister, registryEndpoint } from '../registry/listing.ts';
import { DOCKER_HUB_DOMAIN } from '../registry/reference.ts';
import { dockerHubRepositories } from './docker-hub.ts';
import { GHCR_DOMAIN, ghcrRepositories } from './ghcr.ts';

/** Credentials for a repository path of the source's registry ('' for the registry as a whole). */
export type CredentialsFor = (repository: string) => RegistryCredentials | undefined;

export interface ModelSourceLister {
  /**
   * Repositories that may match a wildcard pattern: those of `namespace` on Docker Hub and
   * ghcr.io (which need one), every repository of the catalog elsewhere.
   */
  repositories(
    registry: string,
    namespace: string | undefined,
    credentialsFor: CredentialsFor,
  ): Promise<string[]>;
  tags(registry: string, repository: string, credentials: RegistryCredentials | undefined): Promise<string[]>;
}

export class RegistrySourceLister implements ModelSourceLister {
  readonly counts: RegistryRequestCounts = emptyRequestCounts();
  readonly #registry: RegistryLister;

  constructor(registry: RegistryLister = new RegistryLister()) {
    this.#registry = registry;
  }

  async repositories(registry: string, namespace: string | undefined, credentialsFor: CredentialsFor) {
    if (registry === DOCKER_HUB_DOMAIN || registry === GHCR_DOMAIN) {
      if (namespace === undefined) {
        throw new RegistryError(
          'invalid-reference',
          `${registry} cannot list every repository: start the pattern with a literal namespace (e.g. org/aim-*)`,
        );
      }
      const credentials = credentialsFor(namespace);
      return registry === DOCKER_HUB_DOMAIN
        ? dockerHubRepositories(namespace, credentials, { counts: this.counts })
        : ghcrRepositories(namespace, credentials, { counts: this.counts });
    }
    return this.#registry.repositories(registryEndpoint(registry), credentialsFor(''));
  }

  tags(registry: string, repository: string, credentials: RegistryCredentials | undefined) {
    // Docker Hub's official images (`ubuntu`) live under `library/` in the registry API.
    const path =
      registry === DOCKER_HUB_DOMAIN && !repository.includes('/') ? `library/${repository}` : repository;
    return this.#registry.tags(registryEndpoint(registry), path, credentials);
  }
}
