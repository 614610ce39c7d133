/**
 * Lists what a registry holds through the OCI distribution API: repositories (`GET
 * /v2/_catalog`) and a repository's tags (`GET /v2/<name>/tags/list`), following `Link`
 * pagination, with the same auth flow as image inspection (the catalog asks for the
 * `registry:catalog:*` scope). Pages are size-bounded and their number is capped.
 */
import { z } from 'zod';
import { lazySchema } from '../api/lazy-schema.ts';
import { RegistryAuthenticator } from './auth.ts';
import { type AuthorizationState, authorizedGet } from './authorized-get.ts';
import type { RegistryCredentials } from './credentials.ts';
import { firstIssue, parseJson } from './documents.ts';
import { RegistryError } from './errors.ts';
import { emptyRequestCounts, type RegistryRequestCounts, readBody } from './http.ts';
import { nextPageUrl } from './link-header.ts';
import { DOCKER_HUB_DOMAIN, DOCKER_HUB_HOST, isLoopbackHost } from './reference.ts';
import { failForStatus } from './responses.ts';
import { registrySettingsFromEnv } from './settings.ts';

export const CATALOG_SCOPE = 'registry:catalog:*';
const PAGE_SIZE = 1000;

/** Where a registry is reached: `docker.io` is served by `registry-1.docker.io`; loopback over HTTP. */
export interface RegistryEndpoint {
  domain: string;
  host: string;
  scheme: 'https' | 'http';
}

export function registryEndpoint(domain: string): RegistryEndpoint {
  const host = domain === DOCKER_HUB_DOMAIN ? DOCKER_HUB_HOST : domain;
  return { domain, host, scheme: isLoopbackHost(host) ? 'http' : 'https' };
}

export interface ListingOptions {
  /** Per HTTP request. Default AIM_REGISTRY_TIMEOUT_MS, else 10 s. */
  requestTimeoutMs?: number;
  /** Default 100 pages per listing. */
  maxPages?: number;
  /** Default 8 MiB per page. */
  maxPageBytes?: number;
  authenticator?: RegistryAuthenticator;
}

const CatalogSchema = lazySchema(() => z.object({ repositories: z.array(z.string()).nullish() }));
const TagsSchema = lazySchema(() => z.object({ tags: z.array(z.string()).nullish() }));

export class RegistryLister {
  readonly counts: RegistryRequestCounts = emptyRequestCounts();
  readonly #timeoutMs: number;
  readonly #maxPages: number;
  readonly #maxPageBytes: number;
  readonly #auth: RegistryAuthenticator;

  constructor(options: ListingOptions = {}) {
    this.#timeoutMs = options.requestTimeoutMs ?? registrySettingsFromEnv().timeoutMs;
    this.#maxPages = options.maxPages ?? 100;
    this.#maxPageBytes = options.maxPageBytes ?? 8 * 1024 * 1024;
    this.#auth = options.authenticator ?? new RegistryAuthenticator();
  }

  /** Every repository of the registry (`_catalog`). */
  async repositories(endpoint: RegistryEndpoint, credentials?: RegistryCredentials): Promise<string[]> {
    const pages = await this.#pages(
      endpoint,
      '_catalog',
      '',
      CATALOG_SCOPE,
      credentials,
      (body, what) => parsePage(CatalogSchema(), body, what).repositories,
    );
    return pages;
  }

  /** Every tag of `repository` (`tags/list`). */
  async tags(
    endpoint: RegistryEndpoint,
    repository: string,
    credentials?: RegistryCredentials,
  ): Promise<string[]> {
    return this.#pages(
      endpoint,
      `${repository}/tags/list`,
      repository,
      undefined,
      credentials,
      (body, what) => parsePage(TagsSchema(), body, what).tags,
    );
  }

  async #pages(
    endpoint: RegistryEndpoint,
    path: string,
    repository: string,
    scope: string | undefined,
    credentials: RegistryCredentials | undefined,
    items: (body: Buffer, what: string) => string[] | null | undefined,
  ): Promise<string[]> {
    const ctx = {
      host: endpoint.host,
      repository,
      ...(scope !== undefined ? { scope } : {}),
      credentials,
      counts: this.counts,
      timeoutMs: this.#timeoutMs,
      maxTokenBytes: 1024 * 1024,
    };
    const state: AuthorizationState = { authorization: this.#auth.initialAuthorization(ctx) };
    const what =
      repository === ''
        ? `repository catalog of ${endpoint.domain}`
        : `tags of ${endpoint.domain}/${repository}`;
    const found: string[] = [];
    let url: URL | undefined = new URL(`${endpoint.scheme}://${endpoint.host}/v2/${path}?n=${PAGE_SIZE}`);
    for (let page = 0; url !== undefined; page++) {
      if (page >= this.#maxPages) {
        throw new RegistryError('invalid-response', `${what}: more than ${this.#maxPages} pages`);
      }
      const { response } = await authorizedGet(this.#auth, ctx, state, url, 'list', {
        accept: 'application/json',
      });
      if (response.status !== 200) await failForStatus(response, what, endpoint.host);
      const next = nextPageUrl(response.headers.get('link'), url);
      found.push(...(items(await readBody(response, this.#maxPageBytes, what, endpoint.host), what) ?? []));
      url = next;
    }
    return found;
  }
}

export function parsePage<T>(schema: z.ZodType<T>, body: Buffer, what: string): T {
  const parsed = schema.safeParse(parseJson(body));
  if (!parsed.success) {
    throw new RegistryError('invalid-response', `${what}: malformed answer: ${firstIssue(parsed.error)}`);
  }
  return parsed.data;
}
