/**
 * Paged JSON GETs against a registry vendor's own API (Docker Hub, GitHub packages) on the
 * registry HTTP layer: timeouts, bounded bodies, HTTPS only, `Authorization` never sent to
 * another origin, and answers other than 200 turned into RegistryErrors without quoting bodies.
 */
import type { z } from 'zod';
import { RegistryError } from '../registry/errors.ts';
import { type RegistryRequestCounts, readBody, send } from '../registry/http.ts';
import { parsePage } from '../registry/listing.ts';
import { failForStatus } from '../registry/responses.ts';
import { registrySettingsFromEnv } from '../registry/settings.ts';
import type { RegistryAnswer } from '../registry/transport.ts';

export interface VendorRequestOptions {
  counts: RegistryRequestCounts;
  timeoutMs?: number;
  maxPages?: number;
  maxPageBytes?: number;
}

export interface Page<T> {
  data: T;
  url: URL;
  response: RegistryAnswer;
}

/**
 * Fetches `first` and every following page `nextOf` names, parsing each with `schema`.
 * A 404 on the first page returns undefined (the caller decides what is missing).
 */
export async function fetchPages<T>(
  first: URL,
  schema: z.ZodType<T>,
  options: VendorRequestOptions & {
    what: string;
    headers: Record<string, string>;
    authorization?: string;
    nextOf: (page: Page<T>) => URL | undefined;
  },
): Promise<T[] | undefined> {
  const pages: T[] = [];
  const maxPages = options.maxPages ?? 100;
  let url: URL | undefined = first;
  while (url !== undefined) {
    if (pages.length >= maxPages) {
      throw new RegistryError('invalid-response', `${options.what}: more than ${maxPages} pages`);
    }
    const { response } = await send(url, {
      category: 'list',
      headers: options.headers,
      timeoutMs: options.timeoutMs ?? registrySettingsFromEnv().timeoutMs,
      counts: options.counts,
      ...(options.authorization !== undefined ? { authorization: options.authorization } : {}),
    });
    if (response.status === 404 && pages.length === 0) {
      response.discard();
      return undefined;
    }
    if (response.status !== 200) await failForStatus(response, options.what, url.host);
    const body = await readBody(response, options.maxPageBytes ?? 8 * 1024 * 1024, options.what, url.host);
    const data = parsePage(schema, body, options.what);
    pages.push(data);
    const next = options.nextOf({ data, url, response });
    if (next !== undefined && next.origin !== first.origin) {
      throw new RegistryError('invalid-response', `${options.what}: pagination link leaves ${first.host}`);
    }
    url = next;
  }
  return pages;
}
