import { DEFAULT_IMAGE_REGISTRY } from '../constants/limits.ts';
import { goToLower } from './go-strings.ts';

/** Image reference parsing for auto-created model names (spec §14.3). */

export const IMPLICIT_TAG = 'latest';
/** A digest reference uses this many hex characters of the digest as its "tag". */
export const DIGEST_TAG_LENGTH = 6;

export type ImageReferenceErrorCode =
  | 'EmptyImage'
  | 'EmptyTag'
  | 'EmptyDigest'
  | 'MalformedDigest'
  | 'EmptyName';

export class ImageReferenceError extends Error {
  readonly code: ImageReferenceErrorCode;
  readonly image: string;

  constructor(code: ImageReferenceErrorCode, image: string, message: string) {
    super(`invalid image reference "${image}": ${message}`);
    this.name = 'ImageReferenceError';
    this.code = code;
    this.image = image;
  }
}

export interface ParsedImageReference {
  /** First path segment when it looks like a host (`.`, `:` or `localhost`), else `docker.io`. */
  registry: string;
  /** The path without the registry and without tag/digest, as written. */
  repository: string;
  /** Sanitized last path segment. */
  name: string;
  /** Sanitized tag, or the first 6 hex characters of the digest, or `latest`. */
  tag: string;
}

/** Lower-case, runs of `[^a-z0-9-]` and dashes collapse to one `-`, dashes trimmed. */
export function sanitizeImagePart(s: string): string {
  return goToLower(s)
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function looksLikeRegistry(segment: string): boolean {
  return segment.includes('.') || segment.includes(':') || segment === 'localhost';
}

/** The digest's first hex characters; the digest must be `<algorithm>:<hex>`. */
function digestTag(image: string, digest: string): string {
  if (digest === '') throw new ImageReferenceError('EmptyDigest', image, 'empty digest');
  const colon = digest.indexOf(':');
  const hex = colon < 0 ? '' : digest.slice(colon + 1);
  if (colon <= 0 || !new RegExp(`^[0-9a-fA-F]{${DIGEST_TAG_LENGTH},}$`).test(hex)) {
    throw new ImageReferenceError('MalformedDigest', image, `malformed digest "${digest}"`);
  }
  return hex.slice(0, DIGEST_TAG_LENGTH);
}

export function parseImageReference(image: string): ParsedImageReference {
  if (image.trim() === '') throw new ImageReferenceError('EmptyImage', image, 'empty image');

  const segments = image.split('/');
  const hasRegistry = segments.length > 1 && looksLikeRegistry(segments[0]!);
  const registry = hasRegistry ? segments[0]! : DEFAULT_IMAGE_REGISTRY;
  const pathSegments = hasRegistry ? segments.slice(1) : segments;
  const last = pathSegments.at(-1) ?? '';

  let nameWithTag = last;
  let tag: string;
  const at = last.indexOf('@');
  if (at >= 0) {
    nameWithTag = last.slice(0, at);
    tag = digestTag(image, last.slice(at + 1));
  } else {
    const colon = last.indexOf(':');
    if (colon >= 0) {
      tag = last.slice(colon + 1);
      if (tag === '') throw new ImageReferenceError('EmptyTag', image, 'empty tag');
    } else {
      tag = IMPLICIT_TAG;
    }
  }
  // `name:tag@digest`: the digest identifies the image; the tag is dropped from the name.
  const colon = nameWithTag.indexOf(':');
  const rawName = colon >= 0 ? nameWithTag.slice(0, colon) : nameWithTag;

  const name = sanitizeImagePart(rawName);
  if (name === '') throw new ImageReferenceError('EmptyName', image, 'empty image name after sanitizing');
  const sanitizedTag = sanitizeImagePart(tag);
  if (sanitizedTag === '')
    throw new ImageReferenceError('EmptyTag', image, `tag "${tag}" is empty after sanitizing`);
  const repository = [...pathSegments.slice(0, -1), rawName].join('/');
  return { registry, repository, name, tag: sanitizedTag };
}
