/**
 * Image references as the OCI distribution API needs them (distribution's reference grammar):
 * which host to talk to, over which scheme, which repository and which tag or digest. Docker Hub
 * short names are normalised (`ubuntu` → `docker.io/library/ubuntu`, served by
 * `registry-1.docker.io`). Plain HTTP is used only for loopback registries (local tests);
 * everything else is HTTPS.
 */
import { RegistryError } from './errors.ts';

export const DOCKER_HUB_DOMAIN = 'docker.io';
export const DOCKER_HUB_HOST = 'registry-1.docker.io';
export const DOCKER_HUB_ALIASES: ReadonlySet<string> = new Set([
  DOCKER_HUB_DOMAIN,
  'index.docker.io',
  'registry-1.docker.io',
  'registry.hub.docker.com',
]);
const OFFICIAL_IMAGE_PREFIX = 'library/';
export const DEFAULT_TAG = 'latest';
const MAX_NAME_LENGTH = 255;

const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = new RegExp(
  `^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?$`,
);
/** TCP's port range; distribution's grammar allows any digits, but no other port can be dialled. */
const MAX_PORT = 65535;
const PORT = /:([0-9]+)$/;
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}$/;

export interface RegistryReference {
  /** The reference as written. */
  image: string;
  /** Registry name as credentials refer to it (`docker.io` for Docker Hub), with port. */
  domain: string;
  /** Host (and port) to connect to. */
  host: string;
  scheme: 'https' | 'http';
  /** Repository path, `library/` included for official Docker Hub images. */
  repository: string;
  tag?: string;
  digest?: string;
}

/** What goes after `/manifests/`: the digest when there is one, else the tag. */
export function manifestReference(ref: RegistryReference): string {
  return ref.digest ?? ref.tag ?? DEFAULT_TAG;
}

/** `host/repository[:tag][@digest]`, for messages. */
export function describeReference(ref: RegistryReference): string {
  return `${ref.domain}/${ref.repository}${ref.tag ? `:${ref.tag}` : ''}${ref.digest ? `@${ref.digest}` : ''}`;
}

/** A reference that cannot parse; `why` is the rule it breaks, for messages that name the field. */
export class InvalidReferenceError extends RegistryError {
  readonly why: string;

  constructor(image: string, why: string) {
    super('invalid-reference', `invalid image reference "${image}": ${why}`);
    this.name = 'InvalidReferenceError';
    this.why = why;
  }
}

export function isInvalidReference(err: unknown): err is InvalidReferenceError {
  return err instanceof InvalidReferenceError;
}

const MAX_QUOTED = 120;

/** A value as a message quotes it: JSON-escaped (control characters visible), long values cut. */
export function quoteValue(value: string): string {
  const quoted = JSON.stringify(value);
  return quoted.length > MAX_QUOTED ? `${quoted.slice(0, MAX_QUOTED - 3)}…"` : quoted;
}

/** Why the port of a host matching DOMAIN cannot be reached, when it cannot. */
function portProblem(hostWithPort: string): string | undefined {
  const port = PORT.exec(hostWithPort)?.[1];
  if (port === undefined) return undefined;
  const value = Number(port);
  return value >= 1 && value <= MAX_PORT ? undefined : `registry port ${port} is outside 1-${MAX_PORT}`;
}

/** Why `registry` (a host with an optional port, as `spec.registry` holds it) cannot be listed. */
export function registryHostProblem(field: string, registry: string): string | undefined {
  const host = registry.trim().replace(/\/+$/, '');
  if (!DOMAIN.test(host)) {
    return `${field} ${quoteValue(registry)} is not a registry host (host[:port], e.g. ghcr.io or registry.example.com:5000)`;
  }
  const port = portProblem(host);
  return port === undefined ? undefined : `${field} ${quoteValue(registry)} is not a registry host: ${port}`;
}

/**
 * Why `image`, written in `field`, cannot be used: `spec.image "A B" is not a valid image
 * reference: contains whitespace`; undefined when it parses. No registry is contacted.
 */
export function referenceProblem(field: string, image: string): string | undefined {
  try {
    parseRegistryReference(image);
    return undefined;
  } catch (err) {
    const why = isInvalidReference(err) ? err.why : String(err);
    return `${field} ${quoteValue(image)} is not a valid image reference: ${why}`;
  }
}

function invalid(image: string, why: string): RegistryError {
  return new InvalidReferenceError(image, why);
}

/** The host part without the port (IPv6 brackets removed). */
export function hostName(hostWithPort: string): string {
  if (hostWithPort.startsWith('[')) return hostWithPort.slice(1, hostWithPort.indexOf(']'));
  const colon = hostWithPort.lastIndexOf(':');
  return colon >= 0 ? hostWithPort.slice(0, colon) : hostWithPort;
}

/** Loopback registries (local test registries) are the only ones reached over plain HTTP. */
export function isLoopbackHost(hostWithPort: string): boolean {
  const name = hostName(hostWithPort).toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** Distribution's rule: the first component names a registry if it looks like a host. */
function looksLikeDomain(component: string): boolean {
  return (
    component.includes('.') ||
    component.includes(':') ||
    component === 'localhost' ||
    component.toLowerCase() !== component
  );
}

export function parseRegistryReference(image: string): RegistryReference {
  const text = image.trim();
  if (text === '') throw invalid(image, 'empty reference');
  if (/\s/.test(text)) throw invalid(image, 'contains whitespace');

  let remainder = text;
  let digest: string | undefined;
  const at = remainder.indexOf('@');
  if (at >= 0) {
    digest = remainder.slice(at + 1);
    remainder = remainder.slice(0, at);
    if (!DIGEST.test(digest)) throw invalid(image, `malformed digest "${digest}"`);
  }
  let tag: string | undefined;
  const lastSlash = remainder.lastIndexOf('/');
  const colon = remainder.indexOf(':', lastSlash + 1);
  if (colon >= 0) {
    tag = remainder.slice(colon + 1);
    remainder = remainder.slice(0, colon);
    if (!TAG.test(tag)) throw invalid(image, `malformed tag "${tag}"`);
  }

  const firstSlash = remainder.indexOf('/');
  const first = firstSlash >= 0 ? remainder.slice(0, firstSlash) : '';
  let domain = DOCKER_HUB_DOMAIN;
  let path = remainder;
  if (firstSlash >= 0 && looksLikeDomain(first)) {
    if (!DOMAIN.test(first)) throw invalid(image, `malformed registry host "${first}"`);
    const port = portProblem(first);
    if (port !== undefined) throw invalid(image, port);
    domain = DOCKER_HUB_ALIASES.has(first.toLowerCase()) ? DOCKER_HUB_DOMAIN : first;
    path = remainder.slice(firstSlash + 1);
  }
  if (path === '') throw invalid(image, 'empty repository');
  if (path.toLowerCase() !== path) throw invalid(image, 'repository name must be lowercase');
  for (const component of path.split('/')) {
    if (!PATH_COMPONENT.test(component))
      throw invalid(image, `malformed repository component "${component}"`);
  }
  if (domain === DOCKER_HUB_DOMAIN && !path.includes('/')) path = `${OFFICIAL_IMAGE_PREFIX}${path}`;
  if (domain.length + 1 + path.length > MAX_NAME_LENGTH) {
    throw invalid(image, `repository name longer than ${MAX_NAME_LENGTH} characters`);
  }

  const host = domain === DOCKER_HUB_DOMAIN ? DOCKER_HUB_HOST : domain;
  const ref: RegistryReference = {
    image,
    domain,
    host,
    scheme: isLoopbackHost(host) ? 'http' : 'https',
    repository: path,
  };
  if (tag !== undefined) ref.tag = tag;
  if (digest !== undefined) ref.digest = digest;
  if (tag === undefined && digest === undefined) ref.tag = DEFAULT_TAG;
  return ref;
}
