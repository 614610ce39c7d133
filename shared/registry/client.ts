/**
 * Reads an image's labels from its registry without pulling layers (knative-kserve.md §6.1):
 * manifest or image index → (platform manifest) → config blob → `config.Labels`, plus the
 * manifest/index annotations. Every document is size-bounded and digest-verified.
 */
import { RegistryAuthenticator } from './auth.ts';
import { authorizedGet } from './authorized-get.ts';
import type { RegistryCredentials } from './credentials.ts';
import { sha256Digest, verifyDigest } from './digest.ts';
import {
  ConfigSchema,
  firstIssue,
  type ImageIndex,
  type ImageManifest,
  IndexSchema,
  ManifestSchema,
  parseJson,
} from './documents.ts';
import { RegistryError } from './errors.ts';
import type { HostLimiter } from './host-limiter.ts';
import {
  emptyRequestCounts,
  type RegistryRequestCounts,
  type RequestCategory,
  readBody,
  type SendResult,
} from './http.ts';
import {
  baseMediaType,
  CONFIG_MEDIA_TYPES,
  IMAGE_MANIFEST_MEDIA_TYPES,
  INDEX_MEDIA_TYPES,
  MANIFEST_ACCEPT,
} from './media-types.ts';
import { DEFAULT_PLATFORM, describePlatforms, type Platform, selectPlatform } from './platform.ts';
import { describeReference, manifestReference, type RegistryReference } from './reference.ts';
import { failForStatus } from './responses.ts';
import { registrySettingsFromEnv } from './settings.ts';

export interface ImageInspection {
  /** Digest of the image manifest the labels come from (the platform's, for an index). */
  digest: string;
  /** Digest of the index, when the reference resolved to one. */
  indexDigest?: string;
  /** `config.Labels` (or legacy `container_config.Labels`); `{}` when the image has none. */
  labels: Record<string, string>;
  /** Index annotations with the image manifest's on top. */
  annotations: Record<string, string>;
}

export interface RegistryClientOptions {
  /** Per HTTP request. Default AIM_REGISTRY_TIMEOUT_MS, else 10 s. */
  requestTimeoutMs?: number;
  /** For the whole inspection, all round trips included. Default 30 s, at least 3 requests' worth. */
  inspectionTimeoutMs?: number;
  /** Default 4 MiB (distribution's own manifest limit). */
  maxManifestBytes?: number;
  /** Default 8 MiB. */
  maxConfigBytes?: number;
  /** Default 1 MiB. */
  maxTokenBytes?: number;
  platform?: Platform;
  authenticator?: RegistryAuthenticator;
  /** Per-host concurrency. Default: the process's (AIM_REGISTRY_CONCURRENCY). */
  limiter?: HostLimiter;
}

const MiB = 1024 * 1024;

interface Session {
  ref: RegistryReference;
  credentials: RegistryCredentials | undefined;
  authorization: string | undefined;
  signal: AbortSignal;
}

interface Fetched {
  body: Buffer;
  mediaType: string;
  digestHeader: string | null;
}

export class RegistryClient {
  /** Requests sent since creation, per category. */
  readonly counts: RegistryRequestCounts = emptyRequestCounts();
  readonly #requestTimeoutMs: number;
  readonly #inspectionTimeoutMs: number;
  readonly #maxManifestBytes: number;
  readonly #maxConfigBytes: number;
  readonly #maxTokenBytes: number;
  readonly #platform: Platform;
  readonly #auth: RegistryAuthenticator;
  readonly #limiter: HostLimiter | undefined;

  constructor(options: RegistryClientOptions = {}) {
    this.#limiter = options.limiter;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? registrySettingsFromEnv().timeoutMs;
    this.#inspectionTimeoutMs = options.inspectionTimeoutMs ?? Math.max(30_000, 3 * this.#requestTimeoutMs);
    this.#maxManifestBytes = options.maxManifestBytes ?? 4 * MiB;
    this.#maxConfigBytes = options.maxConfigBytes ?? 8 * MiB;
    this.#maxTokenBytes = options.maxTokenBytes ?? MiB;
    this.#platform = options.platform ?? DEFAULT_PLATFORM;
    this.#auth = options.authenticator ?? new RegistryAuthenticator();
  }

  async inspect(ref: RegistryReference, credentials?: RegistryCredentials): Promise<ImageInspection> {
    const session: Session = {
      ref,
      credentials,
      authorization: undefined,
      signal: AbortSignal.timeout(this.#inspectionTimeoutMs),
    };
    session.authorization = this.#auth.initialAuthorization(this.#authContext(session));

    const reference = manifestReference(ref);
    const top = await this.#fetchManifest(session, reference, ref.digest);
    if (INDEX_MEDIA_TYPES.includes(top.mediaType)) {
      const index = this.#parseIndex(ref, top.body);
      const entry = selectPlatform(index.manifests, this.#platform);
      if (entry === undefined) {
        const wanted = `${this.#platform.os}/${this.#platform.architecture}`;
        throw new RegistryError(
          'not-found',
          `image index ${describeReference(ref)} has no ${wanted} image (platforms: ${describePlatforms(index.manifests)})`,
        );
      }
      const image = await this.#fetchManifest(session, entry.digest, entry.digest);
      if (!IMAGE_MANIFEST_MEDIA_TYPES.includes(image.mediaType)) {
        throw new RegistryError(
          'invalid-response',
          `image index ${describeReference(ref)}: entry ${entry.digest} is not an image manifest (${image.mediaType || 'no media type'})`,
        );
      }
      const inspection = await this.#inspectManifest(session, image.body, entry.digest, index.annotations);
      inspection.indexDigest = digestOf(top);
      return inspection;
    }
    return this.#inspectManifest(session, top.body, digestOf(top), undefined);
  }

  async #inspectManifest(
    session: Session,
    body: Buffer,
    digest: string,
    indexAnnotations: Record<string, string> | undefined,
  ): Promise<ImageInspection> {
    const manifest = this.#parseManifest(session.ref, body);
    const configType = manifest.config.mediaType;
    if (configType !== undefined && !CONFIG_MEDIA_TYPES.includes(baseMediaType(configType))) {
      throw new RegistryError(
        'invalid-response',
        `${describeReference(session.ref)} is not a container image (config media type ${configType})`,
      );
    }
    const labels = await this.#fetchLabels(session, manifest.config.digest);
    return { digest, labels, annotations: { ...indexAnnotations, ...manifest.annotations } };
  }

  #parseIndex(ref: RegistryReference, body: Buffer): ImageIndex {
    const parsed = IndexSchema().safeParse(parseJson(body));
    if (!parsed.success) {
      throw new RegistryError(
        'invalid-response',
        `image index of ${describeReference(ref)} is malformed: ${firstIssue(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  #parseManifest(ref: RegistryReference, body: Buffer): ImageManifest {
    const parsed = ManifestSchema().safeParse(parseJson(body));
    if (!parsed.success) {
      throw new RegistryError(
        'invalid-response',
        `manifest of ${describeReference(ref)} is malformed: ${firstIssue(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  async #fetchManifest(
    session: Session,
    reference: string,
    expectedDigest: string | undefined,
  ): Promise<Fetched> {
    const { ref } = session;
    const what = `manifest of ${describeReference(ref)}${reference !== manifestReference(ref) ? ` (${reference})` : ''}`;
    const url = this.#url(ref, `manifests/${reference}`);
    const { response } = await this.#get(session, url, 'manifest', { accept: MANIFEST_ACCEPT });
    if (response.status !== 200) await failForStatus(response, what, ref.host);
    const digestHeader = response.headers.get('docker-content-digest');
    let mediaType = baseMediaType(response.headers.get('content-type'));
    const body = await readBody(response, this.#maxManifestBytes, what, ref.host);
    if (!INDEX_MEDIA_TYPES.includes(mediaType) && !IMAGE_MANIFEST_MEDIA_TYPES.includes(mediaType)) {
      // Some registries answer `application/json`; the document may still say what it is.
      const declared = (parseJson(body) as { mediaType?: unknown } | undefined)?.mediaType;
      const fromBody = typeof declared === 'string' ? baseMediaType(declared) : '';
      if (!INDEX_MEDIA_TYPES.includes(fromBody) && !IMAGE_MANIFEST_MEDIA_TYPES.includes(fromBody)) {
        throw new RegistryError(
          'invalid-response',
          `${what}: the registry's answer is not an image manifest or index (content type ${mediaType || 'none'})`,
        );
      }
      mediaType = fromBody;
    }
    // By digest the content must hash to it; by tag, to the digest the registry announces.
    const expected =
      expectedDigest ??
      (digestHeader && /^[a-z0-9]+:[a-f0-9]{32,}$/i.test(digestHeader) ? digestHeader : undefined);
    if (expected !== undefined) verifyDigest(body, expected, what);
    return { body, mediaType, digestHeader: expected ?? null };
  }

  async #fetchLabels(session: Session, digest: string): Promise<Record<string, string>> {
    const { ref } = session;
    const what = `config blob of ${describeReference(ref)}`;
    const { response } = await this.#get(session, this.#url(ref, `blobs/${digest}`), 'blob', {});
    if (response.status !== 200) await failForStatus(response, what, ref.host);
    const body = await readBody(response, this.#maxConfigBytes, what, ref.host);
    verifyDigest(body, digest, what);
    const parsed = ConfigSchema().safeParse(parseJson(body));
    if (!parsed.success) {
      throw new RegistryError('invalid-response', `${what} is malformed: ${firstIssue(parsed.error)}`);
    }
    return { ...(parsed.data.config?.Labels ?? parsed.data.container_config?.Labels ?? {}) };
  }

  #url(ref: RegistryReference, path: string): URL {
    return new URL(`${ref.scheme}://${ref.host}/v2/${ref.repository}/${path}`);
  }

  #authContext(session: Session) {
    return {
      host: session.ref.host,
      repository: session.ref.repository,
      credentials: session.credentials,
      counts: this.counts,
      timeoutMs: this.#requestTimeoutMs,
      maxTokenBytes: this.#maxTokenBytes,
      signal: session.signal,
      ...(this.#limiter ? { limiter: this.#limiter } : {}),
    };
  }

  /** GET with the session's authorization; one challenge round trip on 401. */
  #get(
    session: Session,
    url: URL,
    category: RequestCategory,
    headers: Record<string, string>,
  ): Promise<SendResult> {
    return authorizedGet(this.#auth, this.#authContext(session), session, url, category, headers);
  }
}

function digestOf(fetched: Fetched): string {
  return fetched.digestHeader ?? sha256Digest(fetched.body);
}
