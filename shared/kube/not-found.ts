import { KubeError } from './errors.ts';
import { resourceInfo } from './resources.ts';
import type { ObjectKey } from './types.ts';

/** The NotFound a GET would have answered, for reads answered from memory (`source` says which). */
export function notFoundError(key: ObjectKey, source: string): KubeError {
  const { plural } = resourceInfo(key);
  return new KubeError({
    reason: 'NotFound',
    statusCode: 404,
    retryable: false,
    message: `GET (${source}): 404 NotFound: ${plural} "${key.name}" not found`,
    details: { message: `${plural} "${key.name}" not found`, statusReason: 'NotFound' },
  });
}
