/**
 * What a failed container's log or an image pull message says about the failure (spec §10.8):
 * a missing model source, denied access, a full disk, or an infrastructure problem worth retrying.
 */
import { SHARED_REASONS } from '../constants/conditions.ts';
import { POD_REASONS } from '../constants/pod-conditions.ts';
import { ERROR_CATEGORIES, type ErrorCategory } from '../reconcile/categorize.ts';

export interface LogClassification {
  category: ErrorCategory;
  /** Undefined for infrastructure matches: the caller falls back to the termination reason. */
  reason?: string;
  /** The log line that matched. */
  line: string;
}

interface PatternGroup {
  category: ErrorCategory;
  reason?: string;
  patterns: readonly RegExp[];
}

// Groups are tried in this order; within a group, lines in log order. All case-insensitive.
const LOG_PATTERN_GROUPS: readonly PatternGroup[] = [
  {
    category: ERROR_CATEGORIES.infrastructure,
    patterns: [
      /RBAC:.*not found/i,
      /clusterrole.*not found/i,
      /forbidden.*cannot.*resource/i,
      /serviceaccount.*cannot/i,
    ],
  },
  {
    category: ERROR_CATEGORIES.invalidSpec,
    reason: POD_REASONS.sourceNotFound,
    patterns: [
      /Repository Not Found/i,
      /RepositoryNotFoundError/i,
      /404.*not.*found/i,
      /not.*found.*404/i,
      /NoSuchKey/i,
      /NoSuchBucket/i,
      /model.*not.*found/i,
      /file.*not.*found/i,
      /s3.*404/i,
    ],
  },
  {
    category: ERROR_CATEGORIES.auth,
    reason: POD_REASONS.authError,
    patterns: [
      /access.*denied.*s3/i,
      /s3.*403/i,
      /InvalidAccessKeyId/i,
      /SignatureDoesNotMatch/i,
      /s3.*unauthorized/i,
      /aws.*credentials.*not.*found/i,
      /NoCredentialProviders/i,
      /Access to model .* is restricted/i,
      /Cannot access gated repo/i,
      /Invalid.*token.*huggingface/i,
      /huggingface.*authentication.*failed/i,
      /401.*Unauthorized.*hf\.co/i,
      /403.*Forbidden.*hf\.co/i,
    ],
  },
  {
    category: ERROR_CATEGORIES.resourceExhaustion,
    reason: POD_REASONS.storageFull,
    patterns: [/no space left on device/i, /disk.*full/i, /ENOSPC/i, /quota.*exceeded/i, /storage.*full/i],
  },
];

function logLines(log: string): string[] {
  return log
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first pattern group with a matching line, or undefined when nothing matches. */
export function classifyFailureLog(log: string): LogClassification | undefined {
  const lines = logLines(log);
  for (const group of LOG_PATTERN_GROUPS) {
    for (const line of lines) {
      if (group.patterns.some((pattern) => pattern.test(line))) {
        const match: LogClassification = { category: group.category, line };
        if (group.reason !== undefined) match.reason = group.reason;
        return match;
      }
    }
  }
  return undefined;
}

/** The last `count` non-empty lines, for a log excerpt when no pattern matched. */
export function lastLogLines(log: string, count: number): string[] {
  return logLines(log).slice(-count);
}

export interface ImagePullClassification {
  category: ErrorCategory;
  reason: string;
}

const IMAGE_PULL_AUTH = /unauthorized|authentication|\b401\b|\b403\b|forbidden|denied|credentials/i;
const IMAGE_PULL_NOT_FOUND = /not found|\b404\b|manifest unknown|name unknown|no such/i;

/** An `ErrImagePull` / `ImagePullBackOff` message: denied access, a missing image, or anything else. */
export function classifyImagePullMessage(message: string): ImagePullClassification {
  if (IMAGE_PULL_AUTH.test(message)) {
    return { category: ERROR_CATEGORIES.auth, reason: SHARED_REASONS.imagePullAuthFailure };
  }
  if (IMAGE_PULL_NOT_FOUND.test(message)) {
    return { category: ERROR_CATEGORIES.missingUpstreamDependency, reason: SHARED_REASONS.imageNotFound };
  }
  return { category: ERROR_CATEGORIES.infrastructure, reason: SHARED_REASONS.imagePullBackOff };
}
