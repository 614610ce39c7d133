/**
 * Registry failures as component errors (spec §7.2, quirk 20). Upstream wraps them in an error
 * the state engine does not know, so they count as Unknown: the model turns Degraded with
 * DependenciesReachable=False and is retried with backoff. That visible outcome is kept; the
 * reason says what happened (ImageNotFound, ImagePullAuthFailure, ...). Transport-level problems
 * (unreachable, 5xx, 429) are Infrastructure, which the state engine treats the same way.
 */
import { MODEL_REASONS } from '../constants/model-conditions.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../reconcile/categorize.ts';
import type { RegistryError, RegistryErrorKind } from '../registry/errors.ts';
import { describeReference, type RegistryReference } from '../registry/reference.ts';

const MAPPING: Readonly<Record<RegistryErrorKind, { category: ErrorCategory; reason: string }>> = {
  'invalid-reference': { category: ERROR_CATEGORIES.unknown, reason: MODEL_REASONS.invalidImageReference },
  'not-found': { category: ERROR_CATEGORIES.unknown, reason: MODEL_REASONS.imageNotFound },
  auth: { category: ERROR_CATEGORIES.unknown, reason: MODEL_REASONS.imagePullAuthFailure },
  'rate-limited': {
    category: ERROR_CATEGORIES.infrastructure,
    reason: MODEL_REASONS.imageRegistryRateLimited,
  },
  server: { category: ERROR_CATEGORIES.infrastructure, reason: MODEL_REASONS.imageRegistryError },
  unreachable: { category: ERROR_CATEGORIES.infrastructure, reason: MODEL_REASONS.imageRegistryUnreachable },
  'invalid-response': { category: ERROR_CATEGORIES.unknown, reason: MODEL_REASONS.imageRegistryError },
};

/**
 * The message names the image as well as the registry (issue 14): transport errors only know the
 * host, so the reference is put in front when the message does not already carry it.
 */
export function registryFailure(err: RegistryError, ref?: RegistryReference): StateError {
  const { category, reason } = MAPPING[err.kind];
  const named =
    ref === undefined || err.message.includes(describeReference(ref)) || err.message.includes(ref.image);
  const message = named ? err.message : `image ${ref.image}: ${err.message}`;
  return new StateError(category, reason, message, { cause: err });
}
