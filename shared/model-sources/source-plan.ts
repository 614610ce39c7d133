/**
 * The pure core of a model source (spec §13): from the filters' outcomes and the models the
 * source created before, which images are new, which of them fit under `maxModels` (existing +
 * new never exceeds it; models are never deleted), and the counts the status reports.
 * Candidates are taken filter by filter, repositories in name order, newest version first.
 */

import type { FilterOutcome } from './list-filters.ts';
import { compareSemVer, parseSemVer } from './semver.ts';
import { imageUri, type SourceImage } from './source-image.ts';

export interface SourcePlan {
  /** Every distinct image the filters matched, in candidate order. */
  matched: SourceImage[];
  /** The new images to create models for. */
  create: SourceImage[];
  /** existing + created. */
  discovered: number;
  /** Distinct images matched. */
  available: number;
  limitReached: boolean;
}

/** Newest first: semver tags by precedence (descending), then other tags by name. */
export function compareTagsNewestFirst(a: string, b: string): number {
  const va = parseSemVer(a);
  const vb = parseSemVer(b);
  if (va && vb) return compareSemVer(vb, va) || (a < b ? -1 : a > b ? 1 : 0);
  if (va || vb) return va ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function candidateOrder(images: readonly SourceImage[]): SourceImage[] {
  return [...images].sort(
    (a, b) =>
      (a.repository < b.repository ? -1 : a.repository > b.repository ? 1 : 0) ||
      compareTagsNewestFirst(a.tag, b.tag),
  );
}

export function planSource(
  outcomes: readonly FilterOutcome[],
  existingImages: readonly string[],
  maxModels: number,
): SourcePlan {
  const seen = new Set<string>();
  const matched: SourceImage[] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) continue;
    for (const image of candidateOrder(outcome.images)) {
      const uri = imageUri(image);
      if (seen.has(uri)) continue;
      seen.add(uri);
      matched.push(image);
    }
  }
  const existing = new Set(existingImages);
  const room = Math.max(0, maxModels - existingImages.length);
  const create = matched.filter((image) => !existing.has(imageUri(image))).slice(0, room);
  const discovered = existingImages.length + create.length;
  return {
    matched,
    create,
    discovered,
    available: matched.length,
    limitReached: matched.length > discovered,
  };
}
