/**
 * A function's object cache: one informer per kind its definition reads on every reconcile, none
 * when it informs nothing or the client cannot watch (the tests' plain fake). It reads live until
 * the function warms it up (warm-up.ts).
 */
import { ObjectCache } from '../cache/object-cache.ts';
import type { KubeClient } from '../kube/types.ts';
import type { Logger } from '../observability/logger.ts';
import type { FunctionDefinition } from './function-types.ts';

export function functionCache(
  definition: FunctionDefinition,
  client: KubeClient,
  fieldManager: string,
  log: Logger,
  onChange: () => void,
): ObjectCache | undefined {
  const kinds = definition.informedKinds ?? [];
  if (kinds.length === 0 || client.watch === undefined) return undefined;
  return new ObjectCache(client, kinds, {
    fieldManager,
    warmFirst: true,
    onChange,
    onRelist: (gvk, err) =>
      log.info({ kind: gvk.kind, err: String(err) }, 'watch expired; listing the kind again'),
    onError: (gvk, err) =>
      log.warn(
        { kind: gvk.kind, err: String(err) },
        'watch of kind failed; retrying (once listed, reads keep coming from what the cache holds)',
      ),
  });
}
