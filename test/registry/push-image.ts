/**
 * Pushes test images to a registry through the distribution HTTP API (blob upload POST + PUT,
 * manifest PUT), the way `docker push` does, without any container tooling: a config blob with
 * labels, one empty layer, an OCI manifest — or a multi-arch index with an attestation entry.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { MEDIA_TYPES } from '../../shared/registry/media-types.ts';
import type { LocalRegistry } from './local-registry.ts';

const LAYER_MEDIA_TYPE = 'application/vnd.oci.image.layer.v1.tar+gzip';

export function sha256(body: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

function authHeaders(registry: LocalRegistry): Record<string, string> {
  if (registry.user === undefined) return {};
  const { username, password } = registry.user;
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}

async function expectStatus(response: Response, expected: number, what: string): Promise<void> {
  if (response.status !== expected) {
    throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  }
}

/** Uploads a blob (POST to start, PUT with the digest to finish) and returns its descriptor. */
export async function pushBlob(
  registry: LocalRegistry,
  repository: string,
  body: Uint8Array,
  mediaType: string,
): Promise<{ mediaType: string; digest: string; size: number }> {
  const digest = sha256(body);
  const start = await fetch(`${registry.url}/v2/${repository}/blobs/uploads/`, {
    method: 'POST',
    headers: authHeaders(registry),
  });
  await expectStatus(start, 202, `starting the upload to ${repository}`);
  const location = new URL(start.headers.get('location') ?? '', registry.url);
  location.searchParams.set('digest', digest);
  const finish = await fetch(location, {
    method: 'PUT',
    headers: { ...authHeaders(registry), 'content-type': 'application/octet-stream' },
    body,
  });
  await expectStatus(finish, 201, `finishing the upload to ${repository}`);
  return { mediaType, digest, size: body.byteLength };
}

export async function pushManifest(
  registry: LocalRegistry,
  repository: string,
  reference: string,
  document: object,
  mediaType: string,
): Promise<{ mediaType: string; digest: string; size: number }> {
  const body = Buffer.from(JSON.stringify(document));
  const response = await fetch(`${registry.url}/v2/${repository}/manifests/${reference}`, {
    method: 'PUT',
    headers: { ...authHeaders(registry), 'content-type': mediaType },
    body,
  });
  await expectStatus(response, 201, `pushing the manifest ${repository}:${reference}`);
  return { mediaType, digest: sha256(body), size: body.byteLength };
}

export interface PushedImage {
  digest: string;
  configDigest: string;
}

/** One linux image: config with `labels`, an empty gzip layer, an OCI manifest tagged `reference`. */
export async function pushImage(
  registry: LocalRegistry,
  repository: string,
  reference: string,
  labels: Record<string, string>,
  options: { architecture?: string; annotations?: Record<string, string> } = {},
): Promise<PushedImage> {
  const tar = Buffer.alloc(1024); // an empty tar archive: two zero blocks
  const layer = await pushBlob(registry, repository, gzipSync(tar), LAYER_MEDIA_TYPE);
  const config = {
    architecture: options.architecture ?? 'amd64',
    os: 'linux',
    config: { Labels: labels, Env: ['PATH=/usr/local/bin:/usr/bin:/bin'] },
    rootfs: { type: 'layers', diff_ids: [sha256(tar)] },
  };
  const configBlob = await pushBlob(
    registry,
    repository,
    Buffer.from(JSON.stringify(config)),
    MEDIA_TYPES.ociConfig,
  );
  const manifest = {
    schemaVersion: 2,
    mediaType: MEDIA_TYPES.ociManifest,
    config: configBlob,
    layers: [layer],
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  const pushed = await pushManifest(registry, repository, reference, manifest, MEDIA_TYPES.ociManifest);
  return { digest: pushed.digest, configDigest: configBlob.digest };
}

/**
 * A multi-arch index tagged `tag`: an arm64 image, a BuildKit-style attestation manifest
 * (platform unknown/unknown) listed first, and the amd64 image whose labels a reader must find.
 */
export async function pushMultiArchIndex(
  registry: LocalRegistry,
  repository: string,
  tag: string,
  labels: { amd64: Record<string, string>; arm64: Record<string, string> },
): Promise<{ digest: string; amd64: PushedImage }> {
  const amd64 = await pushImage(registry, repository, `${tag}-amd64`, labels.amd64);
  const arm64 = await pushImage(registry, repository, `${tag}-arm64`, labels.arm64, {
    architecture: 'arm64',
  });
  const attestation = await pushImage(registry, repository, `${tag}-attestation`, {
    'attestation.only': 'true',
  });
  const descriptor = async (reference: string) => {
    const response = await fetch(`${registry.url}/v2/${repository}/manifests/${reference}`, {
      method: 'HEAD',
      headers: { ...authHeaders(registry), accept: MEDIA_TYPES.ociManifest },
    });
    return {
      mediaType: MEDIA_TYPES.ociManifest,
      digest: response.headers.get('docker-content-digest') ?? '',
      size: Number(response.headers.get('content-length') ?? 0),
    };
  };
  const index = {
    schemaVersion: 2,
    mediaType: MEDIA_TYPES.ociIndex,
    manifests: [
      {
        ...(await descriptor(attestation.digest)),
        platform: { os: 'unknown', architecture: 'unknown' },
        annotations: {
          'vnd.docker.reference.type': 'attestation-manifest',
          'vnd.docker.reference.digest': amd64.digest,
        },
      },
      {
        ...(await descriptor(arm64.digest)),
        platform: { os: 'linux', architecture: 'arm64', variant: 'v8' },
      },
      { ...(await descriptor(amd64.digest)), platform: { os: 'linux', architecture: 'amd64' } },
    ],
  };
  const pushed = await pushManifest(registry, repository, tag, index, MEDIA_TYPES.ociIndex);
  return { digest: pushed.digest, amd64 };
}
