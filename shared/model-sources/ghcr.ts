/**
 * GitHub Container Registry listing (spec §13): ghcr.io has no catalog, so the container
 * packages of the owner are listed through the GitHub REST API (`/orgs/<owner>/packages`, or
 * `/users/<owner>/packages` when the owner is a user), paginated by `Link` headers. The API
 * needs a token even for public packages: it is the password of the pull secret's ghcr.io entry.
 */
import { z } from 'zod';
import { lazySchema } from '../api/lazy-schema.ts';
import type { RegistryCredentials } from '../registry/credentials.ts';
import { RegistryError } from '../registry/errors.ts';
import { nextPageUrl } from '../registry/link-header.ts';
import { fetchPages, type VendorRequestOptions } from './vendor-pages.ts';

export const GITHUB_API = 'https://api.github.com';
export const GHCR_DOMAIN = 'ghcr.io';

const PackagesPageSchema = lazySchema(() => z.array(z.object({ name: z.string() })));

/** The repositories (`<owner>/<package>`) of a GitHub user or organisation on ghcr.io. */
export async function ghcrRepositories(
  owner: string,
  credentials: RegistryCredentials | undefined,
  options: VendorRequestOptions,
): Promise<string[]> {
  if (credentials === undefined) {
    throw new RegistryError(
      'auth',
      `listing the ghcr.io packages of ${owner} needs a GitHub token: no imagePullSecret provides credentials for ghcr.io/${owner}`,
    );
  }
  for (const kind of ['orgs', 'users']) {
    const first = new URL(`/${kind}/${encodeURIComponent(owner)}/packages`, GITHUB_API);
    first.searchParams.set('package_type', 'container');
    first.searchParams.set('per_page', '100');
    const pages = await fetchPages(first, PackagesPageSchema(), {
      ...options,
      what: `ghcr.io packages of ${owner}`,
      headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      authorization: `Bearer ${credentials.password}`,
      nextOf: ({ url, response }) => nextPageUrl(response.headers.get('link'), url),
    });
    if (pages !== undefined) return pages.flat().map((pkg) => `${owner}/${pkg.name}`);
  }
  throw new RegistryError('not-found', `GitHub owner ${owner} not found (HTTP 404)`, { statusCode: 404 });
}
