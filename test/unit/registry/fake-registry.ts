/**
 * Builds test images (config blob with labels, manifests, indexes) and serves them through msw
 * handlers that speak the distribution API, with optional Basic or Bearer auth.
 */
import { createHash } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { MEDIA_TYPES } from '../../../shared/registry/media-types.ts';

export function digestOf(body: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export interface Blob {
  body: string;
  digest: string;
  mediaType: string;
}

function blob(body: string, mediaType: string): Blob {
  return { body, digest: digestOf(body), mediaType };
}

export function configBlob(labels: Record<string, string> | null, options: { legacy?: boolean } = {}): Blob {
  const config = options.legacy
    ? { architecture: 'amd64', os: 'linux', container_config: { Labels: labels } }
    : { architecture: 'amd64', os: 'linux', config: { Labels: labels, Env: ['PATH=/usr/bin'] } };
  return blob(JSON.stringify(config), MEDIA_TYPES.ociConfig);
}

export function imageManifest(
  config: Blob,
  options: { docker?: boolean; annotations?: Record<string, string>; configMediaType?: string } = {},
): Blob {
  const mediaType = options.docker ? MEDIA_TYPES.dockerManifest : MEDIA_TYPES.ociManifest;
  const manifest = {
    schemaVersion: 2,
    mediaType,
    config: {
      mediaType:
        options.configMediaType ?? (options.docker ? MEDIA_TYPES.dockerConfig : MEDIA_TYPES.ociConfig),
      digest: config.digest,
      size: config.body.length,
    },
    layers: [],
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  return blob(JSON.stringify(manifest), mediaType);
}

export interface IndexPlatformEntry {
  manifest: Blob;
  platform: { os: string; architecture: string; variant?: string };
  annotations?: Record<string, string>;
}

export function imageIndex(
  entries: IndexPlatformEntry[],
  options: { docker?: boolean; annotations?: Record<string, string> } = {},
): Blob {
  const mediaType = options.docker ? MEDIA_TYPES.dockerManifestList : MEDIA_TYPES.ociIndex;
  const index = {
    schemaVersion: 2,
    mediaType,
    manifests: entries.map((entry) => ({
      mediaType: entry.manifest.mediaType,
      digest: entry.manifest.digest,
      size: entry.manifest.body.length,
      platform: entry.platform,
      ...(entry.annotations ? { annotations: entry.annotations } : {}),
    })),
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  return blob(JSON.stringify(index), mediaType);
}

export type AuthMode =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | {
      type: 'bearer';
      realm: string;
      service: string;
      username?: string;
      password?: string;
      expiresIn?: number;
    };

export interface FakeRegistryOptions {
  /** e.g. `https://reg.example` */
  origin: string;
  repository: string;
  /** tag → manifest or index */
  tags: Record<string, Blob>;
  /** every manifest and blob reachable by digest */
  blobs: Blob[];
  auth?: AuthMode;
  /** Answer blob GETs with a redirect to this origin (served by the same fake, no auth there). */
  blobRedirectOrigin?: string;
}

/** What the fake saw, for assertions. */
export interface RegistryLog {
  requests: { url: string; authorization: string | null; accept: string | null }[];
  tokensIssued: number;
}

function unauthorized(auth: AuthMode, repository: string): Response {
  const header =
    auth.type === 'basic'
      ? 'Basic realm="registry"'
      : auth.type === 'bearer'
        ? `Bearer realm="${auth.realm}",service="${auth.service}",scope="repository:${repository}:pull"`
        : '';
  return HttpResponse.json(
    { errors: [{ code: 'UNAUTHORIZED', message: 'authentication required' }] },
    { status: 401, headers: { 'www-authenticate': header } },
  );
}

export function fakeRegistry(options: FakeRegistryOptions) {
  const log: RegistryLog = { requests: [], tokensIssued: 0 };
  const auth = options.auth ?? { type: 'none' };
  const validTokens = new Set<string>();
  const byDigest = new Map(options.blobs.map((b) => [b.digest, b]));
  const base = `${options.origin}/v2/${options.repository}`;

  const authorized = (request: Request): boolean => {
    const header = request.headers.get('authorization');
    if (auth.type === 'none') return true;
    if (auth.type === 'basic') {
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      return header === expected;
    }
    return header?.startsWith('Bearer ') === true && validTokens.has(header.slice(7));
  };

  const record = (request: Request) =>
    log.requests.push({
      url: request.url,
      authorization: request.headers.get('authorization'),
      accept: request.headers.get('accept'),
    });

  const handlers = [
    http.get(`${base}/manifests/:reference`, ({ request, params }) => {
      record(request);
      if (!authorized(request)) return unauthorized(auth, options.repository);
      const reference = String(params.reference);
      const found = reference.includes(':') ? byDigest.get(reference) : options.tags[reference];
      if (!found) {
        return HttpResponse.json(
          { errors: [{ code: 'MANIFEST_UNKNOWN', message: 'manifest unknown' }] },
          { status: 404 },
        );
      }
      return new HttpResponse(found.body, {
        headers: { 'content-type': found.mediaType, 'docker-content-digest': found.digest },
      });
    }),
    http.get(`${base}/blobs/:digest`, ({ request, params }) => {
      record(request);
      if (!authorized(request)) return unauthorized(auth, options.repository);
      const digest = String(params.digest);
      if (options.blobRedirectOrigin) {
        return new HttpResponse(null, {
          status: 307,
          headers: { location: `${options.blobRedirectOrigin}/storage/${digest}?sig=abc` },
        });
      }
      const found = byDigest.get(digest);
      if (!found) return HttpResponse.json({ errors: [{ code: 'BLOB_UNKNOWN' }] }, { status: 404 });
      return new HttpResponse(found.body, { headers: { 'content-type': 'application/octet-stream' } });
    }),
  ];
  if (options.blobRedirectOrigin) {
    handlers.push(
      http.get(`${options.blobRedirectOrigin}/storage/:digest`, ({ request, params }) => {
        record(request);
        const found = byDigest.get(String(params.digest));
        if (!found) return new HttpResponse(null, { status: 404 });
        return new HttpResponse(found.body);
      }),
    );
  }
  if (auth.type === 'bearer') {
    handlers.push(
      http.get(auth.realm, ({ request }) => {
        record(request);
        const url = new URL(request.url);
        if (url.searchParams.get('service') !== auth.service) return new HttpResponse(null, { status: 400 });
        if (auth.username !== undefined) {
          const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
          if (request.headers.get('authorization') !== expected) {
            return HttpResponse.json({ details: 'incorrect username or password' }, { status: 401 });
          }
        }
        log.tokensIssued++;
        const token = `tok-${log.tokensIssued}-${url.searchParams.get('scope')}`;
        validTokens.add(token);
        return HttpResponse.json({ token, expires_in: auth.expiresIn ?? 300 });
      }),
    );
  }
  return { handlers, log };
}

/** A whole image: labels → config → manifest. */
export function simpleImage(labels: Record<string, string>) {
  const config = configBlob(labels);
  const manifest = imageManifest(config);
  return { config, manifest };
}
