import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RegistryAuthenticator } from '../../../shared/registry/auth.ts';
import { RegistryClient } from '../../../shared/registry/client.ts';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { MEDIA_TYPES } from '../../../shared/registry/media-types.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';
import { TokenCache } from '../../../shared/registry/token-cache.ts';
import {
  type Blob,
  configBlob,
  digestOf,
  type FakeRegistryOptions,
  fakeRegistry,
  imageIndex,
  imageManifest,
  type RegistryLog,
  simpleImage,
} from './fake-registry.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGIN = 'https://reg.example';
const REPO = 'team/model';
const LABELS = { 'com.amd.aim.model.canonicalName': 'org/model', 'org.opencontainers.image.title': 'Model' };
const PASSWORD = 's3cr3t-p4ss';
const CREDS = { username: 'robot', password: PASSWORD };

function ref(tag = '1.0') {
  return parseRegistryReference(`reg.example/${REPO}:${tag}`);
}

/** Serves a fake registry for REPO at ORIGIN and returns its request log. */
function serveRegistry(options: Omit<FakeRegistryOptions, 'origin' | 'repository'>): RegistryLog {
  const { handlers, log } = fakeRegistry({ origin: ORIGIN, repository: REPO, ...options });
  server.use(...handlers);
  return log;
}

/** Serves `image` as tag 1.0. */
function serveImage(
  image: { config: Blob; manifest: Blob },
  options: Omit<FakeRegistryOptions, 'origin' | 'repository' | 'tags' | 'blobs'> = {},
): RegistryLog {
  return serveRegistry({
    tags: { '1.0': image.manifest },
    blobs: [image.config, image.manifest],
    ...options,
  });
}

const BEARER = { type: 'bearer', realm: 'https://auth.example/token', service: 'reg.example' } as const;

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RegistryError);
  const error = err as RegistryError;
  // Whatever went wrong, no credential may appear in what is reported.
  expect(error.message).not.toContain(PASSWORD);
  expect(error.message).not.toContain(Buffer.from(`robot:${PASSWORD}`).toString('base64'));
  expect(error.message).not.toMatch(/tok-\d/);
  return error;
}

describe('RegistryClient: documents', () => {
  it('reads config.Labels through an OCI manifest with one manifest and one blob request', async () => {
    const image = simpleImage(LABELS);
    const log = serveImage(image);
    const client = new RegistryClient();
    const inspection = await client.inspect(ref());
    expect(inspection).toEqual({ digest: image.manifest.digest, labels: LABELS, annotations: {} });
    expect(client.counts).toEqual({ manifest: 1, blob: 1, token: 0, list: 0 });
    expect(log.requests[0]?.accept).toContain(MEDIA_TYPES.ociIndex);
    expect(log.requests[0]?.accept).toContain(MEDIA_TYPES.dockerManifest);
  });

  it('picks linux/amd64 out of an index, skipping attestations, and merges annotations', async () => {
    const amd64 = simpleImage(LABELS);
    const arm64 = simpleImage({ arch: 'arm64' });
    const attestation = simpleImage({ attestation: 'yes' });
    const amdManifest = imageManifest(amd64.config, {
      annotations: { 'org.opencontainers.image.revision': 'abc' },
    });
    const index = imageIndex(
      [
        { manifest: attestation.manifest, platform: { os: 'unknown', architecture: 'unknown' } },
        { manifest: arm64.manifest, platform: { os: 'linux', architecture: 'arm64' } },
        {
          manifest: attestation.manifest,
          platform: { os: 'linux', architecture: 'amd64' },
          annotations: { 'vnd.docker.reference.type': 'attestation-manifest' },
        },
        { manifest: amdManifest, platform: { os: 'linux', architecture: 'amd64' } },
      ],
      { annotations: { 'org.opencontainers.image.source': 'https://git.example/model' } },
    );
    serveRegistry({
      tags: { '1.0': index },
      blobs: [
        amd64.config,
        arm64.config,
        attestation.config,
        amdManifest,
        arm64.manifest,
        attestation.manifest,
      ],
    });
    const client = new RegistryClient();
    const inspection = await client.inspect(ref());
    expect(inspection).toEqual({
      digest: amdManifest.digest,
      indexDigest: index.digest,
      labels: LABELS,
      annotations: {
        'org.opencontainers.image.source': 'https://git.example/model',
        'org.opencontainers.image.revision': 'abc',
      },
    });
    expect(client.counts).toEqual({ manifest: 2, blob: 1, token: 0, list: 0 });
  });

  it('understands Docker manifest lists, Docker manifests and legacy container_config labels', async () => {
    const config = configBlob({ legacy: 'label' }, { legacy: true });
    const manifest = imageManifest(config, { docker: true });
    const list = imageIndex([{ manifest, platform: { os: 'linux', architecture: 'amd64' } }], {
      docker: true,
    });
    serveRegistry({ tags: { '1.0': list }, blobs: [config, manifest] });
    const inspection = await new RegistryClient().inspect(ref());
    expect(inspection.labels).toEqual({ legacy: 'label' });
  });

  it('treats an image without labels as having none', async () => {
    const config = configBlob(null);
    const manifest = imageManifest(config);
    serveImage({ config, manifest });
    expect((await new RegistryClient().inspect(ref())).labels).toEqual({});
  });

  it('fetches by digest and verifies the content against it', async () => {
    const image = simpleImage(LABELS);
    serveRegistry({ tags: {}, blobs: [image.config, image.manifest] });
    const byDigest = parseRegistryReference(`reg.example/${REPO}@${image.manifest.digest}`);
    expect((await new RegistryClient().inspect(byDigest)).labels).toEqual(LABELS);
  });

  it('reports an index without a linux/amd64 image as not found, naming the platforms', async () => {
    const arm64 = simpleImage({});
    const index = imageIndex([
      { manifest: arm64.manifest, platform: { os: 'linux', architecture: 'arm64', variant: 'v8' } },
    ]);
    serveRegistry({ tags: { '1.0': index }, blobs: [arm64.manifest] });
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('no linux/amd64 image (platforms: linux/arm64/v8)');
  });
});

describe('RegistryClient: auth', () => {
  it('follows the Bearer challenge with the pull secret and caches the token per scope', async () => {
    const image = simpleImage(LABELS);
    const log = serveRegistry({
      tags: { '1.0': image.manifest, '2.0': image.manifest },
      blobs: [image.config, image.manifest],
      auth: { ...BEARER, ...CREDS },
    });
    const client = new RegistryClient();
    expect((await client.inspect(ref('1.0'), CREDS)).labels).toEqual(LABELS);
    // manifest 401 → token → manifest with token → blob with the same token
    expect(client.counts).toEqual({ manifest: 2, blob: 1, token: 1, list: 0 });
    const tokenRequest = log.requests.find((request) => request.url.startsWith('https://auth.example'));
    expect(new URL(tokenRequest!.url).searchParams.get('scope')).toBe(`repository:${REPO}:pull`);
    expect(tokenRequest?.authorization).toBe(`Basic ${Buffer.from(`robot:${PASSWORD}`).toString('base64')}`);

    await client.inspect(ref('2.0'), CREDS);
    expect(log.tokensIssued).toBe(1);
    expect(client.counts).toEqual({ manifest: 3, blob: 2, token: 1, list: 0 });
  });

  it('does not share a token between different credentials', async () => {
    const image = simpleImage(LABELS);
    const log = serveImage(image, { auth: { ...BEARER, ...CREDS } });
    const client = new RegistryClient();
    await client.inspect(ref(), CREDS);
    const error = await failure(client.inspect(ref(), { username: 'robot', password: 'wrong' }));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('rejected the pull secret');
    expect(log.tokensIssued).toBe(1);
  });

  it('fetches a new token once the cached one expires', async () => {
    let now = 0;
    const image = simpleImage(LABELS);
    const log = serveImage(image, { auth: { ...BEARER, expiresIn: 60 } });
    const client = new RegistryClient({
      authenticator: new RegistryAuthenticator(new TokenCache({ now: () => now })),
    });
    await client.inspect(ref());
    now += 30_000;
    await client.inspect(ref());
    expect(log.tokensIssued).toBe(1);
    now += 60_000;
    await client.inspect(ref());
    expect(log.tokensIssued).toBe(2);
  });

  it('answers a Basic challenge with the credentials and sends them up front afterwards', async () => {
    const image = simpleImage(LABELS);
    const log = serveImage(image, { auth: { type: 'basic', ...CREDS } });
    const client = new RegistryClient();
    await client.inspect(ref(), CREDS);
    expect(log.requests.map((request) => request.authorization === null)).toEqual([true, false, false]);
    await client.inspect(ref(), CREDS);
    expect(log.requests).toHaveLength(5);
  });

  it('reports a Basic registry without credentials and wrong Basic credentials as auth failures', async () => {
    const image = simpleImage(LABELS);
    serveImage(image, { auth: { type: 'basic', ...CREDS } });
    const anonymous = await failure(new RegistryClient().inspect(ref()));
    expect(anonymous.kind).toBe('auth');
    expect(anonymous.message).toContain('no pull secret provides credentials');
    const wrong = await failure(
      new RegistryClient().inspect(ref(), { username: 'robot', password: `${PASSWORD}x` }),
    );
    expect(wrong.kind).toBe('auth');
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses anonymous access reported by the token service', async () => {
    server.use(
      http.get(`${ORIGIN}/v2/${REPO}/manifests/:ref`, () =>
        HttpResponse.json(
          { errors: [{ code: 'UNAUTHORIZED' }] },
          {
            status: 401,
            headers: { 'www-authenticate': 'Bearer realm="https://auth.example/token",service="reg"' },
          },
        ),
      ),
      http.get('https://auth.example/token', () => new HttpResponse(null, { status: 401 })),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('refused anonymous access');
  });

  it('does not forward Authorization when the blob redirects to another host', async () => {
    const image = simpleImage(LABELS);
    const log = serveImage(image, {
      auth: { ...BEARER, ...CREDS },
      blobRedirectOrigin: 'https://storage.example',
    });
    expect((await new RegistryClient().inspect(ref(), CREDS)).labels).toEqual(LABELS);
    const blobRequest = log.requests.find((request) => request.url.includes('/blobs/'));
    const storageRequest = log.requests.find((request) => request.url.startsWith('https://storage.example'));
    expect(blobRequest?.authorization).toMatch(/^Bearer /);
    expect(storageRequest).toBeDefined();
    expect(storageRequest?.authorization).toBeNull();
  });

  it('refuses a redirect from HTTPS to plain HTTP', async () => {
    const image = simpleImage(LABELS);
    serveImage(image, { blobRedirectOrigin: 'http://storage.example' });
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('redirect from HTTPS to http: refused');
  });
});

describe('RegistryClient: error answers', () => {
  function answerManifest(response: () => Response) {
    server.use(http.get(`${ORIGIN}/v2/${REPO}/manifests/:ref`, response));
  }

  it.each([
    [404, { errors: [{ code: 'MANIFEST_UNKNOWN' }] }, 'not-found', 'not found (HTTP 404 MANIFEST_UNKNOWN)'],
    [403, { errors: [{ code: 'DENIED' }] }, 'auth', 'pull access denied'],
    [500, {}, 'server', 'registry error (HTTP 500)'],
    [503, {}, 'server', 'registry error (HTTP 503)'],
    [
      400,
      { errors: [{ code: 'NAME_INVALID' }] },
      'invalid-response',
      'unexpected answer (HTTP 400 NAME_INVALID)',
    ],
  ])('HTTP %i → %s', async (status, body, kind, message) => {
    answerManifest(() => HttpResponse.json(body, { status }));
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(message);
    expect(error.statusCode).toBe(status);
  });

  it('reports 429 as rate limited with the Retry-After delay', async () => {
    answerManifest(() =>
      HttpResponse.json(
        { errors: [{ code: 'TOOMANYREQUESTS' }] },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 42 });
  });

  it('does not quote the error body, only the registry error code', async () => {
    answerManifest(() =>
      HttpResponse.json(
        { errors: [{ code: 'NOT a code <script>', message: 'echo: Authorization: Basic abc' }] },
        { status: 404 },
      ),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).not.toContain('script');
    expect(error.message).not.toContain('Basic abc');
  });

  it('reports a registry that cannot be reached as unreachable', async () => {
    answerManifest(() => HttpResponse.error());
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('cannot reach registry reg.example');
  });

  it('rejects an answer that is not a manifest', async () => {
    answerManifest(
      () => new HttpResponse('<html>login</html>', { headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('not an image manifest or index (content type text/html)');
  });

  it('rejects malformed manifest JSON naming the field', async () => {
    answerManifest(
      () =>
        new HttpResponse(JSON.stringify({ schemaVersion: 2, config: { digest: 42 } }), {
          headers: { 'content-type': MEDIA_TYPES.ociManifest },
        }),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain('malformed: config.digest');
  });

  it('rejects content that does not match the announced digest', async () => {
    const image = simpleImage(LABELS);
    answerManifest(
      () =>
        new HttpResponse(image.manifest.body, {
          headers: {
            'content-type': MEDIA_TYPES.ociManifest,
            'docker-content-digest': digestOf('something else'),
          },
        }),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain('does not match digest');
  });

  it('rejects a config blob whose content does not match its digest', async () => {
    const image = simpleImage(LABELS);
    server.use(
      http.get(
        `${ORIGIN}/v2/${REPO}/manifests/:ref`,
        () => new HttpResponse(image.manifest.body, { headers: { 'content-type': MEDIA_TYPES.ociManifest } }),
      ),
      http.get(`${ORIGIN}/v2/${REPO}/blobs/:digest`, () => new HttpResponse(configBlob({ evil: 'x' }).body)),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain(
      'config blob of reg.example/team/model:1.0: content does not match digest',
    );
  });

  it('rejects labels that are not strings', async () => {
    const config = {
      body: JSON.stringify({ config: { Labels: { a: 1 } } }),
      mediaType: MEDIA_TYPES.ociConfig,
    };
    const withDigest = { ...config, digest: digestOf(config.body) };
    const manifest = imageManifest(withDigest);
    serveImage({ config: withDigest, manifest });
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain('config.Labels.a');
  });

  it('rejects an artifact that is not a container image', async () => {
    const config = configBlob({});
    const manifest = imageManifest(config, { configMediaType: 'application/vnd.cncf.helm.config.v1+json' });
    serveImage({ config, manifest });
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain('is not a container image');
  });

  it('refuses oversized manifests whether announced or streamed', async () => {
    const big = JSON.stringify({ schemaVersion: 2, padding: 'x'.repeat(5000) });
    answerManifest(() => new HttpResponse(big, { headers: { 'content-type': MEDIA_TYPES.ociManifest } }));
    const announced = await failure(new RegistryClient({ maxManifestBytes: 1000 }).inspect(ref()));
    expect(announced.message).toContain('over the 1000-byte limit');

    answerManifest(() => {
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(500)));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': MEDIA_TYPES.ociManifest } });
    });
    const streamed = await failure(new RegistryClient({ maxManifestBytes: 1000 }).inspect(ref()));
    expect(streamed.message).toContain('over the 1000-byte limit');
  });

  it('gives up after too many redirects', async () => {
    answerManifest(
      () =>
        new HttpResponse(null, { status: 302, headers: { location: `${ORIGIN}/v2/${REPO}/manifests/loop` } }),
    );
    const error = await failure(new RegistryClient().inspect(ref()));
    expect(error.message).toContain('more than 5 redirects');
  });

  it('times out a registry that does not answer', async () => {
    answerManifest(() => new Promise<Response>(() => {}) as unknown as Response);
    const error = await failure(new RegistryClient({ requestTimeoutMs: 100 }).inspect(ref()));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe('registry reg.example did not answer within 100 ms');
  });
});
