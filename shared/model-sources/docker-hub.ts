/**
 * Docker Hub's repository listing (spec §13): `GET hub.docker.com/v2/namespaces/<ns>/repositories`,
 * paginated by the `next` URL of each page. The registry API has no catalog on Docker Hub. With
 * credentials from a pull secret, a Hub token is obtained first (`POST /v2/users/login`) so that
 * private repositories are listed too.
 */
import { z } from 'zod';
import { lazySchema } from '../api/lazy-schema.ts';
import type { RegistryCredentials } from '../registry/credentials.ts';
import { RegistryError } from '../registry/errors.ts';
import { checkUrlAllowed, readBody, unreachable } from '../registry/http.ts';
import { parsePage } from '../registry/listing.ts';
import { registrySettingsFromEnv } from '../registry/settings.ts';
import { type RegistryAnswer, request } from '../registry/transport.ts';
import { fetchPages, type VendorRequestOptions } from './vendor-pages.ts';

export const DOCKER_HUB_API = 'https://hub.docker.com';

const RepositoriesPageSchema = lazySchema(() =>
  z.object({
    next: z.string().nullish(),
    results: z.array(z.object({ name: z.string() })).nullish(),
  }),
);
const LoginSchema = lazySchema(() => z.object({ token: z.string().min(1) }));

async function hubToken(credentials: RegistryCredentials, options: VendorRequestOptions): Promise<string> {
  const url = new URL('/v2/users/login', DOCKER_HUB_API);
  checkUrlAllowed(url, 'Docker Hub login');
  options.counts.token++;
  let response: RegistryAnswer;
  try {
    response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: credentials.username, password: credentials.password }),
      signal: AbortSignal.timeout(options.timeoutMs ?? registrySettingsFromEnv().timeoutMs),
    });
  } catch (err) {
    throw unreachable(url.host, err);
  }
  if (response.status === 401 || response.status === 403) {
    response.discard();
    throw new RegistryError(
      'auth',
      `Docker Hub rejected the pull secret's credentials (HTTP ${response.status})`,
      { statusCode: response.status },
    );
  }
  if (response.status !== 200) {
    // A redirect is refused too: the credentials in the body must not follow it anywhere.
    response.discard();
    throw new RegistryError('server', `Docker Hub login failed (HTTP ${response.status})`, {
      statusCode: response.status,
    });
  }
  const what = 'Docker Hub login answer';
  return parsePage(LoginSchema(), await readBody(response, 1024 * 1024, what, url.host), what).token;
}

/** The repositories (`<namespace>/<name>`) of a Docker Hub namespace. */
export async function dockerHubRepositories(
  namespace: string,
  credentials: RegistryCredentials | undefined,
  options: VendorRequestOptions,
): Promise<string[]> {
  const first = new URL(`/v2/namespaces/${encodeURIComponent(namespace)}/repositories`, DOCKER_HUB_API);
  first.searchParams.set('page_size', '100');
  const token = credentials === undefined ? undefined : await hubToken(credentials, options);
  const pages = await fetchPages(first, RepositoriesPageSchema(), {
    ...options,
    what: `Docker Hub repositories of ${namespace}`,
    headers: { accept: 'application/json' },
    ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    nextOf: ({ data, url }) => (data.next ? new URL(data.next, url) : undefined),
  });
  if (pages === undefined) {
    throw new RegistryError('not-found', `Docker Hub namespace ${namespace} not found (HTTP 404)`, {
      statusCode: 404,
    });
  }
  return pages.flatMap((page) => (page.results ?? []).map((repo) => `${namespace}/${repo.name}`));
}
